import { AdminTeamMember, AdminTeamMemberList } from '@atelier/shared';
import { entityApi } from '../../api/entity';

export const teamMembersApi = entityApi({
  path: 'team-members',
  item: AdminTeamMember,
  list: AdminTeamMemberList,
});
