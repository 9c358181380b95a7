import { type ActivityEntry, AUDIT_ACTIONS, AUDIT_ENTITY_TYPES } from '@atelier/shared';
import { Code, Flex, Select } from '@radix-ui/themes';
import { format } from 'date-fns';
import { ActionBadge, ActivityItem, activityWords, actorWords } from '../../ui/activity';
import { type Column, DataTable, EmptyState } from '../../ui/data-table';
import { PageHeader } from '../../ui/page-header';
import { useErrorToast } from '../../ui/use-error-toast';
import { useListParams } from '../../ui/use-list-params';
import { useActivity } from './api';

const ALL = 'all';

const columns: Column<ActivityEntry>[] = [
  { header: 'When', cell: (entry) => format(new Date(entry.created_at), 'MMM d, yyyy HH:mm') },
  { header: 'Who', cell: actorWords, wide: true },
  { header: 'Action', cell: (entry) => <ActionBadge action={entry.action} /> },
  { header: 'Item', cell: (entry) => <ActivityItem entry={entry} /> },
  {
    header: 'Changed fields',
    wide: true,
    cell: (entry) =>
      entry.changed_fields.length ? (
        <Flex gap="1" wrap="wrap">
          {entry.changed_fields.map((field) => (
            <Code key={field} variant="ghost" size="1">
              {field}
            </Code>
          ))}
        </Flex>
      ) : (
        '—'
      ),
  },
];

/** /admin/activity: the audit log (who did what, to which item, when), filtered by item type and action. */
export function ActivityPage() {
  const params = useListParams(['entity_type', 'action'] as const);
  const { entity_type, action } = params.filters;
  const list = useActivity({ entity_type, action, page: params.page });
  useErrorToast(list.error, 'Failed to load activity');

  return (
    <>
      <PageHeader
        title="Activity"
        lead="Every change made in the admin panel, each inquiry as it arrives and each scheduled post as it goes live, newest first."
      />
      <Flex gap="3" wrap="wrap" mb="4">
        <Select.Root
          value={entity_type || ALL}
          onValueChange={(value) => params.set({ entity_type: value === ALL ? '' : value })}
        >
          <Select.Trigger aria-label="Filter by item type" />
          <Select.Content>
            <Select.Item value={ALL}>All Items</Select.Item>
            {AUDIT_ENTITY_TYPES.map((type) => (
              <Select.Item key={type} value={type}>
                {activityWords(type)}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
        <Select.Root
          value={action || ALL}
          onValueChange={(value) => params.set({ action: value === ALL ? '' : value })}
        >
          <Select.Trigger aria-label="Filter by action" />
          <Select.Content>
            <Select.Item value={ALL}>All Actions</Select.Item>
            {AUDIT_ACTIONS.map((name) => (
              <Select.Item key={name} value={name}>
                {activityWords(name)}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      </Flex>
      <DataTable
        label="Activity"
        columns={columns}
        rows={list.data?.items}
        rowKey={(entry) => entry.id}
        loading={list.isPending}
        empty={<EmptyState message="No activity found." />}
        pager={list.data && { ...list.data, onPage: params.setPage }}
      />
    </>
  );
}
