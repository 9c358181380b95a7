// The PostgreSQL twin of ../schema/accounts.ts: the same tables, columns, checks and indexes (documented there).
import { STAFF_ROLES, USER_ROLES } from '@atelier/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bool, createdAt, id, oneOf, updatedAt } from './columns';

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text().notNull(),
    password_hash: text(),
    email_confirmed_at: text(),
    last_sign_in_at: text(),
    deactivated_at: text(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    check('users_email_lowercase', sql`${t.email} = lower(trim(${t.email}))`),
  ],
);

export const profiles = pgTable(
  'profiles',
  {
    id: text()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    first_name: text(),
    last_name: text(),
    avatar_url: text(),
    role: text({ enum: USER_ROLES }).notNull().default('user'),
    notify_reviews: bool(false),
    notify_inquiries: bool(false),
    updated_at: updatedAt(),
  },
  (t) => [
    check('profiles_role_check', oneOf(t.role, USER_ROLES)),
    index('profiles_role_idx').on(t.role),
    uniqueIndex('profiles_one_owner').on(t.role).where(sql`${t.role} = 'owner'`),
  ],
);

export const SESSION_METHODS = ['password', 'signup', 'recovery', 'admin_setup'] as const;

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    user_id: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    user_agent: text(),
    ip: text(),
    aal: text({ enum: ['aal1', 'aal2'] })
      .notNull()
      .default('aal1'),
    method: text({ enum: SESSION_METHODS }).notNull().default('password'),
    created_at: createdAt(),
    password_at: text(),
    refreshed_at: text(),
    revoked_at: text(),
  },
  (t) => [
    index('sessions_user_idx').on(t.user_id, t.created_at),
    check('sessions_aal_check', oneOf(t.aal, ['aal1', 'aal2'])),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    session_id: text()
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    token_hash: text().notNull(),
    parent_id: text(),
    created_at: createdAt(),
    rotated_at: text(),
    revoked_at: text(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_unique').on(t.token_hash),
    index('refresh_tokens_session_idx').on(t.session_id),
  ],
);

const ONE_TIME_TOKEN_KINDS = ['confirm_signup', 'recovery', 'admin_setup'] as const;

export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: id(),
    user_id: text().references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: ONE_TIME_TOKEN_KINDS }).notNull(),
    token_hash: text().notNull(),
    password_hash: text(),
    created_at: createdAt(),
    expires_at: text().notNull(),
    used_at: text(),
  },
  (t) => [
    uniqueIndex('one_time_tokens_hash_unique').on(t.token_hash),
    index('one_time_tokens_user_idx').on(t.user_id, t.kind),
    check('one_time_tokens_kind_check', oneOf(t.kind, ONE_TIME_TOKEN_KINDS)),
  ],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    key: text().primaryKey(),
    attempts: integer().notNull().default(0),
    first_attempt_at: text().notNull(),
    locked_until: text(),
    updated_at: updatedAt(),
  },
  (t) => [index('login_attempts_updated_idx').on(t.updated_at)],
);

const MFA_FACTOR_TYPES = ['totp', 'phone'] as const;
const MFA_FACTOR_STATUSES = ['unverified', 'verified'] as const;

export const mfaFactors = pgTable(
  'mfa_factors',
  {
    id: id(),
    user_id: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    factor_type: text({ enum: MFA_FACTOR_TYPES }).notNull(),
    friendly_name: text(),
    secret: text().notNull(),
    status: text({ enum: MFA_FACTOR_STATUSES }).notNull().default('unverified'),
    last_used_step: integer(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('mfa_factors_user_idx').on(t.user_id),
    check('mfa_factors_type_check', oneOf(t.factor_type, MFA_FACTOR_TYPES)),
    check('mfa_factors_status_check', oneOf(t.status, MFA_FACTOR_STATUSES)),
  ],
);

export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: id(),
    factor_id: text()
      .notNull()
      .references(() => mfaFactors.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
    verified_at: text(),
  },
  (t) => [index('mfa_challenges_factor_idx').on(t.factor_id)],
);

export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: id(),
    user_id: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code_hash: text().notNull(),
    created_at: createdAt(),
    used_at: text(),
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.user_id)],
);

export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    email: text().notNull(),
    role: text({ enum: STAFF_ROLES }).notNull(),
    token_hash: text().notNull(),
    invited_by: text().references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    expires_at: text().notNull(),
    accepted_at: text(),
    canceled_at: text(),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_unique').on(t.token_hash),
    index('invitations_email_idx').on(t.email),
    check('invitations_role_check', oneOf(t.role, STAFF_ROLES)),
  ],
);
