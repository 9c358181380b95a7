import {
  AdminTeamMember,
  AdminTeamMemberList,
  AdminTeamMemberListQuery,
  CreateTeamMemberInput,
  MESSAGES,
  REVIEW_MESSAGES,
  UpdateTeamMemberInput,
} from '@atelier/shared';
import { adminCrudRoutes } from '../../http/admin-routes';
import { idParam } from '../../http/openapi';
import type { Revisioned } from '../../ports';
import {
  createTeamMember,
  deleteTeamMember,
  findTeamMember,
  listAdminTeamMembers,
  teamMemberImages,
  updateTeamMember,
} from './team-members.service';

export const teamMemberAdminRoutes = adminCrudRoutes({
  path: '/admin/team-members',
  tag: 'Admin: team',
  noun: 'team member',
  schemas: {
    entity: AdminTeamMember,
    list: AdminTeamMemberList,
    query: AdminTeamMemberListQuery,
    id: idParam(MESSAGES.invalidTeamMemberId),
    create: CreateTeamMemberInput,
    update: UpdateTeamMemberInput,
  },
  // A team member is public as soon as saved (there is no draft of one): writing one is publishing.
  access: { read: 'staff', write: 'publish', refusal: REVIEW_MESSAGES.teamMembers },
  notFoundMessage: MESSAGES.teamMemberNotFound,
  images: teamMemberImages,
  service: {
    list: listAdminTeamMembers,
    find: findTeamMember,
    create: async (deps, actor, input) => await createTeamMember(deps.db, actor, input),
    update: updateTeamMember,
    remove: deleteTeamMember,
  },
});

/** A team member's history: its edit rights (editors and up), its PUT's body and update. */
export const teamMemberRevisions: Revisioned = {
  path: 'team-members',
  permission: 'publish',
  refusal: REVIEW_MESSAGES.teamMembers,
  notFoundMessage: MESSAGES.teamMemberNotFound,
  find: findTeamMember,
  input: UpdateTeamMemberInput,
  save: updateTeamMember,
  images: teamMemberImages,
};
