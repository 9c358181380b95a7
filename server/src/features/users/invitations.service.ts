import {
  type AcceptInvitationInput,
  AUTH_MESSAGES,
  can,
  ERROR_CODES,
  type InvitationInfo,
  type InviteInput,
  isStaffRole,
  PEOPLE_MESSAGES as M,
  type Person,
  ROLE_LABELS,
  roleInSentence,
  type StaffRole,
} from '@atelier/shared';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { roleForbidden } from '../../auth/guard';
import { type Client, type IssuedSession, issueSession } from '../../auth/issue-session';
import { type PasswordHasher, passwordPolicyProblem } from '../../auth/password';
import { checkPassword } from '../../auth/reauth';
import { createSession } from '../../auth/sessions';
import { hashToken, randomToken, type TokenService } from '../../auth/tokens';
import { findUserByEmail, insertConfirmedUser, setRole } from '../../auth/users';
import { recordAudit } from '../../db/audit';
import { type Db, writeTransaction } from '../../db/client';
import { invitations, oneTimeTokens, profiles, users } from '../../db/schema';
import { nowIso } from '../../db/schema/columns';
import { siteName } from '../../db/site-name';
import type { Env } from '../../env';
import { ApiError, fieldProblem, notFound } from '../../lib/errors';
import type { Mailer } from '../../mail/mailer';
import { invitationMail } from '../../mail/templates';
import { type Acting, findPerson, invitationPerson, labelOf } from './people.service';

/** An invitation's link works this long, once. */
export const INVITATION_TTL_MS = 7 * 24 * 3600_000;

interface InviteDeps {
  db: Db;
  env: Env;
  mail: Mailer;
}

const iso = (ms: number) => new Date(ms).toISOString();
const conflict = (message: string) => new ApiError(409, ERROR_CODES.conflict, message);

/** Invitations to the administrator role are the owner's to send, resend and cancel. */
function mayInviteAs(acting: Acting, role: string): void {
  if (role === 'admin' && !can(acting.auth.role, 'ownership')) throw roleForbidden(M.adminsByOwner);
}

/** Mails an invitation's link; inside the transaction that stored its token's hash. */
async function sendInvitation(
  deps: InviteDeps,
  acting: Acting,
  invitation: { email: string; role: StaffRole },
) {
  const token = randomToken();
  const inviter = (
    await deps.db
      .select({ email: users.email, first_name: profiles.first_name, last_name: profiles.last_name })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(eq(users.id, acting.auth.userId))
  )[0];
  const by = [inviter?.first_name, inviter?.last_name].filter(Boolean).join(' ') || acting.auth.email;
  await deps.mail.enqueue(
    invitation.email,
    invitationMail(await siteName(deps.db), {
      by,
      role: roleInSentence(invitation.role),
      link: `${deps.env.publicUrl}/admin/invite?token=${token}`,
    }),
  );
  return { token_hash: hashToken(token), expires_at: iso(Date.now() + INVITATION_TTL_MS) };
}

/**
 * Invites someone to the staff with a role: a mail with a single-use link valid for 7 days (its token stored
 * hashed). Refused for someone who has access already (or is deactivated: reactivate them) and while an
 * invitation to the address is waiting; an expired one makes way for the new.
 */
export async function invite(deps: InviteDeps, acting: Acting, input: InviteInput): Promise<Person> {
  const { db } = deps;
  mayInviteAs(acting, input.role);
  return await writeTransaction(db, async () => {
    const account = await findUserByEmail(db, input.email);
    const role = account
      ? (await db.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, account.id)))[0]?.role
      : undefined;
    if (account && isStaffRole(role))
      throw conflict(account.deactivated_at ? M.deactivatedStaff : M.alreadyStaff);
    const open = await db
      .select({ id: invitations.id, expires_at: invitations.expires_at })
      .from(invitations)
      .where(
        and(
          eq(invitations.email, input.email),
          isNull(invitations.accepted_at),
          isNull(invitations.canceled_at),
        ),
      );
    if (open.some((row) => row.expires_at > nowIso())) throw conflict(M.invitationPending);
    if (open.length > 0)
      await db
        .update(invitations)
        .set({ canceled_at: nowIso() })
        .where(
          inArray(
            invitations.id,
            open.map((row) => row.id),
          ),
        );
    const [row] = await db
      .insert(invitations)
      .values({
        id: crypto.randomUUID(),
        email: input.email,
        role: input.role,
        invited_by: acting.auth.userId,
        ...(await sendInvitation(deps, acting, input)),
      })
      .returning();
    if (!row) throw new Error('The invitation insert returned no row');
    await recordAudit(db, acting.actor, {
      action: 'invite',
      entityType: 'invitation',
      entityId: row.id,
      label: `${row.email} as ${ROLE_LABELS[row.role]}`,
    });
    return invitationPerson(row);
  });
}

/** An invitation still waiting (expired or not), by id; 404 otherwise, 409 once accepted or canceled. */
async function waitingInvitation(db: Db, acting: Acting, id: string) {
  const row = (await db.select().from(invitations).where(eq(invitations.id, id)))[0];
  if (!row) throw notFound(M.invitationNotFound);
  if (row.accepted_at || row.canceled_at) throw conflict(M.invitationClosed);
  mayInviteAs(acting, row.role);
  return row;
}

/** Mails the invitation again with a new link, valid 7 days from now; the old link stops working. */
export async function resendInvitation(deps: InviteDeps, acting: Acting, id: string): Promise<Person> {
  const { db } = deps;
  return await writeTransaction(db, async () => {
    const row = await waitingInvitation(db, acting, id);
    const [updated] = await db
      .update(invitations)
      .set(await sendInvitation(deps, acting, row))
      .where(eq(invitations.id, id))
      .returning();
    await recordAudit(db, acting.actor, {
      action: 'resend',
      entityType: 'invitation',
      entityId: id,
      label: `${row.email} as ${ROLE_LABELS[row.role]}`,
    });
    return invitationPerson(updated!);
  });
}

/** Cancels a waiting invitation: its link stops working. */
export async function cancelInvitation(db: Db, acting: Acting, id: string): Promise<void> {
  await writeTransaction(db, async () => {
    const row = await waitingInvitation(db, acting, id);
    await db.update(invitations).set({ canceled_at: nowIso() }).where(eq(invitations.id, id));
    await recordAudit(db, acting.actor, {
      action: 'cancel',
      entityType: 'invitation',
      entityId: id,
      label: `${row.email} as ${ROLE_LABELS[row.role]}`,
    });
  });
}

/** The invitation of a link's token if it still opens: not accepted, canceled, expired, or resent since. */
const opens = (token: string) =>
  and(
    eq(invitations.token_hash, hashToken(token)),
    isNull(invitations.accepted_at),
    isNull(invitations.canceled_at),
    gt(invitations.expires_at, nowIso()),
  );

async function openInvitation(db: Db, token: string) {
  return (await db.select().from(invitations).where(opens(token)))[0] ?? null;
}

/** The address's account, if it can sign in (confirmed, with a password): it accepts with that password. */
async function signInAccount(db: Db, email: string) {
  const account = await findUserByEmail(db, email);
  return account?.email_confirmed_at && account.password_hash ? account : null;
}

/** What the invitation page shows; 404 with one message for a link that is forged, used, canceled or expired. */
export async function invitationInfo(db: Db, token: string | undefined): Promise<InvitationInfo> {
  const invitation = token ? await openInvitation(db, token) : null;
  if (!invitation) throw notFound(M.invalidInvitation);
  return {
    site_name: await siteName(db),
    email: invitation.email,
    role: invitation.role,
    has_account: (await signInAccount(db, invitation.email)) !== null,
    expires_at: invitation.expires_at,
  };
}

const invalidInvitation = () => new ApiError(400, ERROR_CODES.badRequest, M.invalidInvitation);

/**
 * Accepts an invitation and signs in. A new address gets a confirmed account with the invitee's name and
 * password (the policy applies); an address with an account is accepted by signing in with that account's
 * own password (checked like a sign-in, never set). Either way the account gets the invited role and the
 * link is spent, all in one transaction.
 */
export async function acceptInvitation(
  deps: { db: Db; auth: { tokens: TokenService; passwords: PasswordHasher } },
  input: AcceptInvitationInput,
  client: Client,
): Promise<IssuedSession> {
  const { db } = deps;
  const invitation = await openInvitation(db, input.token);
  if (!invitation) throw invalidInvitation();
  const account = await signInAccount(db, invitation.email);
  let passwordHash: string | null = null;
  if (account) {
    await checkPassword({ db, passwords: deps.auth.passwords }, account, input.password, {
      field: 'password',
      message: AUTH_MESSAGES.invalidCredentials,
    });
    if (account.deactivated_at) throw new ApiError(403, ERROR_CODES.deactivated, AUTH_MESSAGES.deactivated);
  } else {
    if (!input.first_name) throw fieldProblem('first_name', M.firstNameRequired);
    if (!input.last_name) throw fieldProblem('last_name', M.lastNameRequired);
    if (input.password_confirmation !== undefined && input.password_confirmation !== input.password)
      throw fieldProblem('password_confirmation', AUTH_MESSAGES.passwordsDontMatch);
    const problem = passwordPolicyProblem(input.password);
    if (problem) throw fieldProblem('password', problem);
    passwordHash = await deps.auth.passwords.hash(input.password);
  }
  const { session, refreshToken } = await writeTransaction(db, async () => {
    // Spent here, under the write lock: of two acceptances at once, one wins.
    const spent = await db
      .update(invitations)
      .set({ accepted_at: nowIso() })
      .where(opens(input.token))
      .returning({ id: invitations.id });
    if (spent.length === 0) throw invalidInvitation();
    const userId = account
      ? await joinAsExisting(db, account.id, invitation.role)
      : await joinAsNew(db, invitation, input, passwordHash!);
    await recordAudit(
      db,
      { id: userId, role: invitation.role, ip: client.ip },
      {
        action: 'accept',
        entityType: 'invitation',
        entityId: invitation.id,
        label: `${labelOf(await findPerson(db, userId))} as ${ROLE_LABELS[invitation.role]}`,
      },
    );
    await db.update(users).set({ last_sign_in_at: nowIso() }).where(eq(users.id, userId));
    return await createSession(db, { userId, ...client, method: 'password', passwordProven: true });
  });
  return issueSession(deps, session, refreshToken);
}

/** An existing account takes the invited role, unless it has a staff role already (changed on People only). */
async function joinAsExisting(
  db: Db,
  userId: string,
  role: (typeof invitations.$inferSelect)['role'],
): Promise<string> {
  const current = (await db.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, userId)))[0];
  if (isStaffRole(current?.role)) throw conflict(M.alreadyStaff);
  await setRole(db, userId, role);
  return userId;
}

/**
 * A new account, confirmed by the link itself. An address that signed up and never confirmed has an account
 * without a password: it is completed, and its pending confirmation links retired (they would set the
 * password chosen at that sign-up).
 */
async function joinAsNew(
  db: Db,
  invitation: typeof invitations.$inferSelect,
  input: AcceptInvitationInput,
  passwordHash: string,
): Promise<string> {
  const names = { first_name: input.first_name ?? null, last_name: input.last_name ?? null };
  const pending = await findUserByEmail(db, invitation.email);
  if (!pending)
    return (
      await insertConfirmedUser(db, {
        email: invitation.email,
        passwordHash,
        role: invitation.role,
        firstName: names.first_name ?? undefined,
        lastName: names.last_name ?? undefined,
      })
    ).id;
  await db
    .update(users)
    .set({ password_hash: passwordHash, email_confirmed_at: nowIso(), updated_at: nowIso() })
    .where(eq(users.id, pending.id));
  await db
    .update(oneTimeTokens)
    .set({ used_at: nowIso() })
    .where(and(eq(oneTimeTokens.user_id, pending.id), isNull(oneTimeTokens.used_at)));
  await db
    .insert(profiles)
    .values({ id: pending.id, role: invitation.role, ...names })
    .onConflictDoUpdate({
      target: profiles.id,
      set: { role: invitation.role, ...names, updated_at: nowIso() },
    });
  return pending.id;
}
