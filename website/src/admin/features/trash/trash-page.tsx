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
  Text,
  TextField,
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
    <Flex as="div" gap="3" align="center" wrap="wrap" py="3" className="admin-trash__item">
      {item.thumbnail ? (
        <img className="admin-thumb" src={platform.mediaUrl(item.thumbnail)} alt="" />
      ) : (
        <span className="admin-thumb" aria-hidden="true" />
      )}
      <Box flexGrow="1" minWidth="12rem" flexBasis="0">
        <Flex gap="2" align="center" wrap="wrap">
          <Text weight="medium">{name}</Text>
          <Badge color="gray" variant="soft">
            {TRASH_KIND_LABELS[item.kind]}
          </Badge>
        </Flex>
        <Text as="p" size="1" color="gray" mt="1" style={{ overflowWrap: 'anywhere' }}>
          Deleted {relativeTime(item.deleted_at)}{' '}
          {item.deleted_by ? `by ${item.deleted_by.email}` : 'by the system'}
          {' · '}
          <Text color={item.days_left <= 3 ? 'red' : undefined}>{days(item.days_left)} left</Text>
        </Text>
      </Box>
      <Flex gap="2" justify="end" flexShrink="0" ml="auto">
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
              aria-label={`Delete forever: ${name}`}
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
    </Flex>
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
        <Button color="red" variant="soft" highContrast disabled={!list?.items.length || empty.isPending}>
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
            <Card size="2">
              <ul className="admin-plain admin-trash" aria-label="Trash">
                {list.items.map((item) => (
                  <li key={item.id} aria-label={item.label || TRASH_KIND_LABELS[item.kind]}>
                    <TrashRow item={item} />
                  </li>
                ))}
              </ul>
            </Card>
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
