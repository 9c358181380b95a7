import type { AdminTeamMember } from '@atelier/shared';
import { Avatar, Flex } from '@radix-ui/themes';
import { useCan, usePlatform } from '../../platform-context';
import { bulkActions } from '../../ui/bulk';
import type { Column } from '../../ui/data-table';
import { ListScreen } from '../../ui/list-screen';
import { RowActions } from '../../ui/row-actions';
import { RowTitle } from '../../ui/sample-badge';
import { useEntityList } from '../../ui/use-entity-list';
import { useListParams } from '../../ui/use-list-params';
import { teamMembersApi } from './api';

/** "Thoko Banda" → "TB". */
const nameInitials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

/** /admin/team-members (a member is deleted without a confirmation). */
export function TeamPage() {
  const platform = usePlatform();
  // A member is public as soon as saved: only those who publish add, edit or delete them.
  const writer = useCan('publish');
  const bulk = teamMembersApi.useBulk();
  const { page, q, setQ, setPage } = useListParams();
  const { list, remove, busy } = useEntityList(
    teamMembersApi,
    { q, page },
    setPage,
    'Failed to load team members',
  );

  const columns: Column<AdminTeamMember>[] = [
    {
      header: 'Member',
      cell: (member) => (
        <Flex align="center" gap="3">
          <Avatar
            size="2"
            radius="full"
            src={member.image ? platform.mediaUrl(member.image) : undefined}
            fallback={nameInitials(member.name)}
            alt=""
          />
          <RowTitle text={member.name} sample={member.sample} />
        </Flex>
      ),
    },
    { header: 'Role', cell: (member) => member.role },
    {
      header: 'Actions',
      align: 'right',
      cell: (member) => (
        <RowActions
          name={member.name}
          edit={`/admin/team-members/edit/${member.id}`}
          readOnly={!writer}
          busy={busy}
          onDelete={
            writer
              ? () =>
                  remove(member.id, {
                    success: {
                      title: 'Team member deleted',
                      description: `${member.name} has been removed.`,
                    },
                    failure: 'Failed to delete team member',
                  })
              : undefined
          }
        />
      ),
    },
  ];

  return (
    <ListScreen
      title="Team"
      lead="The people of the studio, as the About page shows them."
      add={writer ? { label: 'Add Team Member', to: '/admin/team-members/new' } : undefined}
      search={{ label: 'Search team by name or role', value: q, onSearch: setQ }}
      label="Team members"
      columns={columns}
      rowKey={(member) => member.id}
      list={list}
      onPage={setPage}
      empty="No team members found"
      bulk={{
        noun: ['team member', 'team members'],
        actions: bulkActions({ remove: writer }),
        run: bulk,
        name: (member) => member.name,
      }}
    />
  );
}
