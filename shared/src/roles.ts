/**
 * Who may do what. A visitor with an account is a `user`; the studio's staff have one of the four staff
 * roles. The server checks every admin operation against `PERMISSIONS`; the admin UI reads the same table to
 * show each role only what it may do.
 */
export const STAFF_ROLES = ['owner', 'admin', 'editor', 'contributor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const USER_ROLES = ['user', ...STAFF_ROLES] as const;
export type UserRoleName = (typeof USER_ROLES)[number];

export const ROLE_LABELS: Record<UserRoleName, string> = {
  owner: 'Owner',
  admin: 'Administrator',
  editor: 'Editor',
  contributor: 'Contributor',
  user: 'Visitor',
};

/** A role in a sentence: "an administrator", "an editor", "a contributor", "the owner". */
export const roleInSentence = (role: UserRoleName) => {
  const label = ROLE_LABELS[role].toLowerCase();
  return role === 'owner' ? 'the owner' : `${/^[aeiou]/.test(label) ? 'an' : 'a'} ${label}`;
};

export const ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  owner: 'Everything, including who is an administrator and who owns the studio.',
  admin: 'Everything but changing administrators and ownership: people, settings, activity.',
  editor: 'Writes, reviews and publishes all content; reads inquiries; manages the media library.',
  contributor: 'Writes drafts and submits them for review; uploads media and edits their own files.',
};

const EDITORS = ['owner', 'admin', 'editor'] as const satisfies readonly StaffRole[];
const ADMINS = ['owner', 'admin'] as const satisfies readonly StaffRole[];

/**
 * Each permission and the roles that hold it. Where a contributor holds one only for what is theirs (their own
 * drafts, their own uploads), the server checks the ownership too.
 */
export const PERMISSIONS = {
  /** Open the admin panel, read content lists, the dashboard, the media library. */
  staff: STAFF_ROLES,
  /** Create and edit content (contributor: own drafts only), submit for review. */
  write: STAFF_ROLES,
  /** Publish, unpublish, review, edit and delete anyone's content. */
  publish: EDITORS,
  /** Upload (contributor: edit and delete own uploads only). */
  upload: STAFF_ROLES,
  /** Folders, other people's files. */
  media: EDITORS,
  /** Clients' inquiries: read, status, export, the new-inquiry notice. */
  inquiries: EDITORS,
  settings: ADMINS,
  activity: ADMINS,
  users: ADMINS,
  /** Change an owner's or admin's role, transfer ownership. */
  ownership: ['owner'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type Permission = keyof typeof PERMISSIONS;

export const isStaffRole = (role: string | null | undefined): role is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(role ?? '');

/** Whether `role` holds `permission`. */
export const can = (role: string | null | undefined, permission: Permission): boolean =>
  (PERMISSIONS[permission] as readonly string[]).includes(role ?? '');

/** Who a team's studio may require a second factor of (site setting). */
export const MFA_REQUIREMENTS = ['none', 'admins', 'staff'] as const;
export type MfaRequirement = (typeof MFA_REQUIREMENTS)[number];

/** Whether the studio's rule requires a second factor of `role`. */
export const mfaRequiredFor = (requirement: MfaRequirement, role: string): boolean =>
  requirement === 'staff' ? isStaffRole(role) : requirement === 'admins' ? can(role, 'settings') : false;
