import {
  AUTH_MESSAGES,
  type AuthUser,
  isEmail,
  isStaffRole,
  normalizeEmail,
  type UserRoleName,
} from '@atelier/shared';
import { eq } from 'drizzle-orm';
import { type Db, type RawBoolean, statement, writeTransaction } from '../db/client';
import { profiles, users } from '../db/schema';
import { nowIso } from '../db/schema/columns';
import { type PasswordHasher, passwordPolicyProblem } from './password';

/** A refusal with a message for people (the CLI prints it; the API answers it as a 400). */
export class AccountError extends Error {}

export async function findUserByEmail(db: Db, email: string) {
  return (
    await db
      .select()
      .from(users)
      .where(eq(users.email, normalizeEmail(email)))
  )[0];
}

/** The studio has its owner (the first admin: the setup link's, the environment's, or the CLI's). */
export async function hasOwner(db: Db): Promise<boolean> {
  return !!(
    await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.role, 'owner')).limit(1)
  )[0];
}

/**
 * Creates a confirmed account with its profile (the CLI, the admin bootstrap and the setup link: people who
 * own the server, so no confirmation mail). Checks the e-mail and the password policy.
 */
export async function createConfirmedUser(
  db: Db,
  hasher: PasswordHasher,
  input: NewUser & { password: string },
): Promise<{ id: string; email: string }> {
  const email = normalizeEmail(input.email);
  if (!isEmail(email)) throw new AccountError(AUTH_MESSAGES.invalidEmail);
  const problem = passwordPolicyProblem(input.password);
  if (problem) throw new AccountError(problem);
  if (await findUserByEmail(db, email)) throw new AccountError(AUTH_MESSAGES.accountExists);
  const passwordHash = await hasher.hash(input.password);
  // Inserted under the write lock, where the address is checked again: the hash above took a while.
  return await writeTransaction(
    db,
    async () => await insertConfirmedUser(db, { ...input, email, passwordHash }),
  );
}

interface NewUser {
  email: string;
  role?: UserRoleName;
  firstName?: string;
  lastName?: string;
}

/** The insert of `createConfirmedUser`, for callers that hashed already and hold a transaction. */
export async function insertConfirmedUser(
  db: Db,
  input: NewUser & { passwordHash: string },
): Promise<{ id: string; email: string }> {
  const email = normalizeEmail(input.email);
  if (await findUserByEmail(db, email)) throw new AccountError(AUTH_MESSAGES.accountExists);
  if (input.role === 'owner' && (await hasOwner(db))) throw new AccountError(AUTH_MESSAGES.ownerExists);
  const id = crypto.randomUUID();
  await db
    .insert(users)
    .values({ id, email, password_hash: input.passwordHash, email_confirmed_at: nowIso() });
  await db.insert(profiles).values({
    id,
    role: input.role ?? 'user',
    first_name: input.firstName ?? null,
    last_name: input.lastName ?? null,
  });
  return { id, email };
}

/** Whether the account is deactivated (its sign-in and refresh refused). */
export async function isDeactivated(db: Db, userId: string): Promise<boolean> {
  return !!(await db.select({ at: users.deactivated_at }).from(users).where(eq(users.id, userId)))[0]?.at;
}

/** Sets a new password (policy checked by the caller). */
export async function setPasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ password_hash: passwordHash, updated_at: nowIso() })
    .where(eq(users.id, userId));
}

export async function setRole(db: Db, userId: string, role: UserRoleName): Promise<void> {
  await db
    .insert(profiles)
    .values({ id: userId, role })
    .onConflictDoUpdate({ target: profiles.id, set: { role, updated_at: nowIso() } });
}

interface UserRow {
  id: string;
  email: string;
  email_confirmed_at: string | null;
  last_sign_in_at: string | null;
  created_at: string;
  user_updated_at: string;
  first_name: string | null;
  last_name: string | null;
  avatar_url: string | null;
  role: UserRoleName | null;
  notify_reviews: RawBoolean | null;
  notify_inquiries: RawBoolean | null;
  profile_updated_at: string | null;
}
// Read on every sign-in and refresh: prepared once.
const userWithProfile = statement<[string], UserRow>(
  `SELECT u.id, u.email, u.email_confirmed_at, u.last_sign_in_at, u.created_at, u.updated_at AS user_updated_at,
       p.first_name, p.last_name, p.avatar_url, p.role, p.notify_reviews, p.notify_inquiries,
       p.updated_at AS profile_updated_at
     FROM users u LEFT JOIN profiles p ON p.id = u.id WHERE u.id = ?`,
);
const verifiedFactors = statement<[string], AuthUser['factors'][number]>(
  `SELECT id, factor_type, friendly_name, status, created_at, updated_at FROM mfa_factors
     WHERE user_id = ? AND status = 'verified' ORDER BY created_at`,
);

/** The user as the API shows it: account, profile and verified factors. */
export async function loadAuthUser(db: Db, userId: string): Promise<AuthUser | null> {
  const row = await userWithProfile.first(db, userId);
  if (!row) return null;
  const role = row.role ?? 'user';
  return {
    id: row.id,
    email: row.email,
    email_confirmed_at: row.email_confirmed_at,
    last_sign_in_at: row.last_sign_in_at,
    created_at: row.created_at,
    role,
    is_staff: isStaffRole(role),
    profile: {
      id: row.id,
      first_name: row.first_name,
      last_name: row.last_name,
      avatar_url: row.avatar_url,
      role,
      notify_reviews: Boolean(row.notify_reviews),
      notify_inquiries: Boolean(row.notify_inquiries),
      updated_at: row.profile_updated_at ?? row.user_updated_at,
    },
    factors: await verifiedFactors.rows(db, userId),
  };
}
