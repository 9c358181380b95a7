import { ERROR_CODES, MEDIA_MESSAGES, type MediaItem, RequestFailure } from '@atelier/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { create } from 'zustand';
import { messageOf } from '../../../lib/failure';
import { showToast } from '../../../lib/toasts';
import { mediaKeys } from '../../api/media-library';
import type { AdminPlatform, HostUpload, PickedFile, UploadHandle } from '../../platform';
import { usePlatform } from '../../platform-context';
import { ensureFolder } from './api';

export type UploadStatus = 'queued' | 'uploading' | 'paused' | 'done' | 'failed' | 'cancelled';

export interface UploadTask {
  key: string;
  file: PickedFile;
  /** Where the file goes: the folder it was dropped in, then its own sub-folders (a dropped folder). */
  parentId: string | null;
  path: string[];
  sent: number;
  total: number;
  status: UploadStatus;
  error?: string;
  item?: MediaItem;
  deduplicated?: boolean;
}

/** At most this many files travel at once; the rest wait their turn. */
const PARALLEL = 2;

interface QueueState {
  tasks: UploadTask[];
}
const useQueue = create<QueueState>(() => ({ tasks: [] }));
const handles = new Map<string, UploadHandle>();
let counter = 0;

const update = (key: string, change: Partial<UploadTask>) =>
  useQueue.setState(({ tasks }) => ({
    tasks: tasks.map((task) => (task.key === key ? { ...task, ...change } : task)),
  }));

/** The folder path of a file inside a dropped or picked folder: "a/b/c.jpg" → ["a", "b"]. */
export const folderPath = (file: PickedFile) =>
  (file.relativePath ?? '').split('/').filter(Boolean).slice(0, -1);

interface Runner {
  platform: AdminPlatform;
  onFinished(): void;
}

const PENDING: UploadStatus[] = ['queued', 'uploading', 'paused'];

// The folders made for one batch, so a folder of 40 files asks for each sub-folder once.
const folders = new Map<string, Promise<string>>();
function folderFor(platform: AdminPlatform, task: UploadTask): Promise<string | null> {
  if (!task.path.length) return Promise.resolve(task.parentId);
  const key = `${task.parentId ?? ''}/${task.path.join('/')}`;
  let found = folders.get(key);
  if (!found) {
    found = ensureFolder(platform, task.parentId, task.path).then((folder) => folder.id);
    found.catch(() => folders.delete(key));
    folders.set(key, found);
  }
  return found;
}

async function run(runner: Runner, task: UploadTask) {
  const { platform } = runner;
  update(task.key, { status: 'uploading', sent: 0, error: undefined });
  try {
    // The server's own limit, refused before a byte is sent (the server would refuse it after the first chunk).
    const max = await platform.maxUploadBytes();
    if (max !== null && task.file.size > max)
      throw new RequestFailure({
        status: 413,
        code: ERROR_CODES.payloadTooLarge,
        message: MEDIA_MESSAGES.tooLarge(max),
      });
    const folderId = await folderFor(platform, task);
    if (useQueue.getState().tasks.find((t) => t.key === task.key)?.status === 'cancelled') return;
    const handle = platform.upload(task.file, {
      folderId,
      onProgress: (sent, total) => update(task.key, { sent, total }),
    });
    handles.set(task.key, handle);
    const result = await handle.promise;
    update(task.key, {
      status: 'done',
      sent: task.total,
      item: result.item,
      deduplicated: result.deduplicated,
    });
  } catch (error) {
    const current = useQueue.getState().tasks.find((t) => t.key === task.key);
    if (current?.status !== 'cancelled')
      update(task.key, {
        status: 'failed',
        error: messageOf(error, 'Failed to upload image'),
      });
  } finally {
    handles.delete(task.key);
    pump(runner);
    runner.onFinished();
  }
}

/** Starts waiting files while fewer than PARALLEL are travelling. */
function pump(runner: Runner) {
  const { tasks } = useQueue.getState();
  let active = tasks.filter((task) => task.status === 'uploading' || task.status === 'paused').length;
  for (const task of tasks) {
    if (active >= PARALLEL) break;
    if (task.status !== 'queued') continue;
    active += 1;
    void run(runner, task);
  }
}

const fromHost = (upload: HostUpload): UploadTask => ({
  key: upload.key,
  file: upload.file,
  parentId: null,
  path: [],
  sent: upload.sent,
  total: upload.total,
  status: upload.status,
  error: upload.error,
  item: upload.result?.item,
  deduplicated: upload.result?.deduplicated,
});

/** How a batch ended: new files stored, files the library already had, files refused or failed. */
export interface BatchSummary {
  stored: number;
  deduplicated: number;
  failed: number;
}

export interface UploadTotals {
  sent: number;
  total: number;
  active: number;
  done: number;
  failed: number;
}

/**
 * The library's upload queue: each file with its progress, pause/resume, cancel and retry, and the totals for
 * the overall bar. It lives beyond the media screen, so leaving the page does not stop an upload.
 */
export function useUploads(onBatchDone?: (summary: BatchSummary) => void) {
  const platform = usePlatform();
  const client = useQueryClient();
  const tasks = useQueue((state) => state.tasks);
  const batchDone = useRef(onBatchDone);
  batchDone.current = onBatchDone;
  const runner = useMemo<Runner>(
    () => ({
      platform,
      onFinished: () => {
        void client.invalidateQueries({ queryKey: mediaKeys.all });
        const all = useQueue.getState().tasks;
        if (all.some((task) => PENDING.includes(task.status))) return;
        const done = all.filter((task) => task.status === 'done');
        batchDone.current?.({
          stored: done.filter((task) => !task.deduplicated).length,
          deduplicated: done.filter((task) => task.deduplicated).length,
          failed: all.filter((task) => task.status === 'failed').length,
        });
      },
    }),
    [platform, client],
  );

  // A host with its own queue (the desktop app): the list is that queue, and a file it finishes ends a
  // batch the same way.
  const host = platform.uploadQueue;
  useEffect(() => {
    if (!host) return;
    let finished = -1;
    return host.subscribe((uploads) => {
      useQueue.setState({ tasks: uploads.map(fromHost) });
      const now = uploads.filter((upload) => !PENDING.includes(upload.status)).length;
      if (finished >= 0 && now > finished) runner.onFinished();
      finished = now;
    });
  }, [host, runner]);

  const totals = useMemo<UploadTotals>(() => {
    const counted = tasks.filter((task) => task.status !== 'cancelled');
    return {
      sent: counted.reduce((sum, task) => sum + (task.status === 'done' ? task.total : task.sent), 0),
      total: counted.reduce((sum, task) => sum + task.total, 0),
      active: tasks.filter((task) => PENDING.includes(task.status)).length,
      done: tasks.filter((task) => task.status === 'done').length,
      failed: tasks.filter((task) => task.status === 'failed').length,
    };
  }, [tasks]);

  return useMemo(
    () => ({
      tasks,
      totals,
      add(files: PickedFile[], parentId: string | null) {
        if (host) {
          host
            .add(files, parentId)
            .catch((error: unknown) =>
              showToast('Upload Error', messageOf(error, 'Failed to upload image'), 'destructive'),
            );
          return;
        }
        // A new batch starts a fresh list (and fresh folder look-ups) once the last one is over.
        if (!useQueue.getState().tasks.some((task) => PENDING.includes(task.status))) {
          folders.clear();
          useQueue.setState({ tasks: [] });
        }
        const added = files.map<UploadTask>((file) => ({
          key: `upload-${++counter}`,
          file,
          parentId,
          path: folderPath(file),
          sent: 0,
          total: file.size,
          status: 'queued',
        }));
        useQueue.setState(({ tasks }) => ({ tasks: [...tasks, ...added] }));
        pump(runner);
      },
      pause(key: string) {
        if (host) return host.control(key, 'pause');
        handles.get(key)?.pause();
        update(key, { status: 'paused' });
      },
      resume(key: string) {
        if (host) return host.control(key, 'resume');
        update(key, { status: 'uploading' });
        handles.get(key)?.resume();
      },
      cancel(key: string) {
        if (host) return host.control(key, 'cancel');
        update(key, { status: 'cancelled' });
        handles.get(key)?.cancel();
        pump(runner);
      },
      retry(key: string) {
        if (host) return host.control(key, 'retry');
        update(key, { status: 'queued', sent: 0, error: undefined });
        pump(runner);
      },
      /** Clears the finished rows (done, failed, cancelled) from the list. */
      clearFinished() {
        if (host) return host.clearFinished();
        useQueue.setState(({ tasks }) => ({
          tasks: tasks.filter((task) => PENDING.includes(task.status)),
        }));
      },
    }),
    [tasks, totals, runner, host],
  );
}
