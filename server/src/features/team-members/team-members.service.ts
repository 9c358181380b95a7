import type {
  AdminTeamMemberListQuery,
  CreateTeamMemberInput,
  TeamMember,
  UpdateTeamMemberInput,
} from '@atelier/shared';
import { asc } from 'drizzle-orm';
import type { Actor } from '../../db/audit';
import type { Db } from '../../db/client';
import { deleteAudited, findById, insertAudited, updateAudited } from '../../db/entity-writes';
import { listPage, orderBy, searchAny } from '../../db/list-query';
import { teamMembers } from '../../db/schema';
import type { ImageColumns, MediaUses } from '../../ports';

/** The team in the order members joined. */
export async function listTeamMembers(db: Db): Promise<TeamMember[]> {
  return await db
    .select({
      id: teamMembers.id,
      name: teamMembers.name,
      role: teamMembers.role,
      image: teamMembers.image,
      quote: teamMembers.quote,
      facebook_url: teamMembers.facebook_url,
      instagram_url: teamMembers.instagram_url,
      linkedin_url: teamMembers.linkedin_url,
      created_at: teamMembers.created_at,
    })
    .from(teamMembers)
    .orderBy(asc(teamMembers.created_at), asc(teamMembers.id));
}

const audit = { entityType: 'team_member', label: (row: TeamMember) => row.name };
export const teamMemberImages: ImageColumns = {
  entity_type: 'team-members',
  audit_type: 'team_member',
  table: teamMembers,
  title: teamMembers.name,
  columns: [teamMembers.image],
};
const SORTABLE = { created_at: teamMembers.created_at, name: teamMembers.name, role: teamMembers.role };

/** The team for the admin list: search by name or role, newest first (as the old app listed it), 10 a page. */
export async function listAdminTeamMembers(db: Db, query: AdminTeamMemberListQuery) {
  return await listPage(db, teamMembers, {
    where: [searchAny(query.q, [teamMembers.name, teamMembers.role])],
    orderBy: orderBy(SORTABLE, teamMembers.id, query.sort, query.order, {
      sort: 'created_at',
      order: 'desc',
    }),
    page: query.page,
  });
}

export const findTeamMember = async (db: Db, id: string): Promise<TeamMember | undefined> =>
  await findById(db, teamMembers, id);

/**
 * A new team member, public at once (there is no draft of one): only roles that publish may write them
 * (the routes' rule).
 */
export const createTeamMember = async (
  db: Db,
  actor: Actor,
  input: CreateTeamMemberInput,
): Promise<TeamMember> =>
  await insertAudited(db, teamMembers, { ...input, author_id: actor.id }, actor, audit);

/** Updates a member; a replaced image is released from the media store. */
export async function updateTeamMember(
  deps: { db: Db; media: MediaUses },
  actor: Actor,
  id: string,
  input: UpdateTeamMemberInput,
) {
  const result = await updateAudited(deps.db, teamMembers, id, input, actor, audit);
  if (!result) return undefined;
  await deps.media.releaseDropped(teamMemberImages, result.before, result.after);
  return result.after;
}

/** Moves a team member to the Trash (their photograph stays in the library while they are there). */
export const deleteTeamMember = async (deps: { db: Db }, actor: Actor, id: string) =>
  (await deleteAudited(deps.db, teamMembers, id, actor, audit)) !== undefined;
