import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { MEDIA_MESSAGES, type StorageBucket, type UploadResult } from '@atelier/shared';
import { FileStore } from '@tus/file-store';
import { ERRORS, type Locker, MemoryLocker, type Upload } from '@tus/server';
import { eq, lt } from 'drizzle-orm';
import { type Db, type HeldLock, lockAcrossServers } from '../../db/client';
import { mediaFiles, uploadResults } from '../../db/schema';
import { diskFull, notFound } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { MediaUses } from '../../ports';
import type { Storage } from '../../storage/local';
import type { VariantQueue } from '../../storage/variant-queue';
import { ingestUpload } from './ingest';
import { toMediaItem } from './media-item';

/** An upload nobody touched for this long is abandoned; a result is kept as long. */
export const UPLOAD_KEPT_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;
/** Metadata the server adds to an upload at its creation (whatever the client sent under these keys). */
export const CALLER_KEYS = { userId: 'uploaded_by', ip: 'uploaded_from' } as const;

interface StagingDeps {
  db: Db;
  storage: Storage;
  variants: VariantQueue;
  media: Pick<MediaUses, 'whereUsed'>;
  env: { stagingDir: string };
  log: Logger;
}

/** A staged upload as tus' file store keeps it: `<id>` (the bytes so far) and `<id>.json` (its declaration). */
export interface StagedUpload {
  id: string;
  size?: number;
  metadata?: Record<string, string | null>;
}

/** Less room than this left on the staging folder's disk after a failed write: it failed for want of room. */
const NEARLY_FULL_BYTES = 1024 * 1024;

/**
 * tus' file store, which says when a write failed because the disk is full (its own error says only that the
 * write failed), and leaves no half-created upload behind.
 */
class StagingStore extends FileStore {
  override async create(upload: Upload) {
    try {
      return await super.create(upload);
    } catch (error) {
      const halves = [upload.id, `${upload.id}.json`].map((name) => path.join(this.directory, name));
      await Promise.all(halves.map((file) => fs.rm(file, { force: true })));
      throw error;
    }
  }

  override async write(readable: Readable, id: string, offset: number) {
    try {
      return await super.write(readable, id, offset);
    } catch (error) {
      const room = await fs.statfs(this.directory).then(
        (s) => s.bavail * s.bsize,
        () => Infinity,
      );
      throw room < NEARLY_FULL_BYTES ? diskFull() : error;
    }
  }
}

/** How long a request waits for an upload another request holds (tus' own wait). */
const LOCK_WAIT_MS = 30_000;
/** How long a complete upload's processing waits for another server's processing of it to end. */
const PROCESSING_WAIT_MS = 10 * 60 * 1000;
/** The name of an upload's lock across servers: tus' requests and the processing take the same one. */
const lockName = (id: string) => `upload:${id}`;

/**
 * The lock that keeps two requests from writing one upload at once (tus' `locker`). On SQLite (one server)
 * it is in the process's memory. On PostgreSQL the servers share the staging folder, so the lock is one per
 * upload across them (`lockAcrossServers`): a request waits for the holder, on whichever server, which is
 * asked to let go (tus ends its PATCH where it is after a short drain, and the waiter then finds the new
 * offset); a server that dies lets go at once.
 */
export function uploadLocker(db: Db): Locker {
  const lock = lockAcrossServers(db);
  if (!lock) return new MemoryLocker({ acquireLockTimeout: LOCK_WAIT_MS });
  return {
    newLock(id) {
      let held: HeldLock | null = null;
      return {
        async lock(signal, requestRelease) {
          held = await lock(lockName(id), {
            timeoutMs: LOCK_WAIT_MS,
            signal,
            onWanted: () => void requestRelease(),
          });
          if (!held) throw ERRORS.ERR_LOCK_TIMEOUT;
        },
        async unlock() {
          await held?.release();
          held = null;
        },
      };
    },
  };
}

export type UploadState =
  | { state: 'done'; result: UploadResult; length: number }
  | { state: 'processing' }
  /** Still receiving bytes, or unknown here: tus answers. */
  | { state: 'open' };

/**
 * The tus staging folder (UPLOAD_STAGING_DIR, by default DATA_DIR/tmp-uploads) and what becomes of a complete
 * upload. An upload is complete for a client only once its result row is committed (with its media row,
 * ingest.ts); until then it is processing.
 * A complete upload without a result (the server stopped while processing it) is processed again at start-up
 * and whenever a client asks about it, each upload once at a time: on PostgreSQL under the upload's lock
 * across servers, so servers sharing the staging folder process it once. The staged copy is removed once the
 * upload has a result or was refused. An hourly sweep removes what was left untouched for a day, stray halves of an
 * upload included, and the results older than that.
 */
export function uploadStaging(deps: StagingDeps) {
  const directory = deps.env.stagingDir;
  const store = new StagingStore({ directory, expirationPeriodInMilliseconds: UPLOAD_KEPT_MS });
  const running = new Map<string, Promise<UploadResult>>();
  const acrossServers = lockAcrossServers(deps.db);
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const files = (id: string) => [path.join(directory, id), path.join(directory, `${id}.json`)];

  async function storedResult(id: string): Promise<{ result: UploadResult; length: number } | null> {
    const found = (
      await deps.db
        .select()
        .from(uploadResults)
        .innerJoin(mediaFiles, eq(mediaFiles.id, uploadResults.media_id))
        .where(eq(uploadResults.id, id))
    )[0];
    if (!found) return null;
    const { upload_results: kept, media_files: row } = found;
    return {
      result: { item: await toMediaItem(deps.media, row), deduplicated: kept.deduplicated },
      length: kept.upload_length,
    };
  }

  /** The staged upload when all its bytes are there, else null. */
  async function complete(id: string): Promise<(StagedUpload & { size: number }) | null> {
    const [data, info] = files(id) as [string, string];
    try {
      const upload = JSON.parse(await fs.readFile(info, 'utf8')) as StagedUpload;
      const { size } = await fs.stat(data);
      return typeof upload.size === 'number' && upload.size === size ? { ...upload, id, size } : null;
    } catch {
      return null;
    }
  }

  async function process(upload: StagedUpload & { size: number }): Promise<UploadResult> {
    try {
      const kept = await storedResult(upload.id);
      if (kept) return kept.result;
      // Refused by another server's run meanwhile: its staged copy went with it.
      if (!(await complete(upload.id))) throw notFound(MEDIA_MESSAGES.noResult);
      const meta = upload.metadata ?? {};
      return await ingestUpload(deps, {
        uploadId: upload.id,
        uploadLength: upload.size,
        file: path.join(directory, upload.id),
        filename: meta.filename ?? '',
        bucket: (meta.bucket as StorageBucket | undefined) || 'projects',
        folderId: meta.folder_id || null,
        userId: meta[CALLER_KEYS.userId] || null,
        ip: meta[CALLER_KEYS.ip] || null,
      });
    } finally {
      // The bytes now live in the store, or were refused: the staged copy goes either way.
      await Promise.all(files(upload.id).map((file) => fs.rm(file, { force: true })));
    }
  }

  /** `process` under the upload's lock across servers: a run that waited finds the other server's result. */
  async function processOnce(upload: StagedUpload & { size: number }): Promise<UploadResult> {
    if (!acrossServers) return process(upload);
    const held = await acrossServers(lockName(upload.id), { timeoutMs: PROCESSING_WAIT_MS });
    if (!held) throw new Error('Another server is still processing this upload');
    try {
      return await process(upload);
    } finally {
      await held.release();
    }
  }

  /** Processes a complete upload, or joins the run already processing it. */
  function finish(upload: StagedUpload & { size: number }): Promise<UploadResult> {
    let run = running.get(upload.id);
    if (!run) {
      run = processOnce(upload).finally(() => running.delete(upload.id));
      running.set(upload.id, run);
    }
    return run;
  }

  /** Starts processing a complete upload nobody is processing; a refusal reaches whoever asks next. */
  function finishInBackground(upload: StagedUpload & { size: number }) {
    finish(upload).catch((error: unknown) =>
      deps.log.warn({ err: error, upload: upload.id }, 'upload refused'),
    );
  }

  /** Complete uploads left without a result (the server stopped while processing them), one at a time. */
  async function recover() {
    const names = await fs.readdir(directory).catch(() => [] as string[]);
    for (const name of names) {
      if (stopped) return;
      const id = name.replace(/\.json$/, '');
      // Done before the stop, which came while its staged copy was being removed: the rest of it goes.
      if (await storedResult(id)) {
        await Promise.all(files(id).map((file) => fs.rm(file, { force: true })));
        continue;
      }
      if (name.endsWith('.json')) continue;
      const upload = await complete(name);
      if (!upload) continue;
      deps.log.info({ upload: name }, 'processing an upload the server stopped processing');
      await finish(upload).catch((error: unknown) =>
        deps.log.warn({ err: error, upload: name }, 'upload refused'),
      );
    }
  }

  /** Removes uploads (or stray halves of one) untouched for a day, and results as old; answers how many uploads. */
  async function sweep(now = Date.now()): Promise<number> {
    const names = await fs.readdir(directory).catch(() => [] as string[]);
    let removed = 0;
    for (const id of new Set(names.map((name) => name.replace(/\.json$/, '')))) {
      if (running.has(id)) continue;
      const touched = await Promise.all(
        files(id).map((file) =>
          fs.stat(file).then(
            (info) => info.mtimeMs,
            () => 0,
          ),
        ),
      );
      if (now - Math.max(...touched) < UPLOAD_KEPT_MS) continue;
      await Promise.all(files(id).map((file) => fs.rm(file, { force: true })));
      removed++;
    }
    const cutoff = new Date(now - UPLOAD_KEPT_MS).toISOString();
    await deps.db.delete(uploadResults).where(lt(uploadResults.created_at, cutoff));
    if (removed > 0) deps.log.info({ removed }, 'abandoned uploads removed');
    return removed;
  }

  return {
    store,
    locker: uploadLocker(deps.db),
    finish,
    sweep,
    /** What a client asking about `id` is told; a complete upload without a result starts processing. */
    async state(id: string): Promise<UploadState> {
      const done = await storedResult(id);
      if (done) return { state: 'done', ...done };
      if (running.has(id)) return { state: 'processing' };
      const upload = await complete(id);
      if (!upload) return { state: 'open' };
      finishInBackground(upload);
      return { state: 'processing' };
    },
    /** Processes what a stop left unprocessed, sweeps, and sweeps again every hour. */
    start() {
      const tick = () =>
        stopped
          ? undefined
          : sweep().catch((error: unknown) => deps.log.warn({ err: error }, 'upload sweep failed'));
      timer = setInterval(tick, SWEEP_EVERY_MS);
      timer.unref();
      return recover().then(tick);
    },
    /** Stops the sweep and waits for the uploads being processed (their rows need the database). */
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.allSettled(running.values());
    },
  };
}
export type UploadStaging = ReturnType<typeof uploadStaging>;
