import { z } from 'zod';
import { newPasswordProblem, normalizeEmail } from '../lib/account';
import { AUTH_MESSAGES as M } from '../messages';
import { STAFF_ROLES } from '../roles';
import { plainText, Timestamp } from './common';
import { Profile, UserRole } from './profile';

/**
 * The accounts API (`/auth/v1`, docs/auth.md). Inputs check their fields in a fixed order and stop
 * at the first problem, so a form shows one message: the same schemas serve the server and the screens.
 */

const EMAIL = z.email();
export const isEmail = (email: string) => email.length <= 254 && EMAIL.safeParse(email).success;

const text = (message: string) => z.string({ error: message });
const issue = (ctx: z.RefinementCtx, path: string, message: string) =>
  ctx.addIssue({ code: 'custom', path: [path], message });

const NameField = plainText('Names must be text')
  .max(100, 'Must be at most 100 characters')
  .nullable()
  .transform((value) => (value ? value : null));

/** The e-mail (trimmed, lowercased) and password of a form, '' for a missing one. */
const credentials = <T extends { email?: string; password?: string }>(input: T) => ({
  ...input,
  email: normalizeEmail(input.email ?? ''),
  password: input.password ?? '',
});

/** A new account's credentials, in this order: both given, a valid e-mail, matching passwords, the policy. */
function checkNewAccount(
  input: { email: string; password: string; password_confirmation?: string },
  ctx: z.RefinementCtx,
) {
  if (!input.email || !input.password)
    return issue(ctx, input.email ? 'password' : 'email', M.credentialsRequired);
  if (!isEmail(input.email)) return issue(ctx, 'email', M.invalidEmail);
  if (input.password_confirmation !== undefined && input.password_confirmation !== input.password)
    return issue(ctx, 'password_confirmation', M.passwordsDontMatch);
  const problem = newPasswordProblem(input.password);
  if (problem) issue(ctx, 'password', problem);
}

export const SignUpInput = z
  .object({
    email: text(M.credentialsRequired).optional(),
    password: text(M.credentialsRequired).optional(),
    /** Optional: the form checks it too, but a client that sends it gets the same check here. */
    password_confirmation: z.string().optional(),
    data: z.object({ first_name: NameField.optional(), last_name: NameField.optional() }).optional(),
  })
  .transform(credentials)
  .superRefine(checkNewAccount)
  .meta({ id: 'SignUpInput' });
export type SignUpInput = z.output<typeof SignUpInput>;

export const PasswordGrantInput = z
  .object({
    email: text(M.credentialsRequired).optional(),
    password: text(M.credentialsRequired).optional(),
  })
  .transform(credentials)
  .superRefine((input, ctx) => {
    if (!input.email || !input.password)
      return issue(ctx, input.email ? 'password' : 'email', M.credentialsRequired);
    if (!isEmail(input.email)) issue(ctx, 'email', M.invalidEmail);
  })
  .meta({ id: 'PasswordGrantInput' });
export type PasswordGrantInput = z.output<typeof PasswordGrantInput>;

/** The body of `POST /token`: a password grant's fields or a refresh token (or nothing, in cookie mode). */
export const TokenInput = z
  .object({
    email: z.string().optional(),
    password: z.string().optional(),
    refresh_token: z.string().max(200).optional(),
    /** A password grant from an app that signed in to this account before: the `device_token` it was given. */
    device_token: z.string().max(300).optional(),
  })
  .meta({ id: 'TokenInput' });

export const GrantType = z.enum(['password', 'refresh_token'], {
  error: 'grant_type must be password or refresh_token',
});

export const RecoverInput = z
  .object({ email: text(M.invalidEmail) })
  .transform((input) => ({ email: normalizeEmail(input.email) }))
  .superRefine((input, ctx) => {
    if (!isEmail(input.email)) issue(ctx, 'email', M.invalidEmail);
  })
  .meta({ id: 'RecoverInput' });

export const VerifyType = z.enum(['signup', 'recovery'], { error: M.invalidLink });
export const VerifyInput = z
  .object({ type: VerifyType, token: text(M.invalidLink).min(1, M.invalidLink).max(200, M.invalidLink) })
  .meta({ id: 'VerifyInput' });

export const LogoutScope = z.enum(['local', 'global', 'others'], {
  error: 'scope must be local, global or others',
});

export const UpdateUserInput = z
  .object({
    first_name: NameField.optional(),
    last_name: NameField.optional(),
    /** Only `null` (remove the avatar); a new one comes through `POST /api/profile/avatar`. */
    avatar_url: z.null({ error: 'Upload an avatar through /api/profile/avatar' }).optional(),
    /** E-mail me when a draft is submitted for review (sent only to staff who review). */
    notify_reviews: z.boolean({ error: 'notify_reviews must be true or false' }).optional(),
    /** E-mail me when an inquiry arrives (sent only to staff who may read inquiries). */
    notify_inquiries: z.boolean({ error: 'notify_inquiries must be true or false' }).optional(),
    email: z.unknown().optional(),
    current_password: z.string().optional(),
    password: z.string().optional(),
    password_confirmation: z.string().optional(),
  })
  .superRefine((input, ctx) => {
    if (input.email !== undefined) issue(ctx, 'email', M.emailNotEditable);
  })
  .meta({ id: 'UpdateUserInput' });
export type UpdateUserInput = z.output<typeof UpdateUserInput>;

export const AdminSetupInput = z
  .object({
    token: text(M.invalidSetupLink).min(1, M.invalidSetupLink).max(200, M.invalidSetupLink),
    email: text(M.credentialsRequired).optional(),
    password: text(M.credentialsRequired).optional(),
    password_confirmation: z.string().optional(),
  })
  .transform(credentials)
  .superRefine(checkNewAccount)
  .meta({ id: 'AdminSetupInput' });

export const FactorType = z.enum(['totp', 'phone']);
export const Factor = z
  .object({
    id: z.string(),
    factor_type: FactorType,
    friendly_name: z.string().nullable(),
    status: z.enum(['unverified', 'verified']),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'Factor' });
export type Factor = z.infer<typeof Factor>;

export const EnrolFactorInput = z
  .object({
    factor_type: z.literal('totp', { error: 'Only totp factors are supported' }),
    friendly_name: plainText().max(100, 'Must be at most 100 characters').optional(),
  })
  .meta({ id: 'EnrolFactorInput' });

export const EnrolledFactor = z
  .object({
    id: z.string(),
    type: z.literal('totp'),
    friendly_name: z.string().nullable(),
    totp: z.object({
      /** An SVG QR code as a data URL, for an <img src>. */
      qr_code: z.string(),
      secret: z.string(),
      uri: z.string(),
    }),
  })
  .meta({ id: 'EnrolledFactor' });

export const Challenge = z
  .object({ id: z.string(), type: z.literal('totp'), expires_at: z.number().int() })
  .meta({ id: 'Challenge' });

export const VerifyFactorInput = z
  .object({
    challenge_id: text('challenge_id is required').min(1, 'challenge_id is required'),
    code: text(M.invalidTotp)
      .trim()
      .regex(/^\d{6}$/, M.invalidTotp),
  })
  .meta({ id: 'VerifyFactorInput' });

export const RecoveryCodeInput = z
  .object({ code: text(M.invalidRecoveryCode).trim().min(1, M.invalidRecoveryCode).max(40) })
  .meta({ id: 'RecoveryCodeInput' });

export const DeleteFactorInput = z
  .object({ code: z.string().trim().max(40).optional() })
  .meta({ id: 'DeleteFactorInput' });

export const AuthUser = z
  .object({
    id: z.string(),
    email: z.string(),
    email_confirmed_at: Timestamp.nullable(),
    last_sign_in_at: Timestamp.nullable(),
    created_at: Timestamp,
    role: UserRole,
    /** One of the studio's staff roles: may open the admin panel (what it may do there: `can(role, …)`). */
    is_staff: z.boolean(),
    profile: Profile,
    factors: z.array(Factor),
  })
  .meta({ id: 'AuthUser' });
export type AuthUser = z.infer<typeof AuthUser>;

export const Aal = z.enum(['aal1', 'aal2']);

export const TokenResponse = z
  .object({
    access_token: z.string(),
    token_type: z.literal('bearer'),
    /** Seconds the access token lives. */
    expires_in: z.number().int(),
    /** Unix seconds at which the access token expires. */
    expires_at: z.number().int(),
    /** Only in bearer mode; in cookie mode it is set as the HttpOnly `atelier_refresh` cookie. */
    refresh_token: z.string().optional(),
    /**
     * Only after a password sign-in in bearer mode: keep it and send it back with later password sign-ins to
     * this account, which then have their own attempt limit (a lockout by strangers does not apply).
     */
    device_token: z.string().optional(),
    aal: Aal,
    /** True when the account has a verified factor and this session has not verified it yet. */
    mfa_required: z.boolean(),
    user: AuthUser,
  })
  .meta({ id: 'TokenResponse' });
export type TokenResponse = z.infer<typeof TokenResponse>;

export const MfaVerified = TokenResponse.extend({
  /** Shown once, when a factor is first verified: ten single-use codes for a lost device. */
  recovery_codes: z.array(z.string()).optional(),
}).meta({ id: 'MfaVerified' });

export const SessionInfo = z
  .object({
    id: z.string(),
    created_at: Timestamp,
    refreshed_at: Timestamp.nullable(),
    user_agent: z.string().nullable(),
    ip: z.string().nullable(),
    aal: Aal,
    current: z.boolean(),
  })
  .meta({ id: 'SessionInfo' });
export type SessionInfo = z.infer<typeof SessionInfo>;

export const Message = z.object({ message: z.string() }).meta({ id: 'Message' });

export const AdminMe = z
  .object({
    id: z.string(),
    email: z.string(),
    role: z.enum(STAFF_ROLES),
    aal: Aal,
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    avatar_url: z.string().nullable(),
  })
  .meta({ id: 'AdminMe' });

export const AvatarUploaded = z
  .object({ avatar_url: z.string(), profile: Profile })
  .meta({ id: 'AvatarUploaded' });

/** Names of the cookies and headers of the browser flow (docs/auth.md). */
