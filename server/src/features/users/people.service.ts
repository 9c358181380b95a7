import {
  type AssignableRole,
  can,
  ERROR_CODES,
  PEOPLE_MESSAGES as M,
  type MfaRequirement,
  mfaRequiredFor,
  PAGE_SIZES,
  type Paginated,
  type PeopleListQuery,
  type Person,
  ROLE_LABELS,
  STAFF_ROLES,
  type StaffRole,
  type StaffSecurity,
} from '@atelier/shared';
import { and, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { type AuthContext, roleForbidden } from '../../auth/guard';
import type { PasswordHasher } from '../../auth/password';
import { checkPassword, requireRecentPassword } from '../../auth/reauth';
import { markPasswordProven, revokeUserSessions } from '../../auth/sessions';
import { type Actor, recordAudit } from '../../db/audit';
import { type Db, writeTransaction } from '../../db/client';
import { clampPage, searchAny } from '../../db/list-query';
import {
  blogPosts,
  invitations,
  mediaFiles,
  mfaFactors,
  profiles,
  projects,
  services,
  sessions,
  siteSettings,
  teamMembers,
  users,
  youtubeVideos,
} from '../../db/schema';
import { nowIso } from '../../db/schema/columns';
import { ApiError, fieldProblem, notFound } from '../../lib/errors';
import type { Feeds } from '../../ports';
import type { Storage } from '../../storage/local';

/** The staff member at work: who they are in this session, and how the audit log names them. */
export interface Acting {
  auth: AuthContext;
  actor: Actor;
}

type StreamEnder = Pick<Feeds, 'endStreamsOf'>;

const RANK: Record<StaffRole, number> = { owner: 0, admin: 1, editor: 2, contributor: 3 };
const STATUS_ORDER: Record<Person['status'], number> = { active: 0, invited: 1, deactivated: 2 };

/** "Thoko Banda (thoko@studio.mw)", or the address alone: how the activity list names a person. */
export function labelOf(person: { email: string; first_name?: string | null; last_name?: string | null }) {
  const name = [person.first_name, person.last_name].filter(Boolean).join(' ');
  return name ? `${name} (${person.email})` : person.email;
}

const conflict = (message: string) => new ApiError(409, ERROR_CODES.conflict, message);

const lastSession = sql<string | null>`(SELECT max(coalesce(${sessions.refreshed_at}, ${sessions.created_at}))
  FROM ${sessions} WHERE ${sessions.user_id} = ${users.id})`;
const hasFactor = sql<number>`EXISTS (SELECT 1 FROM ${mfaFactors}
  WHERE ${mfaFactors.user_id} = ${users.id} AND ${mfaFactors.status} = 'verified')`;

/** The staff's accounts as People rows (visitors are not staff: they are never listed). */
async function accountRows(db: Db, where: (SQL | undefined)[]): Promise<Person[]> {
  return (
    await db
      .select({
        id: users.id,
        email: users.email,
        first_name: profiles.first_name,
        last_name: profiles.last_name,
        avatar_url: profiles.avatar_url,
        role: profiles.role,
        deactivated_at: users.deactivated_at,
        last_sign_in_at: users.last_sign_in_at,
        last_session: lastSession,
        mfa: hasFactor,
        created_at: users.created_at,
      })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.id))
      .where(and(inArray(profiles.role, STAFF_ROLES), ...where))
  ).map((row) => ({
    id: row.id,
    kind: 'account',
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    avatar_url: row.avatar_url,
    role: row.role as StaffRole,
    status: row.deactivated_at ? 'deactivated' : 'active',
    mfa_enabled: Boolean(row.mfa),
    last_active_at:
      [row.last_sign_in_at, row.last_session]
        .filter((at): at is string => !!at)
        .sort()
        .at(-1) ?? null,
    expires_at: null,
    created_at: row.created_at,
  }));
}

/** An invitation not yet accepted (nor canceled) as a People row; an expired one shows its past date. */
export const invitationPerson = (row: typeof invitations.$inferSelect): Person => ({
  id: row.id,
  kind: 'invitation',
  email: row.email,
  first_name: null,
  last_name: null,
  avatar_url: null,
  role: row.role,
  status: 'invited',
  mfa_enabled: false,
  last_active_at: null,
  expires_at: row.expires_at,
  created_at: row.created_at,
});

/**
 * Who has access to the admin: the staff's accounts and the invitations still open, searched by name or
 * e-mail and filtered by role; by role (owner first), then active, invited, deactivated, then by name.
 * A studio has a few dozen people at most: both are read whole and paged here.
 */
export async function listPeople(db: Db, query: PeopleListQuery): Promise<Paginated<Person>> {
  const role = query.role ? eq(profiles.role, query.role) : undefined;
  const fullName = sql`${profiles.first_name} || ' ' || ${profiles.last_name}`;
  const accounts = await accountRows(db, [
    role,
    searchAny(query.q, [users.email, profiles.first_name, profiles.last_name, fullName]),
  ]);
  const invited = (
    await db
      .select()
      .from(invitations)
      .where(
        and(
          isNull(invitations.accepted_at),
          isNull(invitations.canceled_at),
          query.role ? eq(invitations.role, query.role) : undefined,
          searchAny(query.q, [invitations.email]),
        ),
      )
  ).map(invitationPerson);
  const nameOf = (person: Person) => labelOf(person).toLowerCase();
  const all = [...accounts, ...invited].sort(
    (a, b) =>
      RANK[a.role] - RANK[b.role] ||
      STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
      nameOf(a).localeCompare(nameOf(b)),
  );
  const pageSize = PAGE_SIZES.admin;
  const page = clampPage(query.page, all.length, pageSize);
  return {
    items: all.slice((page - 1) * pageSize, page * pageSize),
    total: all.length,
    page,
    pageSize,
  };
}

/** One staff member's People row. */
export async function findPerson(db: Db, id: string): Promise<Person> {
  const person = (await accountRows(db, [eq(users.id, id)]))[0];
  if (!person) throw notFound(M.personNotFound);
  return person;
}

/**
 * The rules every change to another staff member obeys: the owner is out of anyone's reach (ownership moves
 * only by the owner's transfer); an administrator's role, or granting it, is the owner's call; and nobody
 * changes their own role or access here.
 */
function mayChange(acting: Acting, target: Person, role?: AssignableRole): void {
  if (target.role === 'owner') throw roleForbidden(M.ownerProtected);
  if (target.id === acting.auth.userId) throw roleForbidden(M.notYourself);
  if ((target.role === 'admin' || role === 'admin') && !can(acting.auth.role, 'ownership'))
    throw roleForbidden(M.adminsByOwner);
}

/**
 * Gives a staff member another role. Granting or taking away the administrator role needs the owner and a
 * password typed in the last ten minutes. The person's open event streams end, so they reconnect with what
 * the new role may see; their next request is judged by it anyway (the guard reads the role every time).
 */
export async function changeRole(
  deps: { db: Db; feeds: StreamEnder },
  acting: Acting,
  id: string,
  role: AssignableRole,
): Promise<Person> {
  const { db } = deps;
  const changed = await writeTransaction(db, async () => {
    const target = await findPerson(db, id);
    mayChange(acting, target, role);
    if (target.role === 'admin' || role === 'admin') await requireRecentPassword(db, acting.auth.sessionId);
    if (target.role === role) return false;
    await db.update(profiles).set({ role, updated_at: nowIso() }).where(eq(profiles.id, id));
    await recordAudit(db, acting.actor, {
      action: 'role',
      entityType: 'person',
      entityId: id,
      label: `${labelOf(target)}: ${ROLE_LABELS[target.role]} → ${ROLE_LABELS[role]}`,
      changedFields: ['role'],
    });
    return true;
  });
  if (changed) deps.feeds.endStreamsOf(id);
  return await findPerson(db, id);
}

/**
 * Deactivates (every session signed out at once, sign-in refused, open streams ended) or reactivates a staff
 * member. Their content and their role stay.
 */
export async function setDeactivated(
  deps: { db: Db; feeds: StreamEnder },
  acting: Acting,
  id: string,
  deactivate: boolean,
): Promise<Person> {
  const { db } = deps;
  await writeTransaction(db, async () => {
    const target = await findPerson(db, id);
    mayChange(acting, target);
    if ((target.status === 'deactivated') === deactivate) return;
    await db
      .update(users)
      .set({ deactivated_at: deactivate ? nowIso() : null, updated_at: nowIso() })
      .where(eq(users.id, id));
    if (deactivate) await revokeUserSessions(db, id);
    await recordAudit(db, acting.actor, {
      action: deactivate ? 'deactivate' : 'reactivate',
      entityType: 'person',
      entityId: id,
      label: labelOf(target),
    });
  });
  if (deactivate) deps.feeds.endStreamsOf(id);
  return await findPerson(db, id);
}

/**
 * The columns naming who made a piece of content: a deleted person's go to their heir, or to nobody. Their
 * avatar is theirs alone: it goes with them.
 */
const AUTHORSHIP = [
  [projects, projects.user_id],
  [blogPosts, blogPosts.author_id],
  [services, services.author_id],
  [teamMembers, teamMembers.author_id],
  [youtubeVideos, youtubeVideos.author_id],
  [mediaFiles, mediaFiles.uploaded_by, ne(mediaFiles.bucket, 'avatars')],
] as const;

/**
 * Deletes a staff member's account (a password typed in the last ten minutes). Their projects, posts, pages
 * and files stay: they go to `heirId`, an active staff member, or to nobody ("Former staff").
 */
export async function deletePerson(
  deps: { db: Db; feeds: StreamEnder; storage: Pick<Storage, 'remove'> },
  acting: Acting,
  id: string,
  heirId?: string,
): Promise<void> {
  const { db } = deps;
  const avatars = await writeTransaction(db, async () => {
    const target = await findPerson(db, id);
    mayChange(acting, target);
    await requireRecentPassword(db, acting.auth.sessionId);
    let heir: Person | undefined;
    if (heirId) {
      heir = (await accountRows(db, [eq(users.id, heirId)]))[0];
      if (!heir || heir.id === id || heir.status !== 'active')
        throw fieldProblem('reassign_to', M.reassignTarget);
      for (const [table, column, only] of AUTHORSHIP)
        await db
          .update(table)
          .set({ [column.name]: heir.id })
          .where(and(eq(column, id), only));
    }
    const avatars = await db
      .delete(mediaFiles)
      .where(and(eq(mediaFiles.uploaded_by, id), eq(mediaFiles.bucket, 'avatars')))
      .returning({ path: mediaFiles.path });
    await db.delete(users).where(eq(users.id, id));
    await recordAudit(db, acting.actor, {
      action: 'delete',
      entityType: 'person',
      entityId: id,
      label: `${labelOf(target)}: content to ${heir ? labelOf(heir) : 'Former staff'}`,
    });
    return avatars;
  });
  deps.feeds.endStreamsOf(id);
  for (const { path } of avatars) await deps.storage.remove('avatars', path.replace(/^avatars\//, ''));
}

/** The person ownership may go to: an active staff member other than the owner. */
async function transferTarget(db: Db, acting: Acting, id: string): Promise<Person> {
  const target = (await accountRows(db, [eq(users.id, id)]))[0];
  if (!target || target.id === acting.auth.userId || target.status !== 'active')
    throw fieldProblem('user_id', M.transferTarget);
  return target;
}

/**
 * The owner hands ownership to another active staff member, confirmed with the owner's password: in one
 * transaction the owner becomes an administrator and the other the owner (there is always exactly one).
 */
export async function transferOwnership(
  deps: { db: Db; feeds: StreamEnder; passwords: PasswordHasher },
  acting: Acting,
  input: { user_id: string; password: string },
): Promise<Person> {
  const { db } = deps;
  await transferTarget(db, acting, input.user_id);
  const { userId, email } = acting.auth;
  await checkPassword({ db, passwords: deps.passwords }, { id: userId, email }, input.password);
  await writeTransaction(db, async () => {
    const target = await transferTarget(db, acting, input.user_id);
    const owner = await findPerson(db, userId);
    if (owner.role !== 'owner') throw roleForbidden();
    await db.update(profiles).set({ role: 'admin', updated_at: nowIso() }).where(eq(profiles.id, userId));
    await db.update(profiles).set({ role: 'owner', updated_at: nowIso() }).where(eq(profiles.id, target.id));
    await markPasswordProven(db, acting.auth.sessionId);
    await recordAudit(db, acting.actor, {
      action: 'transfer',
      entityType: 'person',
      entityId: target.id,
      label: `${labelOf(target)}: Owner (${labelOf(owner)}: Administrator)`,
      changedFields: ['role'],
    });
  });
  deps.feeds.endStreamsOf(userId);
  deps.feeds.endStreamsOf(input.user_id);
  return await findPerson(db, input.user_id);
}

/** Asks the signed-in person's password again: sensitive changes are allowed for ten minutes after. */
export async function reauthenticate(
  deps: { db: Db; passwords: PasswordHasher },
  auth: AuthContext,
  password: string,
): Promise<void> {
  await checkPassword(deps, { id: auth.userId, email: auth.email }, password);
  await markPasswordProven(deps.db, auth.sessionId);
}

const MFA_LABELS: Record<MfaRequirement, string> = {
  none: 'nobody',
  admins: 'the owner and administrators',
  staff: 'all staff',
};

export async function staffSecurity(db: Db): Promise<StaffSecurity> {
  const row = (await db.select({ require_mfa_for: siteSettings.require_mfa_for }).from(siteSettings))[0];
  return { require_mfa_for: row?.require_mfa_for ?? 'none' };
}

/**
 * Whose admin sessions must have verified a second factor. Refused when the rule would shut out the person
 * setting it (they have no authenticator yet): they set theirs up first.
 */
export async function setStaffSecurity(
  db: Db,
  acting: Acting,
  requirement: MfaRequirement,
): Promise<StaffSecurity> {
  const { auth } = acting;
  if (mfaRequiredFor(requirement, auth.role) && !auth.mfaEnabled) throw conflict(M.mfaLockout);
  await writeTransaction(db, async () => {
    if ((await staffSecurity(db)).require_mfa_for === requirement) return;
    await db.update(siteSettings).set({ require_mfa_for: requirement }).where(eq(siteSettings.id, 'default'));
    await recordAudit(db, acting.actor, {
      action: 'update',
      entityType: 'settings',
      entityId: 'default',
      label: `Two-step verification required of ${MFA_LABELS[requirement]}`,
      changedFields: ['require_mfa_for'],
    });
  });
  return await staffSecurity(db);
}
