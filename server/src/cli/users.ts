import {
  type MfaRequirement,
  normalizeEmail,
  ROLE_LABELS,
  roleInSentence,
  STAFF_ROLES,
  type UserRoleName,
} from '@atelier/shared';
import { asc, eq, sql } from 'drizzle-orm';
import { attemptKey, clearAttempts } from '../auth/lockout';
import { type PasswordHasher, passwordPolicyProblem } from '../auth/password';
import { revokeUserSessions } from '../auth/sessions';
import { AccountError, createConfirmedUser, findUserByEmail, setRole } from '../auth/users';
import { recordAudit } from '../db/audit';
import { type Db, writeTransaction } from '../db/client';
import { profiles, siteSettings, users } from '../db/schema';
import { nowIso } from '../db/schema/columns';

/** The CLI writes as nobody in particular: the activity list shows it as the system. */
const SYSTEM = { id: null };

/** `user:create`: a confirmed account (no mail), a visitor or one of the staff roles. */
export async function createUserCommand(
  db: Db,
  hasher: PasswordHasher,
  input: { email: string; password: string; role: UserRoleName; firstName?: string; lastName?: string },
): Promise<string> {
  const { email } = await createConfirmedUser(db, hasher, input);
  return `Created ${input.role === 'user' ? 'user' : ROLE_LABELS[input.role].toLowerCase()} ${email}.`;
}

/**
 * `user:reset-password`: sets a password (policy checked), confirms the address, signs every session out and
 * lifts a login lockout. For an owner locked out of their own site.
 */
export async function resetPasswordCommand(
  db: Db,
  hasher: PasswordHasher,
  input: { email: string; password: string },
): Promise<string> {
  const user = await findUserByEmail(db, input.email);
  if (!user) throw new AccountError(`No account has the e-mail ${input.email.trim().toLowerCase()}`);
  const problem = passwordPolicyProblem(input.password);
  if (problem) throw new AccountError(problem);
  const hash = await hasher.hash(input.password);
  const signedOut = await writeTransaction(db, async () => {
    await db
      .update(users)
      .set({
        password_hash: hash,
        email_confirmed_at: user.email_confirmed_at ?? nowIso(),
        updated_at: nowIso(),
      })
      .where(eq(users.id, user.id));
    await clearAttempts(db, attemptKey('login', user.email), attemptKey('reset', user.email));
    return await revokeUserSessions(db, user.id);
  });
  return `Set a new password for ${user.email}${signedOut ? ` and signed out ${signedOut} session(s)` : ''}.`;
}

/**
 * `settings:mfa none|admins|staff`: whose admin sessions must have verified a second factor (the People
 * screen's setting). `settings:admin-mfa on|off` is its older name (on: admins).
 */
export async function setMfaRequirement(db: Db, requirement: MfaRequirement): Promise<void> {
  await writeTransaction(db, async () => {
    await db.update(siteSettings).set({ require_mfa_for: requirement }).where(eq(siteSettings.id, 'default'));
    await recordAudit(db, SYSTEM, {
      action: 'update',
      entityType: 'settings',
      entityId: 'default',
      label: `Two-step verification required of: ${requirement} (command line)`,
      changedFields: ['require_mfa_for'],
    });
  });
}

/** `user:list`: every account, staff first (owner, administrators, …), with its role and status. */
export async function listUsersCommand(db: Db): Promise<string> {
  const rank = sql`CASE ${profiles.role} ${sql.join(
    [...STAFF_ROLES, 'user'].map((role, index) => sql`WHEN ${role} THEN ${index}`),
    sql` `,
  )} ELSE 9 END`;
  const rows = await db
    .select({
      email: users.email,
      role: profiles.role,
      confirmed: users.email_confirmed_at,
      deactivated: users.deactivated_at,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .orderBy(rank, asc(users.email));
  if (rows.length === 0) return 'No accounts yet.';
  const lines = rows.map(({ email, role, confirmed, deactivated }) => [
    email,
    ROLE_LABELS[role ?? 'user'],
    deactivated ? 'deactivated' : confirmed ? 'active' : 'unconfirmed',
  ]);
  const widths = [0, 1].map((column) =>
    Math.max(...[['E-mail', 'Role'], ...lines].map((line) => line[column]!.length)),
  );
  return [['E-mail', 'Role', 'Status'], ...lines]
    .map(([email, role, status]) => `${email!.padEnd(widths[0]!)}  ${role!.padEnd(widths[1]!)}  ${status}`)
    .join('\n');
}

/**
 * `user:role --email … --role …`: for whoever runs the server (an owner who lost access, a studio without
 * one). Any role, the owner's included: the owner there was becomes an administrator. The owner's own role
 * changes only that way, so the studio keeps one owner.
 */
export async function setRoleCommand(db: Db, input: { email: string; role: UserRoleName }): Promise<string> {
  const email = normalizeEmail(input.email);
  return await writeTransaction(db, async () => {
    const user = await findUserByEmail(db, email);
    if (!user) throw new AccountError(`No account has the e-mail ${email}`);
    const owner = (await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.role, 'owner')))[0];
    const current =
      (await db.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, user.id)))[0]?.role ??
      'user';
    if (current === input.role) return `${email} is already ${roleInSentence(current)}.`;
    if (current === 'owner')
      throw new AccountError(
        `${email} is the owner: make someone else the owner (--role owner), and ${email} becomes an administrator`,
      );
    let former = '';
    if (input.role === 'owner' && owner) {
      await setRole(db, owner.id, 'admin');
      const email = (await db.select({ email: users.email }).from(users).where(eq(users.id, owner.id)))[0]
        ?.email;
      former = ` ${email} is now an administrator.`;
    }
    await setRole(db, user.id, input.role);
    await recordAudit(db, SYSTEM, {
      action: input.role === 'owner' ? 'transfer' : 'role',
      entityType: 'person',
      entityId: user.id,
      label: `${email}: ${ROLE_LABELS[current]} → ${ROLE_LABELS[input.role]} (command line)`,
      changedFields: ['role'],
    });
    return `${email} is now ${roleInSentence(input.role)}.${former}`;
  });
}
