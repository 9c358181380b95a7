import type { RevisionMark, RevisionSummary } from '@atelier/shared';
import { Badge, Box, Button, Callout, Card, Dialog, Flex, Heading, Skeleton, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { messageOf } from '../../lib/failure';
import { showToast } from '../../lib/toasts';
import { type HistoryOf, useRestoreRevision, useRevision, useRevisions } from '../api/revisions';
import { usePlatform } from '../platform-context';
import { ConfirmDialog } from './confirm-dialog';
import { formatDate, relativeTime } from './format';
import { type DiffField, RecordDiff } from './record-diff';

const MARKS: Record<RevisionMark, { label: string; color?: 'green' | 'gray' | 'blue' | 'amber' }> = {
  created: { label: 'Created', color: 'blue' },
  updated: { label: 'Edited' },
  published: { label: 'Published', color: 'green' },
  unpublished: { label: 'Unpublished', color: 'gray' },
  restored: { label: 'Restored', color: 'amber' },
  featured: { label: 'Featured' },
  unfeatured: { label: 'Unfeatured' },
  submitted: { label: 'Submitted for review' },
  returned: { label: 'Returned to its author' },
};

/** The version the form shows; its `updated_at` (where the entity has one) is the restore's If-Match. */
type Current = Record<string, unknown>;

/** What changed, in the form's words: the labels of the fields it names (others are not shown on the form). */
function changedText(revision: RevisionSummary, fields: DiffField[]) {
  if (revision.mark === 'created') return 'First version';
  const labels = fields.filter((f) => revision.changed_fields.includes(f.key)).map((f) => f.label);
  return labels.length ? labels.join(', ') : 'No field changed';
}

/**
 * An edit form's History: the item's revisions newest first (who, when, what changed, the published/restored
 * marks), any of them compared with the current version, and "Restore this version", which saves it again
 * (as a new revision, with the form's version as If-Match). `onRestored` reloads the form.
 */
export function HistoryPanel({
  item,
  fields,
  current,
  onRestored,
}: {
  item: HistoryOf;
  fields: DiffField[];
  current: Current;
  onRestored(item: Current): void;
}) {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number>();
  const list = useRevisions(item, page, current.updated_at);
  const pages = list.data ? Math.ceil(list.data.total / list.data.pageSize) : 1;
  return (
    <Card size={{ initial: '2', sm: '3' }} asChild>
      <section aria-labelledby="history-heading" className="history-panel">
        <Heading as="h2" size="4" id="history-heading" mb="1">
          History
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          Every saved version, newest first. Compare one with the current version, or restore it.
        </Text>
        {list.isPending ? (
          <Skeleton height="96px" />
        ) : list.isError ? (
          <Text size="2" color="red">
            {messageOf(list.error, 'Could not load the history.')}
          </Text>
        ) : list.data.items.length === 0 ? (
          <Text size="2" color="gray">
            No saved versions yet: the next save keeps the first.
          </Text>
        ) : (
          <ol className="history-list">
            {list.data.items.map((revision, index) => {
              const mark = MARKS[revision.mark];
              const latest = page === 1 && index === 0;
              return (
                <li key={revision.id} className="history-item">
                  <Flex justify="between" align="center" gap="3" wrap="wrap">
                    <Box minWidth="0">
                      <Flex gap="2" align="center" wrap="wrap">
                        <Badge
                          color={mark.color ?? 'gray'}
                          variant={mark.color ? 'soft' : 'outline'}
                          highContrast
                        >
                          {mark.label}
                        </Badge>
                        <Text size="2" weight="medium">
                          {revision.actor?.name ?? 'Atelier'}
                        </Text>
                        <Text size="2" color="gray">
                          <time dateTime={revision.created_at} title={formatDate(revision.created_at)}>
                            {relativeTime(revision.created_at)}
                          </time>
                        </Text>
                        {latest && (
                          <Text size="1" color="gray">
                            (current)
                          </Text>
                        )}
                      </Flex>
                      <Text as="p" size="1" color="gray" mt="1">
                        {changedText(revision, fields)}
                      </Text>
                    </Box>
                    {!latest && (
                      <Button
                        size="1"
                        variant="soft"
                        onClick={() => setOpen(revision.id)}
                        aria-label={`Compare the version of ${formatDate(revision.created_at)} ${new Date(revision.created_at).toLocaleTimeString()} with the current one`}
                      >
                        Compare
                      </Button>
                    )}
                  </Flex>
                </li>
              );
            })}
          </ol>
        )}
        {pages > 1 && (
          <Flex gap="2" justify="end" mt="3">
            <Button size="1" variant="ghost" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Newer
            </Button>
            <Button size="1" variant="ghost" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Older
            </Button>
          </Flex>
        )}
        {open !== undefined && (
          <CompareDialog
            item={item}
            revision={open}
            fields={fields}
            current={current}
            onClose={() => setOpen(undefined)}
            onRestored={onRestored}
          />
        )}
      </section>
    </Card>
  );
}

/** A revision beside the current version, with its restore (asked first). */
function CompareDialog({
  item,
  revision,
  fields,
  current,
  onClose,
  onRestored,
}: {
  item: HistoryOf;
  revision: number;
  fields: DiffField[];
  current: Current;
  onClose(): void;
  onRestored(item: Current): void;
}) {
  const platform = usePlatform();
  const found = useRevision(item, revision);
  const restore = useRestoreRevision(item);
  const [missing, setMissing] = useState<string[]>([]);
  const when = found.data
    ? `${formatDate(found.data.created_at)}, ${new Date(found.data.created_at).toLocaleTimeString()}`
    : '';
  const run = () =>
    restore.mutate(
      { revision, version: typeof current.updated_at === 'string' ? current.updated_at : undefined },
      {
        onSuccess: (answer) => {
          showToast('Version restored', `The version of ${when} is the current one again.`);
          onRestored(answer.item);
          if (answer.missing_images.length) setMissing(answer.missing_images);
          else onClose();
        },
        onError: (error) =>
          showToast('Error', messageOf(error, 'Could not restore this version.'), 'destructive'),
      },
    );
  return (
    <Dialog.Root open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <Dialog.Content maxWidth="960px" aria-describedby="compare-description">
        <Dialog.Title>Compare versions</Dialog.Title>
        <Dialog.Description size="2" color="gray" id="compare-description" mb="4">
          {found.data
            ? `${MARKS[found.data.mark].label} by ${found.data.actor?.name ?? 'Atelier'} on ${when}, beside the current version.`
            : 'Loading the version…'}
        </Dialog.Description>
        {missing.length > 0 && (
          <Callout.Root color="amber" role="status" mb="4">
            <Callout.Text>
              Restored without {missing.length === 1 ? 'an image' : `${missing.length} images`} since deleted
              from the media library: {missing.map((url) => url.split('/').pop()).join(', ')}.
            </Callout.Text>
          </Callout.Root>
        )}
        {found.isError && <Text color="red">{messageOf(found.error, 'Could not load this version.')}</Text>}
        {found.data ? (
          <RecordDiff
            fields={fields}
            before={found.data.data}
            after={current}
            mediaUrl={(url) => platform.mediaUrl(url)}
            labels={['This version', 'Current']}
          />
        ) : (
          !found.isError && <Skeleton height="160px" />
        )}
        <Flex gap="3" mt="5" justify="end" wrap="wrap">
          <Dialog.Close>
            <Button variant="soft" color="gray" highContrast>
              Close
            </Button>
          </Dialog.Close>
          {missing.length === 0 && (
            <ConfirmDialog
              trigger={
                <Button disabled={!found.data || restore.isPending}>
                  {restore.isPending ? 'Restoring...' : 'Restore this version'}
                </Button>
              }
              title="Restore this version?"
              description={`The version of ${when} becomes the current one, saved as a new version: nothing is lost, the current version stays in the history.`}
              confirmLabel="Restore"
              onConfirm={run}
            />
          )}
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
