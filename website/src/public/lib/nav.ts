/**
 * Whether a nav link belongs to the current page: a section owns its detail pages (/projects/{id} is
 * Projects) and Home is / or /home. Trailing slashes are ignored, as the server does.
 */
export function isCurrent(href: string, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (href === '/') return path === '/' || path === '/home';
  return path === href || path.startsWith(`${href}/`);
}
