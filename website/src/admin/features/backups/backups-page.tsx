import { type BackupItem, type BackupList, BackupSchedule, formatBytes } from '@atelier/shared';
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
import { format } from 'date-fns';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { messageOf } from '../../../lib/failure';
import { showToast } from '../../../lib/toasts';
import { showSaveError } from '../../ui/form-errors';
import { FormField } from '../../ui/form-field';
import { relativeTime } from '../../ui/format';
import { PageHeader } from '../../ui/page-header';
import { useBackUpNow, useBackups, useDownloadBackup, useSaveSchedule } from './api';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function BackupRow({ backup }: { backup: BackupItem }) {
  const download = useDownloadBackup();
  const [downloading, setDownloading] = useState(false);
  const save = async () => {
    setDownloading(true);
    try {
      await download(backup.name);
    } catch (error) {
      showToast('Error', messageOf(error, 'Could not download the backup.'), 'destructive');
    } finally {
      setDownloading(false);
    }
  };
  const ok = backup.status === 'ok';
  return (
    <Table.Row>
      <Table.RowHeaderCell>
        <Flex gap="2" align="center" wrap="wrap">
          <Text weight="medium" style={{ whiteSpace: 'nowrap' }}>
            {format(new Date(backup.created_at), 'MMM d, yyyy, HH:mm')}
          </Text>
          <Badge color={ok ? 'green' : 'red'} highContrast>
            {ok ? 'Complete' : 'Failed'}
          </Badge>
        </Flex>
        <Text as="div" size="1" color="gray" mt="1">
          {relativeTime(backup.created_at)}
          {ok &&
            ` · ${plural(backup.projects, 'project')}, ${plural(backup.blog_posts, 'post')}, ${plural(backup.inquiries, 'inquiry', 'inquiries')}, ${plural(backup.media_files, 'media file')}`}
        </Text>
        {!ok && (
          <Text as="div" size="1" color="red">
            {backup.error}
          </Text>
        )}
      </Table.RowHeaderCell>
      <Table.Cell style={{ whiteSpace: 'nowrap' }}>
        {ok && (
          <>
            <Text as="div">{formatBytes(backup.bytes)}</Text>
            <Text as="div" size="1" color="gray">
              {formatBytes(backup.new_bytes)} new
            </Text>
          </>
        )}
      </Table.Cell>
      <Table.Cell justify="end">
        {ok && (
          <Button
            variant="soft"
            color="gray"
            size="1"
            disabled={downloading}
            onClick={() => void save()}
            aria-label={`Download the backup of ${format(new Date(backup.created_at), 'MMM d, yyyy, HH:mm')}`}
          >
            {downloading ? 'Preparing…' : 'Download'}
          </Button>
        )}
      </Table.Cell>
    </Table.Row>
  );
}

function ScheduleForm({ list }: { list: BackupList }) {
  const save = useSaveSchedule();
  const { register, handleSubmit, reset, formState, setError } = useForm<BackupSchedule>({
    resolver: zodResolver(BackupSchedule),
    defaultValues: list.schedule,
  });
  useEffect(() => reset(list.schedule), [list.schedule, reset]);
  const errors = formState.errors;
  const onValid = (schedule: BackupSchedule) =>
    save.mutate(schedule, {
      onSuccess: () => showToast('Schedule saved.', `The server backs up every night at ${schedule.time}.`),
      onError: (error) => showSaveError(error, setError, 'Could not save the schedule.'),
    });
  return (
    <Card size="3">
      <form onSubmit={handleSubmit(onValid)} noValidate aria-label="Backup schedule">
        <Heading as="h2" size="4" mb="1">
          Schedule
        </Heading>
        <Text as="p" size="2" color="gray" mb="4">
          The server backs up by itself every night and keeps the newest backup of each recent day, then one a
          week before those.
        </Text>
        <Flex direction="column" gap="3">
          <FormField
            label="Time of the nightly backup"
            error={errors.time?.message}
            hint="On the server's clock."
          >
            <TextField.Root type="time" {...register('time')} />
          </FormField>
          <FormField label="Daily backups kept" error={errors.keep_daily?.message}>
            <TextField.Root
              type="number"
              min={1}
              max={90}
              {...register('keep_daily', { valueAsNumber: true })}
            />
          </FormField>
          <FormField label="Weekly backups kept" error={errors.keep_weekly?.message}>
            <TextField.Root
              type="number"
              min={0}
              max={104}
              {...register('keep_weekly', { valueAsNumber: true })}
            />
          </FormField>
          <Box>
            <Button type="submit" disabled={save.isPending || !formState.isDirty}>
              {save.isPending ? 'Saving...' : 'Save Schedule'}
            </Button>
          </Box>
        </Flex>
      </form>
    </Card>
  );
}

/**
 * /admin/backups: the backups kept (size, contents, status) and the failed runs, "Back up now", a backup's
 * download, and the nightly schedule.
 */
export function BackupsPage() {
  const backups = useBackups();
  const backUp = useBackUpNow();
  const list = backups.data;
  const busy = backUp.isPending || list?.running;
  const backUpNow = () =>
    backUp.mutate(undefined, {
      onSuccess: (made) =>
        showToast(
          'Backup complete.',
          `${formatBytes(made.bytes)}, ${plural(made.media_files, 'media file')}.`,
        ),
      onError: (error) => showToast('Backup failed', messageOf(error, 'The backup failed.'), 'destructive'),
    });
  return (
    <>
      <PageHeader
        title="Backups"
        lead="Complete copies of the site: its database, its keys and every photograph and document."
        actions={
          <Button onClick={backUpNow} disabled={busy || !list}>
            {busy ? 'Backing up…' : 'Back up now'}
          </Button>
        }
      />
      {backups.error && (
        <Callout.Root color="red" mb="4" role="alert">
          <Callout.Text>{messageOf(backups.error, 'Could not load the backups.')}</Callout.Text>
        </Callout.Root>
      )}
      {list?.stale && (
        <Callout.Root color="amber" mb="4" role="alert">
          <Callout.Text>
            {list.last_good_at
              ? `The last complete backup is from ${relativeTime(list.last_good_at)}.`
              : 'The site has never been backed up.'}{' '}
            Back up now, and check the failed runs below.
          </Callout.Text>
        </Callout.Root>
      )}
      <Flex direction={{ initial: 'column', md: 'row' }} gap="5" align="start">
        <Box flexGrow="1" width="100%" minWidth="0">
          {!list ? (
            <Skeleton height="240px" />
          ) : list.backups.length === 0 ? (
            <Card size="3">
              <Text as="p" color="gray">
                No backups yet. The first one is made tonight at {list.schedule.time}, or now with "Back up
                now".
              </Text>
            </Card>
          ) : (
            <Table.Root variant="surface" aria-label="Backups" className="admin-table">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>Made</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Size</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {list.backups.map((backup) => (
                  <BackupRow key={backup.name} backup={backup} />
                ))}
              </Table.Body>
            </Table.Root>
          )}
          {list && (
            <Text as="p" size="1" color="gray" mt="3">
              Kept in {list.backup_dir}. A backup on the site's own disk is lost with that disk: point
              BACKUP_DIR at another disk, or download a backup now and then.
            </Text>
          )}
        </Box>
        <Box width={{ initial: '100%', md: '340px' }} flexShrink="0">
          {list ? <ScheduleForm list={list} /> : <Skeleton height="320px" />}
        </Box>
      </Flex>
    </>
  );
}
