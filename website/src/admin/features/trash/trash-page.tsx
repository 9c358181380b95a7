import { TRASH_KIND_LABELS, type TrashItem, type TrashList, TrashSettings } from '@atelier/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Badge,
  Box,
  Button,
  Callout,
  Card,
  Flex,
  Heading,
  Skeleton,
  Table,
  Text,
  TextField,
  VisuallyHidden,
} from '@radix-ui/themes';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { messageOf } from '../../../lib/failure';
import { showToast } from '../../../lib/toasts';
import { useDeleteForever, useEmptyTrash, useRestore, useTrash, useTrashSettings } from '../../api/trash';
import { useCan, usePlatform } from '../../platform-context';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { showSaveError } from '../../ui/form-errors';
import { FormField } from '../../ui/form-field';
import { relativeTime } from '../../ui/format';
import { PageHeader } from '../../ui/page-header';

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

function TrashRow({ item }: { item: TrashItem }) {
  const platform = usePlatform();
  const restore = useRestore();
  const forever = useDeleteForever();
  const busy = restore.isPending || forever.isPending;
  const name = item.label || TRASH_KIND_LABELS[item.kind];
  return (
    <Table.Row>
      <Table.RowHeaderCell>
        <Flex gap="3" align="center">
          {item.thumbnail ? (
            <img className="admin-thumb" src={platform.mediaUrl(item.thumbnail)} alt="" />
          ) : (
            <span className="admin-thumb" aria-hidden="true" />
          )}
          <Box minWidth="0">
            <Text as="div" weight="medium">
              {name}
            </Text>
            <Badge color="gray" variant="soft" mt="1">
              {TRASH_KIND_LABELS[item.kind]}
            </Badge>
          </Box>
        </Flex>
      </Table.RowHeaderCell>
      <Table.Cell>
        <Text as="div" size="2">
          {relativeTime(item.deleted_at)}
        </Text>
        <Text as="div" size="1" color="gray">
          {item.deleted_by ? `by ${item.deleted_by.email}` : 'by the system'}
        </Text>
      </Table.Cell>
      <Table.Cell>
        <Text size="2" color={item.days_left <= 3 ? 'red' : 'gray'} style={{ whiteSpace: 'nowrap' }}>
          {days(item.days_left)} left
        </Text>
      </Table.Cell>
      <Table.Cell justify="end">
        <Flex gap="2" justify="end" wrap="wrap">
          <Button
            size="1"
            variant="soft"
            disabled={busy}
            aria-label={`Restore ${name}`}
            onClick={() =>
              restore.mutate([item.id], {
                onSuccess: () => showToast('Restored', `"${name}" is back where it was.`),
                onError: (error) => showToast('Error', messageOf(error, 'Failed to restore'), 'destructive'),
              })
            }
          >
            Restore
          </Button>
          <ConfirmDialog
            trigger={
              <Button
                size="1"
                variant="soft"
                color="red"
                disabled={busy}
                aria-label={`Delete ${name} forever`}
              >
                Delete forever
              </Button>
            }
            title={`Delete “${name}” forever?`}
            description="This cannot be undone: it leaves the Trash, and the files only it used leave the media library."
            confirmLabel="Delete forever"
            onConfirm={() =>
              forever.mutate(item.id, {
                onSuccess: () => showToast('Deleted forever', `"${name}" is gone.`),
                onError: (error) => showToast('Error', messageOf(error, 'Failed to delete'), 'destructive'),
              })
            }
          />
        </Flex>
      </Table.Cell>
    </Table.Row>
  );
}

function KeepForm({ list }: { list: TrashList }) {
  const save = useTrashSettings();
  const defaults = { keep_days: list.keep_days };
  const { register, handleSubmit, reset, formState, setError } = useForm<TrashSettings>({
    resolver: zodResolver(TrashSettings),
    defaultValues: defaults,
  });
  useEffect(() => reset({ keep_days: list.keep_days }), [list.keep_days, reset]);
  const onValid = (settings: TrashSettings) =>
    save.mutate(settings, {
      onSuccess: () =>
        showToast('Saved.', `The Trash keeps items ${days(settings.keep_days)}, then deletes them forever.`),
      onError: (error) => showSaveError(error, setError, 'Could not save the setting.'),
    });
  return (
    <Card size="3">
      <form onSubmit={handleSubmit(onValid)} noValidate aria-label="Trash setting">
        <Heading as="h2" size="4" mb="1">
          Kept for
        </Heading>
        <Text as="p" size="2" color="gray" mb="4">
          After this many days in the Trash, the server deletes an item forever, with an entry in Activity.
        </Text>
        <Flex direction="column" gap="3">
          <FormField label="Days in the Trash" error={formState.errors.keep_days?.message}>
            <TextField.Root
              type="number"
              min={1}
              max={365}
              {...register('keep_days', { valueAsNumber: true })}
            />
          </FormField>
          <Box>
            <Button type="submit" disabled={save.isPending || !formState.isDirty}>
              {save.isPending ? 'Saving...' : 'Save'}
            </Button>
          </Box>
        </Flex>
      </form>
    </Card>
  );
}

/**
 * /admin/trash: what was deleted (kind, name, picture, who, when, days left), Restore and Delete forever;
 * for admins, Empty trash and how long the Trash keeps items.
 */
export function TrashPage() {
  const trash = useTrash();
  const empty = useEmptyTrash();
  const admin = useCan('settings');
  const list = trash.data;
  const emptyTrash = (
    <ConfirmDialog
      trigger={
        <Button color="red" variant="soft" disabled={!list?.items.length || empty.isPending}>
          Empty trash
        </Button>
      }
      title="Empty the trash?"
      description="Everything in the Trash is deleted forever, with the files only those items used. This cannot be undone."
      confirmLabel="Empty trash"
      onConfirm={() =>
        empty.mutate(undefined, {
          onSuccess: () => showToast('Trash emptied', 'Everything in it was deleted forever.'),
          onError: (error) =>
            showToast('Error', messageOf(error, 'Failed to empty the trash'), 'destructive'),
        })
      }
    />
  );
  return (
    <>
      <PageHeader
        title="Trash"
        lead={`Deleted items wait here ${days(list?.keep_days ?? 30)}, off the public site, ready to restore.`}
        actions={admin ? emptyTrash : undefined}
      />
      {trash.error && (
        <Callout.Root color="red" mb="4" role="alert">
          <Callout.Text>{messageOf(trash.error, 'Could not load the trash.')}</Callout.Text>
        </Callout.Root>
      )}
      <Flex direction={{ initial: 'column', md: 'row' }} gap="5" align="start">
        <Box flexGrow="1" width="100%" minWidth="0">
          {!list ? (
            <Skeleton height="240px" />
          ) : list.items.length === 0 ? (
            <Card size="3">
              <EmptyState message="The trash is empty." />
            </Card>
          ) : (
            <Table.Root variant="surface" aria-label="Trash" className="admin-table">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>Item</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Deleted</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Kept</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {list.items.map((item) => (
                  <TrashRow key={item.id} item={item} />
                ))}
              </Table.Body>
            </Table.Root>
          )}
        </Box>
        {admin && (
          <Box width={{ initial: '100%', md: '300px' }} flexShrink="0">
            {list ? <KeepForm list={list} /> : <Skeleton height="220px" />}
          </Box>
        )}
      </Flex>
    </>
  );
}
