/** Avatar initials: first letters of first and last name; else the e-mail's first two letters; else "U". */
export function initials(
  profile: { first_name?: string | null; last_name?: string | null },
  email?: string | null,
) {
  const first = profile.first_name?.trim();
  const last = profile.last_name?.trim();
  if (first && last) return `${first[0]}${last[0]}`.toUpperCase();
  const mail = email?.trim();
  if (mail) return mail.slice(0, 2).toUpperCase();
  return 'U';
}
