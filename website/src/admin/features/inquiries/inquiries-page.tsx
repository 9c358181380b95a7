import { INQUIRY_PROJECT_TYPES, type Inquiry, INQUIRY_STATUS_LABELS as STATUS_LABELS } from '@atelier/shared';
import { Badge, Button, DropdownMenu, Flex, Link, Select, Text } from '@radix-ui/themes';
import { format } from 'date-fns';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { messageOf } from '../../../lib/failure';
import { showToast } from '../../../lib/toasts';
import { useBudgetLabel } from '../../api/site';
import { usePlatform } from '../../platform-context';
import { BulkBar, type BulkSpec, bulkActions, useRowNames, useSelection } from '../../ui/bulk';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { type Column, DataTable, EmptyState, SearchField } from '../../ui/data-table';
import { PageHeader } from '../../ui/page-header';
import { useAction } from '../../ui/use-action';
import { useErrorToast } from '../../ui/use-error-toast';
import { useFollowServerPage, useListParams } from '../../ui/use-list-params';
import { exportInquiries, type InquiryStatus, inquiriesApi } from './api';
import { label, replyUrl, STATUS_COLORS, STATUSES, useChangeStatus } from './inquiry-parts';

const ALL = 'all';

/** /admin/inquiries: search, status filter, status changes, reply, delete, CSV of the filtered list. */
export function InquiriesPage() {
  const budget = useBudgetLabel();
  const platform = usePlatform();
  const refresh = inquiriesApi.useInvalidate();
  const params = useListParams(['status'] as const);
  const status = (STATUSES as string[]).includes(params.filters.status)
    ? (params.filters.status as InquiryStatus)
    : '';
  const list = inquiriesApi.useList({ q: params.q, status, page: params.page });
  const changeStatus = useChangeStatus();
  const remove = inquiriesApi.useRemove();
  const exporting = useAction();
  const [toDelete, setToDelete] = useState<Inquiry | null>(null);
  const selection = useSelection();
  const names = useRowNames(
    list.data?.items,
    (inquiry) => inquiry.id,
    (inquiry) => inquiry.client_name,
  );
  const bulk: BulkSpec<Inquiry> = {
    noun: ['inquiry', 'inquiries'],
    actions: bulkActions({ remove: true }),
    run: inquiriesApi.useBulk(),
    name: (inquiry) => `the inquiry from ${inquiry.client_name}`,
  };

  // A new inquiry sent from the website shows up without a reload. The list is read again whenever the
  // stream (re)connects too: what arrived while it was down, or before it first connected, sent no event.
  useEffect(() => {
    const unsubscribe = [
      platform.events.subscribe('inquiry', () => void refresh()),
      platform.events.subscribe('ready', () => void refresh()),
    ];
    return () => {
      for (const stop of unsubscribe) stop();
    };
  }, [platform, refresh]);
  useErrorToast(list.error, 'Failed to load inquiries');
  useFollowServerPage(list, params.page, params.setPage);

  const confirmDelete = () => {
    const inquiry = toDelete;
    setToDelete(null);
    if (!inquiry) return;
    remove.mutate(inquiry.id, {
      onSuccess: () => showToast('Inquiry deleted', `The inquiry from ${inquiry.client_name} was deleted.`),
      onError: (error) => showToast('Error', messageOf(error, 'Failed to delete inquiry'), 'destructive'),
    });
  };

  const columns: Column<Inquiry>[] = [
    {
      header: 'Client',
      cell: (inquiry) => (
        <>
          <Text as="div" weight="medium">
            <Link asChild highContrast>
              <RouterLink to={`/admin/inquiries/${encodeURIComponent(inquiry.id)}`}>
                {inquiry.client_name}
              </RouterLink>
            </Link>
          </Text>
          <Text as="div" size="2" color="gray">
            {inquiry.email}
          </Text>
          <Text as="div" size="2" color="gray">
            {inquiry.phone}
          </Text>
        </>
      ),
    },
    {
      header: 'Project Type',
      cell: (inquiry) => label(INQUIRY_PROJECT_TYPES, inquiry.project_type),
      wide: true,
    },
    { header: 'Budget', cell: (inquiry) => budget(inquiry.budget), wide: true },
    {
      header: 'Status',
      cell: (inquiry) => (
        <Badge color={STATUS_COLORS[inquiry.status]} highContrast>
          {STATUS_LABELS[inquiry.status]}
        </Badge>
      ),
    },
    { header: 'Date', cell: (inquiry) => format(new Date(inquiry.created_at), 'MMM d, yyyy'), wide: true },
    {
      header: 'Actions',
      align: 'right',
      cell: (inquiry) => (
        <DropdownMenu.Root>
          <DropdownMenu.Trigger>
            <Button
              variant="soft"
              highContrast
              color="gray"
              aria-label={`Actions for ${inquiry.client_name}`}
            >
              Actions
              <DropdownMenu.TriggerIcon />
            </Button>
          </DropdownMenu.Trigger>
          <DropdownMenu.Content>
            {/* A real link (copyable, its address visible), opened through the platform: the desktop app hands
                mailto: to the system rather than navigating its window. */}
            <DropdownMenu.Item asChild>
              <a
                href={replyUrl(inquiry)}
                onClick={(event) => {
                  // The native default only: Radix closes the menu unless React's event is default-prevented.
                  event.nativeEvent.preventDefault();
                  platform.openExternal(replyUrl(inquiry));
                }}
              >
                Reply via Email
              </a>
            </DropdownMenu.Item>
            <DropdownMenu.Separator />
            {STATUSES.map((value) => (
              <DropdownMenu.Item
                key={value}
                disabled={inquiry.status === value}
                onSelect={() => changeStatus(inquiry, value)}
              >
                Mark as {STATUS_LABELS[value]}
              </DropdownMenu.Item>
            ))}
            <DropdownMenu.Separator />
            <DropdownMenu.Item color="red" onSelect={() => setToDelete(inquiry)}>
              Delete
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Root>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Inquiries"
        lead="Messages sent through the contact form."
        actions={
          <Button
            variant="soft"
            highContrast
            disabled={exporting.busy}
            onClick={() =>
              exporting.run(() => exportInquiries(platform, { q: params.q, status }), {
                failure: 'Failed to export inquiries',
              })
            }
          >
            {exporting.busy ? 'Exporting...' : 'Export to CSV'}
          </Button>
        }
      />
      <Flex gap="3" wrap="wrap" mb="4">
        <SearchField label="Search inquiries" value={params.q} onSearch={params.setQ} />
        <Select.Root
          value={status || ALL}
          onValueChange={(value) => params.set({ status: value === ALL ? '' : value })}
        >
          <Select.Trigger aria-label="Filter by status" />
          <Select.Content>
            <Select.Item value={ALL}>All Statuses</Select.Item>
            {STATUSES.map((value) => (
              <Select.Item key={value} value={value}>
                {STATUS_LABELS[value]}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      </Flex>
      <BulkBar spec={bulk} selection={selection} names={names} />
      <DataTable
        label="Inquiries"
        select={{ selection, name: bulk.name }}
        columns={columns}
        rows={list.data?.items}
        rowKey={(inquiry) => inquiry.id}
        loading={list.isPending}
        empty={<EmptyState message="No inquiries found." />}
        pager={list.data && { ...list.data, onPage: params.setPage }}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete this inquiry?"
        description={`This action cannot be undone. This will permanently delete the inquiry from ${toDelete?.client_name}.`}
        onConfirm={confirmDelete}
      />
    </>
  );
}
