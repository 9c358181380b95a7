import { z } from 'zod';
import { normalizeEmail } from '../lib/account';
import { AUTH_MESSAGES, PEOPLE_MESSAGES as M } from '../messages';
import { MFA_REQUIREMENTS, STAFF_ROLES } from '../roles';
import { isEmail } from './auth';
import { PageParam, paginated, SearchParam, Timestamp } from './common';

/**
 * The People screen (`/api/admin/users`) and invitations (`/auth/v1/invitations`, docs/auth.md "Staff and
 * roles"): who has access to the admin, and the invitations still waiting.
 */

export const PERSON_STATUSES = ['active', 'invited', 'deactivated'] as const;
export type PersonStatus = (typeof PERSON_STATUSES)[number];

/** The roles an invitation or a role change may give: ownership is only ever transferred. */
export const ASSIGNABLE_ROLES = ['admin', 'editor', 'contributor'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];
const AssignableRole = z.enum(ASSIGNABLE_ROLES, { error: M.roleRequired });

const email = z
  .string({ error: AUTH_MESSAGES.invalidEmail })
  .transform(normalizeEmail)
  .refine(isEmail, AUTH_MESSAGES.invalidEmail);
const password = z.string({ error: M.passwordRequired }).min(1, M.passwordRequired).max(256);
const token = z
  .string({ error: M.invalidInvitation })
  .min(1, M.invalidInvitation)
  .max(200, M.invalidInvitation);

/** One row of the People list: a staff member's account, or an invitation not yet accepted. */
export const Person = z
  .object({
    /** The account's id, or the invitation's. */
    id: z.string(),
    kind: z.enum(['account', 'invitation']),
    email: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    avatar_url: z.string().nullable(),
    role: z.enum(STAFF_ROLES),
    status: z.enum(PERSON_STATUSES),
    /** A verified second factor (always false for an invitation). */
    mfa_enabled: z.boolean(),
    /** The latest sign-in or session refresh. */
    last_active_at: Timestamp.nullable(),
    /** An invitation's link works until then (in the past: expired, resend it). */
    expires_at: Timestamp.nullable(),
    created_at: Timestamp,
  })
  .meta({ id: 'Person' });
export type Person = z.infer<typeof Person>;

export const PeopleListQuery = z.object({
  page: PageParam,
  q: SearchParam,
  role: z.enum(STAFF_ROLES, { error: M.roleFilter }).optional(),
});
export type PeopleListQuery = z.output<typeof PeopleListQuery>;

export const PeopleList = paginated(Person).meta({ id: 'PeopleList' });
export type PeopleList = z.infer<typeof PeopleList>;

export const InviteInput = z.object({ email, role: AssignableRole }).meta({ id: 'InviteInput' });
export type InviteInput = z.output<typeof InviteInput>;

export const ChangeRoleInput = z.object({ role: AssignableRole }).meta({ id: 'ChangeRoleInput' });

export const DeletePersonQuery = z.object({
  /** Who receives the deleted person's projects, posts and files; none: they show as "Former staff". */
  reassign_to: z.string().trim().max(100).optional(),
});

export const TransferOwnershipInput = z
  .object({ user_id: z.string({ error: M.transferTarget }).min(1, M.transferTarget).max(100), password })
  .meta({ id: 'TransferOwnershipInput' });

export const ReauthenticateInput = z.object({ password }).meta({ id: 'ReauthenticateInput' });

/** Whose admin sessions must have verified a second factor: nobody, the owner and admins, all staff. */
export const StaffSecurity = z
  .object({ require_mfa_for: z.enum(MFA_REQUIREMENTS, { error: M.mfaRequirement }) })
  .meta({ id: 'StaffSecurity' });
export type StaffSecurity = z.infer<typeof StaffSecurity>;

/** What an invitation's page shows before it is accepted. */
export const InvitationInfo = z
  .object({
    site_name: z.string(),
    email: z.string(),
    role: z.enum(STAFF_ROLES),
    /** The address has an account: it is accepted by signing in with that account's password. */
    has_account: z.boolean(),
    expires_at: Timestamp,
  })
  .meta({ id: 'InvitationInfo' });
export type InvitationInfo = z.infer<typeof InvitationInfo>;

export const InvitationQuery = z.object({ token: token.optional() });

/**
 * Accepting: a new account's first and last name and password (its policy), or, for an address that has an
 * account, that account's password.
 */
export const AcceptInvitationInput = z
  .object({
    token,
    first_name: z.string().trim().max(100).optional(),
    last_name: z.string().trim().max(100).optional(),
    password,
    password_confirmation: z.string().optional(),
  })
  .meta({ id: 'AcceptInvitationInput' });
export type AcceptInvitationInput = z.output<typeof AcceptInvitationInput>;
