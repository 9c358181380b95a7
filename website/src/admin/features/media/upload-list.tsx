import { formatBytes } from '@atelier/shared';
import { Button, Card, Flex, IconButton, Progress, Text } from '@radix-ui/themes';
import { showToast } from '../../../lib/toasts';
import type { BatchSummary, UploadTask, UploadTotals } from './upload-queue';

export const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** How a finished batch went, in one toast: "Files uploaded" (stored, already there) or "Upload Error". */
export function showBatchSummary({ stored, deduplicated, failed }: BatchSummary) {
  if (failed) showToast('Upload Error', `${plural(failed, 'file')} could not be uploaded`, 'destructive');
  else if (stored || deduplicated)
    showToast(
      'Files uploaded',
      [
        stored && `${plural(stored, 'file')} uploaded`,
        deduplicated && `${plural(deduplicated, 'file')} already in the library`,
      ]
        .filter(Boolean)
        .join(', '),
    );
}

const percent = (sent: number, total: number) => (total ? Math.round((sent / total) * 100) : 0);

const STATUS_TEXT: Record<UploadTask['status'], string> = {
  queued: 'Waiting',
  uploading: 'Uploading',
  paused: 'Paused',
  done: 'Uploaded',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

interface UploadListProps {
  tasks: UploadTask[];
  totals: UploadTotals;
  onPause(key: string): void;
  onResume(key: string): void;
  onCancel(key: string): void;
  onRetry(key: string): void;
  onClear(): void;
}

/** Each file's progress bar and state, the overall bar, and cancel / pause / retry per file. */
export function UploadList({
  tasks,
  totals,
  onPause,
  onResume,
  onCancel,
  onRetry,
  onClear,
}: UploadListProps) {
  if (!tasks.length) return null;
  const overall = percent(totals.sent, totals.total);
  return (
    <Card asChild>
      <section aria-label="Uploads">
        <Flex justify="between" align="center" gap="3" mb="2">
          <Text weight="medium" size="2">
            {totals.active
              ? `Uploading ${totals.active} of ${tasks.length} files`
              : `${totals.done} of ${tasks.length} files uploaded`}
            {totals.failed ? ` · ${totals.failed} failed` : ''}
          </Text>
          {!totals.active && (
            <Button size="1" variant="soft" highContrast color="gray" onClick={onClear}>
              Clear
            </Button>
          )}
        </Flex>
        <Progress value={overall} aria-label="All uploads" aria-valuetext={`${overall}%`} size="2" />
        <ul className="media-uploads">
          {tasks.map((task) => {
            const value = task.status === 'done' ? 100 : percent(task.sent, task.total);
            const name = task.file.relativePath ?? task.file.name;
            return (
              <li key={task.key} className="media-uploads__row" data-status={task.status}>
                <Flex justify="between" align="center" gap="2">
                  <Text size="2" truncate title={name}>
                    {name}
                  </Text>
                  <Flex align="center" gap="2" flexShrink="0">
                    <Text size="1" color={task.status === 'failed' ? 'red' : 'gray'}>
                      {task.status === 'done' && task.deduplicated
                        ? 'Already in the library'
                        : task.status === 'uploading' && task.total > 0 && task.sent >= task.total
                          ? 'Processing…' // every byte sent: the server checks and re-encodes the image
                          : `${STATUS_TEXT[task.status]} · ${formatBytes(task.total)}`}
                    </Text>
                    {task.status === 'uploading' && (
                      <Button
                        size="1"
                        variant="soft"
                        highContrast
                        onClick={() => onPause(task.key)}
                        aria-label={`Pause ${name}`}
                      >
                        Pause
                      </Button>
                    )}
                    {task.status === 'paused' && (
                      <Button
                        size="1"
                        variant="soft"
                        highContrast
                        onClick={() => onResume(task.key)}
                        aria-label={`Resume ${name}`}
                      >
                        Resume
                      </Button>
                    )}
                    {(task.status === 'failed' || task.status === 'cancelled') && (
                      <Button
                        size="1"
                        variant="soft"
                        highContrast
                        onClick={() => onRetry(task.key)}
                        aria-label={`Retry ${name}`}
                      >
                        Retry
                      </Button>
                    )}
                    {['queued', 'uploading', 'paused'].includes(task.status) && (
                      <IconButton
                        size="1"
                        variant="soft"
                        highContrast
                        color="gray"
                        onClick={() => onCancel(task.key)}
                        aria-label={`Cancel ${name}`}
                      >
                        <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
                          <path d="M2 2l8 8M10 2l-8 8" stroke="currentColor" strokeWidth="1.5" />
                        </svg>
                      </IconButton>
                    )}
                  </Flex>
                </Flex>
                <Progress
                  value={value}
                  size="1"
                  color={task.status === 'failed' ? 'red' : task.status === 'done' ? 'green' : undefined}
                  aria-label={`Upload of ${name}`}
                  aria-valuetext={`${value}%`}
                />
                {task.error && (
                  <Text size="1" color="red" role="alert">
                    {task.error}
                  </Text>
                )}
              </li>
            );
          })}
        </ul>
      </section>
    </Card>
  );
}
