import { AdminTeamMemberList, TeamMember } from '@atelier/shared';
import { entityApi } from '../../api/entity';

export const teamMembersApi = entityApi({
  path: 'team-members',
  item: TeamMember,
  list: AdminTeamMemberList,
});
