import {
  can,
  initials,
  PEOPLE_MESSAGES,
  type Person,
  ROLE_LABELS,
  STAFF_ROLES,
  type StaffRole,
} from '@atelier/shared';
import { Avatar, Badge, Button, DropdownMenu, Flex, Select, Text } from '@radix-ui/themes';
import { formatDistanceToNowStrict } from 'date-fns';
import { useState } from 'react';
import { usePlatform } from '../../platform-context';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { type Column, DataTable, EmptyState, SearchField } from '../../ui/data-table';
import { PageHeader } from '../../ui/page-header';
import { useErrorToast } from '../../ui/use-error-toast';
import { useFollowServerPage, useListParams } from '../../ui/use-list-params';
import { people, peopleApi, useMe, useStaff } from './api';
import { DeleteDialog, InviteDialog, nameOf, RoleDialog, TransferDialog } from './person-dialogs';
import { SecurityCard } from './security-card';
import { usePersonAction } from './use-person-action';
import './people.css';

const ALL = 'all';
const ROLE_COLORS: Record<StaffRole, 'amber' | 'violet' | 'gold' | 'gray'> = {
  owner: 'amber',
  admin: 'violet',
  editor: 'gold',
  contributor: 'gray',
};
type Me = { id: string; role: StaffRole };

/**
 * Why the signed-in person may not change this row, or null when they may: the owner is out of reach, your
 * own role and access are someone else's to change, administrators (and invitations to be one) are the
 * owner's. The server holds the same rules.
 */
function blockedReason(me: Me, person: Person): string | null {
  const owner = can(me.role, 'ownership');
  if (person.kind === 'invitation')
    return person.role === 'admin' && !owner ? PEOPLE_MESSAGES.adminsByOwner : null;
  if (person.role === 'owner') return PEOPLE_MESSAGES.ownerProtected;
  if (person.id === me.id) return PEOPLE_MESSAGES.notYourself;
  if (person.role === 'admin' && !owner) return PEOPLE_MESSAGES.adminsByOwner;
  return null;
}

const ago = (at: string) => formatDistanceToNowStrict(new Date(at), { addSuffix: true });

function RoleBadge({ role }: { role: StaffRole }) {
  return (
    <Badge color={ROLE_COLORS[role]} variant={role === 'owner' ? 'solid' : 'soft'} highContrast>
      {ROLE_LABELS[role]}
    </Badge>
  );
}

/** The status badge; an invitation's also says when its link expires (beside it when `inline`). */
function StatusCell({ person, inline = false }: { person: Person; inline?: boolean }) {
  if (person.status === 'active')
    return (
      <Badge color="green" variant="soft" highContrast>
        Active
      </Badge>
    );
  if (person.status === 'deactivated')
    return (
      <Badge color="red" variant="soft" highContrast>
        Deactivated
      </Badge>
    );
  const expired = !!person.expires_at && person.expires_at < new Date().toISOString();
  return (
    <Flex direction={inline ? 'row' : 'column'} gap={inline ? '2' : '1'} align={inline ? 'center' : 'start'}>
      <Badge color={expired ? 'orange' : 'gold'} variant="soft" highContrast>
        {expired ? 'Invitation expired' : 'Invited'}
      </Badge>
      {!expired && person.expires_at && (
        <Text size="1" color="gray">
          Expires {ago(person.expires_at)}
        </Text>
      )}
    </Flex>
  );
}

/** /admin/users: who has access to the admin, their roles, invitations, and the two-step rule. */
export function PeoplePage() {
  const platform = usePlatform();
  const params = useListParams(['role'] as const);
  const role = (STAFF_ROLES as readonly string[]).includes(params.filters.role)
    ? (params.filters.role as StaffRole)
    : undefined;
  const list = peopleApi.useList({ q: params.q, role, page: params.page });
  const staff = useStaff().data ?? [];
  const me = useMe().data;
  const action = usePersonAction();
  const [dialog, setDialog] = useState<{ kind: 'role' | 'delete' | 'deactivate'; person: Person } | null>(
    null,
  );
  useErrorToast(list.error, 'Failed to load people');
  useFollowServerPage(list, params.page, params.setPage);
  const isOwner = can(me?.role, 'ownership');
  const close = () => setDialog(null);

  const setActive = (person: Person, active: boolean) =>
    action.run(() => people.setActive(platform, person.id, active), {
      success: active
        ? { title: 'Reactivated', description: `${nameOf(person)} can sign in again.` }
        : { title: 'Deactivated', description: `${nameOf(person)} is signed out and can no longer sign in.` },
      failure: active ? 'Failed to reactivate' : 'Failed to deactivate',
    });

  const menu = (person: Person) => {
    const reason = me ? blockedReason(me, person) : 'Loading…';
    const name = nameOf(person);
    return (
      <DropdownMenu.Root>
        <DropdownMenu.Trigger>
          <Button variant="soft" highContrast color="gray" aria-label={`Actions for ${name}`}>
            Actions
            <DropdownMenu.TriggerIcon />
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Content align="end" className="people-menu">
          {reason && (
            <>
              <DropdownMenu.Label className="people-menu__reason">{reason}</DropdownMenu.Label>
              <DropdownMenu.Separator />
            </>
          )}
          {person.kind === 'invitation' ? (
            <>
              <DropdownMenu.Item
                disabled={!!reason}
                onSelect={() =>
                  action.run(() => people.resend(platform, person.id), {
                    success: {
                      title: 'Invitation sent again',
                      description: `A new link is on its way to ${name}.`,
                    },
                    failure: 'Failed to resend the invitation',
                  })
                }
              >
                Resend invitation
              </DropdownMenu.Item>
              <DropdownMenu.Item
                color="red"
                disabled={!!reason}
                onSelect={() =>
                  action.run(() => people.cancel(platform, person.id), {
                    success: {
                      title: 'Invitation canceled',
                      description: `The link sent to ${name} no longer works.`,
                    },
                    failure: 'Failed to cancel the invitation',
                  })
                }
              >
                Cancel invitation
              </DropdownMenu.Item>
            </>
          ) : (
            <>
              <DropdownMenu.Item disabled={!!reason} onSelect={() => setDialog({ kind: 'role', person })}>
                Change role…
              </DropdownMenu.Item>
              {person.status === 'deactivated' ? (
                <DropdownMenu.Item disabled={!!reason} onSelect={() => setActive(person, true)}>
                  Reactivate
                </DropdownMenu.Item>
              ) : (
                <DropdownMenu.Item
                  disabled={!!reason}
                  onSelect={() => setDialog({ kind: 'deactivate', person })}
                >
                  Deactivate…
                </DropdownMenu.Item>
              )}
              <DropdownMenu.Separator />
              <DropdownMenu.Item
                color="red"
                disabled={!!reason}
                onSelect={() => setDialog({ kind: 'delete', person })}
              >
                Delete…
              </DropdownMenu.Item>
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Root>
    );
  };

  const columns: Column<Person>[] = [
    {
      header: 'Person',
      cell: (person) => (
        <Flex align="center" gap="3" className="people-person">
          <Avatar
            size="2"
            radius="full"
            src={person.avatar_url ? platform.mediaUrl(person.avatar_url) : undefined}
            fallback={initials(person, person.email)}
            color={person.kind === 'invitation' ? 'gray' : undefined}
            alt=""
          />
          <div className="people-person__text">
            <Text as="div" weight="medium" truncate>
              {nameOf(person)}
              {person.id === me?.id && (
                <Text color="gray" weight="regular">
                  {' '}
                  (you)
                </Text>
              )}
            </Text>
            {person.kind === 'account' && (
              <Text as="div" size="2" color="gray" truncate>
                {person.email}
              </Text>
            )}
            <Flex gap="2" mt="1" align="center" wrap="wrap" className="people-narrow">
              <RoleBadge role={person.role} />
              <StatusCell person={person} inline />
            </Flex>
          </div>
        </Flex>
      ),
    },
    // On a narrow screen the role and the status show under the name (people-narrow) instead.
    { header: 'Role', wide: true, cell: (person) => <RoleBadge role={person.role} /> },
    { header: 'Status', wide: true, cell: (person) => <StatusCell person={person} /> },
    {
      header: 'Two-step',
      wide: true,
      cell: (person) =>
        person.kind === 'invitation' ? (
          <Text color="gray">—</Text>
        ) : person.mfa_enabled ? (
          <Text color="green" highContrast>
            On
          </Text>
        ) : (
          <Text color="gray">Off</Text>
        ),
    },
    {
      header: 'Last active',
      wide: true,
      cell: (person) => (
        <Text color="gray" size="2">
          {person.last_active_at ? ago(person.last_active_at) : person.kind === 'invitation' ? '—' : 'Never'}
        </Text>
      ),
    },
    { header: 'Actions', align: 'right', cell: menu },
  ];

  return (
    <>
      <PageHeader
        title="People"
        lead="Who can sign in to the admin, and what each may do."
        actions={
          <>
            {isOwner && me && <TransferDialog staff={staff} me={me.id} />}
            <InviteDialog mayGrantAdmin={isOwner} />
          </>
        }
      />
      <Flex gap="3" wrap="wrap" mb="4">
        <SearchField label="Search by name or e-mail" value={params.q} onSearch={params.setQ} />
        <Select.Root
          value={role ?? ALL}
          onValueChange={(value) => params.set({ role: value === ALL ? '' : value })}
        >
          <Select.Trigger aria-label="Filter by role" />
          <Select.Content>
            <Select.Item value={ALL}>All roles</Select.Item>
            {STAFF_ROLES.map((value) => (
              <Select.Item key={value} value={value}>
                {ROLE_LABELS[value]}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      </Flex>
      <DataTable
        label="People"
        columns={columns}
        rows={list.data?.items}
        rowKey={(person) => person.id}
        loading={list.isPending}
        empty={<EmptyState message="Nobody matches." />}
        pager={list.data && { ...list.data, onPage: params.setPage }}
      />
      <SecurityCard staff={staff} action={action} />
      <RoleDialog
        person={dialog?.kind === 'role' ? dialog.person : null}
        onClose={close}
        action={action}
        mayGrantAdmin={isOwner}
      />
      <DeleteDialog
        person={dialog?.kind === 'delete' ? dialog.person : null}
        onClose={close}
        action={action}
        staff={staff}
      />
      <ConfirmDialog
        open={dialog?.kind === 'deactivate'}
        onOpenChange={(open) => !open && close()}
        title={`Deactivate ${dialog ? nameOf(dialog.person) : ''}?`}
        description="They are signed out everywhere at once and cannot sign in until reactivated. Their role and their content stay."
        confirmLabel="Deactivate"
        onConfirm={() => {
          const person = dialog?.person;
          close();
          if (person) void setActive(person, false);
        }}
      />
      {action.dialog}
    </>
  );
}
