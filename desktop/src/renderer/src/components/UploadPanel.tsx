import { formatBytes } from '@atelier/shared';
import { useEffect, useState } from 'react';
import type { QueueSnapshot, UploadItemView } from '../../../shared/ipc';
import { call, on } from '../lib/bridge';
import { formatDuration } from '../lib/format';

const STATUS: Record<UploadItemView['status'], string> = {
  queued: 'Waiting',
  uploading: 'Uploading',
  paused: 'Paused',
  done: 'Done',
  failed: 'Failed',
  refused: 'Not uploaded',
  cancelled: 'Cancelled',
};

/** The main process's upload queue: every file from the disk, its progress, and its controls. */
export function UploadPanel({
  dragging,
  onDropFiles,
}: {
  dragging: boolean;
  onDropFiles: (files: File[]) => void;
}) {
  const [snapshot, setSnapshot] = useState<QueueSnapshot | null>(null);
  const [open, setOpen] = useState(true);
  const [prepare, setPrepare] = useState<boolean | null>(null);

  useEffect(() => {
    const stop = on('uploads:changed', setSnapshot);
    void call('uploads:get').then(setSnapshot);
    void call('app:info').then((info) => setPrepare(info.prepareImages));
    return stop;
  }, []);

  const items = snapshot?.items ?? [];
  if (items.length === 0 && !dragging) return null;
  const totals = snapshot?.totals;
  const control = (action: 'pause' | 'resume' | 'cancel' | 'retry', id: string) =>
    void call('uploads:control', { action, id });

  return (
    <section className="uploads" aria-label="Uploads">
      <header>
        <h2>
          Uploads{totals ? ` · ${totals.done} of ${totals.files} done` : ''}
          {totals && totals.failed > 0 ? ` · ${totals.failed} failed` : ''}
        </h2>
        <button type="button" onClick={() => void call('uploads:clear')}>
          Clear finished
        </button>
        <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide' : 'Show'}
        </button>
      </header>
      {totals && totals.files > 0 && (
        <div className="summary">
          <progress aria-label="All uploads" max={totals.bytesTotal || 1} value={totals.bytesSent} />
          <span className="muted">
            {formatBytes(totals.bytesSent)} of {formatBytes(totals.bytesTotal)}
            {totals.speed > 0 && ` · ${formatBytes(totals.speed)}/s`}
            {totals.secondsLeft !== null && ` · ${formatDuration(totals.secondsLeft)} left`}
          </span>
        </div>
      )}
      {open && (
        <ul>
          {items.map((item) => (
            <li key={item.id} aria-label={item.name}>
              <div className="row">
                <span className="name" title={item.path}>
                  {[...item.folderPath, item.name].join(' / ')}
                </span>
                <span className="muted">{STATUS[item.status]}</span>
                {(item.status === 'uploading' || item.status === 'queued') && (
                  <button
                    type="button"
                    onClick={() => control('pause', item.id)}
                    aria-label={`Pause ${item.name}`}
                  >
                    Pause
                  </button>
                )}
                {item.status === 'paused' && (
                  <button
                    type="button"
                    onClick={() => control('resume', item.id)}
                    aria-label={`Resume ${item.name}`}
                  >
                    Resume
                  </button>
                )}
                {(item.status === 'failed' || item.status === 'cancelled') && (
                  <button
                    type="button"
                    onClick={() => control('retry', item.id)}
                    aria-label={`Retry ${item.name}`}
                  >
                    Retry
                  </button>
                )}
                {['queued', 'uploading', 'paused', 'failed'].includes(item.status) && (
                  <button
                    type="button"
                    onClick={() => control('cancel', item.id)}
                    aria-label={`Cancel ${item.name}`}
                  >
                    Cancel
                  </button>
                )}
              </div>
              {['uploading', 'paused', 'queued'].includes(item.status) && (
                <progress
                  aria-label={`${item.name} progress`}
                  max={item.sendSize || 1}
                  value={item.bytesSent}
                />
              )}
              {item.status === 'uploading' && item.speed > 0 && (
                <span className="muted">
                  {formatBytes(item.bytesSent)} of {formatBytes(item.sendSize)} · {formatBytes(item.speed)}/s
                  · {formatDuration((item.sendSize - item.bytesSent) / item.speed)} left
                </span>
              )}
              {item.sendSize < item.size && (
                <span className="muted">
                  Sized for the web: {formatBytes(item.size)} → {formatBytes(item.sendSize)}
                </span>
              )}
              {item.error && <span className="error">{item.error}</span>}
              {item.result?.deduplicated && <span className="muted">Already in the library: kept once.</span>}
            </li>
          ))}
        </ul>
      )}
      <DropTarget dragging={dragging} onDropFiles={onDropFiles} />
      {prepare !== null && (
        <label className="setting">
          <input
            type="checkbox"
            checked={prepare}
            onChange={(event) => {
              const enabled = event.target.checked;
              setPrepare(enabled);
              void call('uploads:prepare-images', { enabled });
            }}
          />
          Size photographs for the web before sending (the originals stay as they are)
        </label>
      )}
    </section>
  );
}

function DropTarget({ dragging, onDropFiles }: { dragging: boolean; onDropFiles: (files: File[]) => void }) {
  const [over, setOver] = useState(false);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target; File › Add Files… does the same by keyboard
    <div
      className="drop"
      data-over={over || dragging}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        onDropFiles(Array.from(event.dataTransfer.files));
      }}
    >
      Drop files or folders here to add them to the media library
    </div>
  );
}
