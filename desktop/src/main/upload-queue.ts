/**
 * The upload queue of the desktop app: files are read from their paths and streamed to the server's
 * tus endpoint (/api/admin/uploads) by tus-js-client, three at a time. The renderer only ever sees
 * the queue's state, never a file's bytes.
 *
 * It survives a lost connection (tus retries, then resumes from the server's offset) and an app
 * restart (the state is persisted; a file changed on disk since it was queued starts over).
 * No electron import: tests drive it against a real server.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import {
  type ApiErrorBody,
  awaitUploadResult,
  parseUploadResult,
  type UploadBucket,
  type UploadResult,
} from '@atelier/shared';
import { type DetailedError, type HttpRequest, type HttpResponse, Upload } from 'tus-js-client';
import { fingerprint, preflight, sizeRefusal } from './file-check';
import { isPhoto, prepareImage } from './image-prep';

export type UploadStatus = 'queued' | 'uploading' | 'paused' | 'done' | 'failed' | 'refused' | 'cancelled';

export interface UploadTarget {
  folderId: string | null;
  bucket: UploadBucket;
}

export interface UploadItem {
  id: string;
  path: string;
  name: string;
  /** The file's size on disk. */
  size: number;
  /** What is sent: the photograph sized for the web (once prepared), else the file as it is. */
  sendSize: number;
  /** The photograph sized for the web, sent instead of `path` (removed once the upload is over). */
  preparedPath: string | null;
  mtimeMs: number;
  fingerprint: string;
  mimeType: string | null;
  target: UploadTarget;
  /** Folders between the drop target and the file, for a dropped folder (recreated on the server). */
  folderPath: string[];
  status: UploadStatus;
  bytesSent: number;
  /** The tus upload's URL on the server once created: what a resume continues. */
  uploadUrl: string | null;
  /** Where the last resume started, from the server's Upload-Offset (null: never resumed). */
  resumedFrom: number | null;
  /** Set when the file changed on disk after it was queued, so its upload started over. */
  restarted: boolean;
  error: string | null;
  /** Bytes per second, smoothed; 0 when not uploading. */
  speed: number;
  result: UploadResult | null;
}

export interface QueueSnapshot {
  items: UploadItem[];
  totals: {
    files: number;
    done: number;
    active: number;
    failed: number;
    bytesTotal: number;
    bytesSent: number;
    /** Bytes per second over the active uploads. */
    speed: number;
    /** Seconds left at the current speed; null when nothing moves. */
    secondsLeft: number | null;
  };
}

export interface UploadQueueOptions {
  /** The tus endpoint, e.g. http://127.0.0.1:8787/api/admin/uploads (read at each start). */
  endpoint: () => string;
  accessToken: () => Promise<string>;
  /** A JSON file in the app data folder: the queue as it was at the last change. */
  stateFile: string;
  /** Creates the missing folders of `path` below `parentId` and answers the deepest one's id. */
  ensureFolder?: (parentId: string | null, path: string[]) => Promise<string>;
  concurrency?: number;
  /** The server's largest upload (null: it did not say, and only the server judges the size). */
  maxBytes?: () => Promise<number | null>;
  /**
   * The longest edge photographs are sized down to before sending (the server's figure), or null to send
   * them as they are (the setting is off, or the server did not say).
   */
  largestImageEdge?: () => Promise<number | null>;
  /** Waits between tus retries; the default keeps trying for about ten minutes. */
  retryDelays?: number[];
  /** Told of every answer of the server, and of every request nothing answered (the app's banner). */
  connection?: { reached(): void; lost(): void };
}

const ACTIVE: UploadStatus[] = ['queued', 'uploading'];
const DEFAULT_RETRY_DELAYS = [500, 1000, 2000, 3000, ...Array<number>(120).fill(5000)];
const PROGRESS_SAVE_MS = 1000;
/** A failure because nothing answered: retried by itself once the server answers again. */
const UNREACHABLE = 'The server stopped answering. It goes on once the server answers again.';

type Listener = (snapshot: QueueSnapshot) => void;

export class UploadQueue {
  private items: UploadItem[] = [];
  private readonly running = new Map<string, { upload: Upload; stop: (status: UploadStatus) => void }>();
  private readonly listeners = new Set<Listener>();
  private readonly folders = new Map<string, Promise<string>>();
  private saving: Promise<void> = Promise.resolve();
  private lastProgressSave = 0;
  /** Set while the app quits: nothing new starts. */
  private suspended = false;
  private readonly concurrency: number;

  private constructor(private readonly options: UploadQueueOptions) {
    this.concurrency = options.concurrency ?? 3;
  }

  private async maxBytes(): Promise<number | null> {
    return (await this.options.maxBytes?.().catch(() => null)) ?? null;
  }

  private async largestEdge(): Promise<number | null> {
    return (await this.options.largestImageEdge?.().catch(() => null)) ?? null;
  }

  /** Why the server would refuse the file's size; a photograph to be sized down is judged once it is. */
  private async refusal(size: number, mimeType: string | null): Promise<string | null> {
    if (isPhoto(mimeType) && (await this.largestEdge()) !== null) return null;
    return sizeRefusal(size, await this.maxBytes());
  }

  private get preparedDir(): string {
    return join(dirname(this.options.stateFile), 'prepared-uploads');
  }

  /**
   * The queue as persisted in `stateFile`. Uploads that were running when the app stopped are
   * queued again (and resume where the server has them); paused ones stay paused.
   */
  static async open(options: UploadQueueOptions): Promise<UploadQueue> {
    const queue = new UploadQueue(options);
    try {
      const saved = JSON.parse(await readFile(options.stateFile, 'utf8')) as { items?: UploadItem[] };
      queue.items = (saved.items ?? []).map((item) => ({
        ...item,
        // A queue saved before photographs were prepared.
        sendSize: item.sendSize ?? item.size,
        preparedPath: item.preparedPath ?? null,
        status: item.status === 'uploading' ? 'queued' : item.status,
        speed: 0,
      }));
    } catch {
      // No state yet (first run) or an unreadable file: an empty queue.
    }
    return queue;
  }

  snapshot(): QueueSnapshot {
    const items = this.items.map((item) => ({
      ...item,
      target: { ...item.target },
      folderPath: [...item.folderPath],
    }));
    const counted = items.filter((item) => item.status !== 'refused' && item.status !== 'cancelled');
    const bytesTotal = counted.reduce((sum, item) => sum + item.sendSize, 0);
    const bytesSent = counted.reduce((sum, item) => sum + item.bytesSent, 0);
    const speed = items.reduce((sum, item) => sum + (item.status === 'uploading' ? item.speed : 0), 0);
    const left = counted
      .filter((item) => ACTIVE.includes(item.status))
      .reduce((sum, item) => sum + item.sendSize - item.bytesSent, 0);
    return {
      items,
      totals: {
        files: counted.length,
        done: items.filter((item) => item.status === 'done').length,
        active: items.filter((item) => item.status === 'uploading').length,
        failed: items.filter((item) => item.status === 'failed').length,
        bytesTotal,
        bytesSent,
        speed,
        secondsLeft: speed > 0 ? Math.ceil(left / speed) : null,
      },
    };
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Queues files and folders by path. A folder adds every file below it (hidden files skipped), and
   * its structure is recreated as media folders under the target (below the folders `under`, when given). Files the server would refuse
   * are listed as refused, with the reason, and never sent.
   */
  async add(paths: string[], target: UploadTarget, under: string[] = []): Promise<UploadItem[]> {
    const added: UploadItem[] = [];
    for (const path of paths) {
      const info = await stat(path);
      if (info.isDirectory()) {
        for (const file of await listFiles(path)) {
          const folderPath = [
            ...under,
            basename(path),
            ...relative(path, dirname(file)).split(sep).filter(Boolean),
          ];
          added.push(await this.describe(file, target, folderPath));
        }
      } else {
        added.push(await this.describe(path, target, [...under]));
      }
    }
    this.items.push(...added);
    this.changed(true);
    this.pump();
    return added;
  }

  /** Starts what is queued (after `open`, or once the app has a session). */
  start(): void {
    this.suspended = false;
    this.pump();
  }

  pause(id: string): void {
    const item = this.find(id);
    if (!item || !ACTIVE.includes(item.status)) return;
    const run = this.running.get(id);
    if (run) run.stop('paused');
    else this.set(item, { status: 'paused' });
    this.pump();
  }

  resume(id: string): void {
    const item = this.find(id);
    if (item?.status !== 'paused') return;
    this.set(item, { status: 'queued', error: null });
    this.pump();
  }

  /** Stops the upload and has the server drop what it received. */
  cancel(id: string): void {
    const item = this.find(id);
    if (!item || ['done', 'cancelled', 'refused'].includes(item.status)) return;
    const run = this.running.get(id);
    if (run) run.stop('cancelled');
    else {
      if (item.uploadUrl) void this.terminate(item.uploadUrl);
      this.set(item, { status: 'cancelled', uploadUrl: null });
    }
    this.pump();
  }

  /** A failed upload goes again, from where the server has it; a cancelled one from the start. */
  retry(id: string): void {
    const item = this.find(id);
    if (item?.status !== 'failed' && item?.status !== 'cancelled') return;
    this.set(item, { status: 'queued', error: null });
    this.pump();
  }

  /** Uploads that failed because the server did not answer go again (it answers again). */
  retryUnreachable(): void {
    for (const item of this.items) {
      if (item.status === 'failed' && item.error === UNREACHABLE)
        this.set(item, { status: 'queued', error: null });
    }
    this.pump();
  }

  /** Forgets finished, cancelled and refused files. */
  clearFinished(): void {
    this.items = this.items.filter((item) => !['done', 'cancelled', 'refused'].includes(item.status));
    this.changed(true);
  }

  /** Stops every running upload without cancelling it (app quit): they resume at the next start. */
  async suspend(): Promise<void> {
    this.suspended = true;
    for (const [id, run] of this.running) {
      run.stop('queued');
      this.running.delete(id);
    }
    this.changed(true);
    await this.saving;
  }

  /** Resolves once nothing is queued or uploading. */
  idle(): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (this.items.some((item) => ACTIVE.includes(item.status))) return;
        unsubscribe();
        resolve();
      };
      const unsubscribe = this.subscribe(check);
      check();
    });
  }

  /** Resolves once the state file holds the latest state. */
  flush(): Promise<void> {
    return this.saving;
  }

  private async describe(path: string, target: UploadTarget, folderPath: string[]): Promise<UploadItem> {
    const info = await stat(path);
    const check = await preflight(path, info.size);
    const error = check.ok ? await this.refusal(info.size, check.mimeType) : check.reason;
    return {
      id: randomUUID(),
      path,
      name: basename(path),
      size: info.size,
      sendSize: info.size,
      preparedPath: null,
      mtimeMs: info.mtimeMs,
      fingerprint: check.ok ? await fingerprint(path, info.size) : '',
      mimeType: check.ok ? check.mimeType : null,
      target: { ...target },
      folderPath,
      status: error ? 'refused' : 'queued',
      bytesSent: 0,
      uploadUrl: null,
      resumedFrom: null,
      restarted: false,
      error,
      speed: 0,
      result: null,
    };
  }

  private find(id: string): UploadItem | undefined {
    return this.items.find((item) => item.id === id);
  }

  private set(item: UploadItem, patch: Partial<UploadItem>, progressOnly = false): void {
    Object.assign(item, patch);
    this.changed(!progressOnly);
  }

  private changed(important: boolean): void {
    const now = Date.now();
    if (important || now - this.lastProgressSave >= PROGRESS_SAVE_MS) {
      this.lastProgressSave = now;
      this.save();
    }
    const snapshot = this.snapshot();
    for (const listener of this.listeners) listener(snapshot);
  }

  /** Writes the state file whole (temp + rename), one write at a time, always the latest state. */
  private save(): void {
    const text = JSON.stringify({ version: 1, items: this.items });
    const file = this.options.stateFile;
    this.saving = this.saving
      .then(async () => {
        await mkdir(dirname(file), { recursive: true });
        const temp = `${file}.${randomUUID()}.tmp`;
        await writeFile(temp, text, { mode: 0o600 });
        await rename(temp, file);
      })
      .catch((error: unknown) => console.error('[atelier] cannot save the upload queue:', error));
  }

  private pump(): void {
    if (this.suspended) return;
    for (const item of this.items) {
      if (this.running.size >= this.concurrency) return;
      if (item.status === 'queued' && !this.running.has(item.id)) void this.run(item);
    }
  }

  private async run(item: UploadItem): Promise<void> {
    // Reserve the slot at once, so pump() never starts more than `concurrency` uploads.
    let stopped: UploadStatus | null = null;
    const slot = { upload: null as unknown as Upload, stop: (status: UploadStatus) => (stopped = status) };
    this.running.set(item.id, slot);
    this.set(item, { status: 'uploading', error: null });
    try {
      // Signed out (or the session ended): the file waits, and the queue with it, until start() after
      // the next sign-in; retrying without a token would only fail.
      try {
        await this.options.accessToken();
      } catch {
        this.suspended = true;
        return this.finish(item, { status: 'queued' });
      }
      await this.checkUnchanged(item);
      if (item.status !== 'uploading') return;
      await this.prepare(item);
      if (item.status !== 'uploading') return;
      if (stopped) return this.finish(item, { status: stopped });
      const folderId = await this.folderFor(item);
      if (stopped) return this.finish(item, { status: stopped });
      await this.upload(item, folderId, slot, () => stopped);
    } catch (error) {
      this.finish(item, { status: 'failed', error: describeError(error) });
    }
  }

  /**
   * A file edited since it was queued must not be resumed (the server holds the old bytes): its
   * upload starts over, and the server's partial upload is dropped.
   */
  private async checkUnchanged(item: UploadItem): Promise<void> {
    let info: Awaited<ReturnType<typeof stat>>;
    try {
      info = await stat(item.path);
    } catch {
      return this.finish(item, { status: 'failed', error: 'The file is no longer there.' });
    }
    const same =
      info.size === item.size &&
      info.mtimeMs === item.mtimeMs &&
      (await fingerprint(item.path, info.size)) === item.fingerprint;
    if (same) return;
    if (item.uploadUrl) void this.terminate(item.uploadUrl);
    await this.dropPrepared(item);
    const check = await preflight(item.path, info.size);
    const error = check.ok ? await this.refusal(info.size, check.mimeType) : check.reason;
    Object.assign(item, {
      size: info.size,
      sendSize: info.size,
      mtimeMs: info.mtimeMs,
      fingerprint: check.ok ? await fingerprint(item.path, info.size) : '',
      mimeType: check.ok ? check.mimeType : null,
      uploadUrl: null,
      bytesSent: 0,
      resumedFrom: null,
      restarted: true,
    });
    if (error) this.finish(item, { status: 'refused', error });
    else this.changed(true);
  }

  /**
   * Sizes a photograph for the web (once: a resume sends the same prepared bytes, made again the same way if
   * they were lost) and judges the size that will be sent.
   */
  private async prepare(item: UploadItem): Promise<void> {
    const edge = isPhoto(item.mimeType) ? await this.largestEdge() : null;
    if (edge !== null && !(item.preparedPath && (await exists(item.preparedPath, item.sendSize)))) {
      await mkdir(this.preparedDir, { recursive: true });
      const target = join(this.preparedDir, `${item.id}.${item.mimeType === 'image/webp' ? 'webp' : 'jpg'}`);
      const size = await prepareImage(item.path, item.mimeType!, edge, target);
      const sendSize = size ?? item.size;
      if (item.uploadUrl && sendSize !== item.sendSize) {
        // Other bytes than the server holds: that upload cannot be continued.
        void this.terminate(item.uploadUrl);
        Object.assign(item, { uploadUrl: null, bytesSent: 0, resumedFrom: null });
      }
      this.set(item, { preparedPath: size === null ? null : target, sendSize });
    }
    const error = sizeRefusal(item.sendSize, await this.maxBytes());
    if (error) this.finish(item, { status: 'refused', error });
  }

  private async dropPrepared(item: UploadItem): Promise<void> {
    if (!item.preparedPath) return;
    await rm(item.preparedPath, { force: true });
    item.preparedPath = null;
  }

  private folderFor(item: UploadItem): Promise<string | null> {
    const { ensureFolder } = this.options;
    if (item.folderPath.length === 0 || !ensureFolder) return Promise.resolve(item.target.folderId);
    // One request per folder even when many of its files start at once.
    const key = JSON.stringify([item.target.folderId, item.folderPath]);
    let folder = this.folders.get(key);
    if (!folder) {
      folder = ensureFolder(item.target.folderId, item.folderPath);
      this.folders.set(key, folder);
      folder.catch(() => this.folders.delete(key));
    }
    return folder;
  }

  private upload(
    item: UploadItem,
    folderId: string | null,
    slot: { upload: Upload; stop: (status: UploadStatus) => void },
    stoppedEarly: () => UploadStatus | null,
  ): Promise<void> {
    return new Promise<void>((resolve) => {
      // The first progress is reported at once (the panel shows the file moving), then every 250 ms.
      let lastAt = 0;
      let lastBytes = item.bytesSent;
      const metadata: Record<string, string> = {
        filename: item.name,
        filetype: item.mimeType ?? 'application/octet-stream',
        bucket: item.target.bucket,
      };
      if (folderId) metadata.folder_id = folderId;

      // Set when the session ended mid-upload: the file goes back in line, where it waits for the next sign-in.
      let signedOut = false;
      const upload = new Upload(createReadStream(item.preparedPath ?? item.path), {
        endpoint: this.options.endpoint(),
        uploadUrl: item.uploadUrl,
        uploadSize: item.sendSize,
        metadata,
        retryDelays: this.options.retryDelays ?? DEFAULT_RETRY_DELAYS,
        storeFingerprintForResuming: false,
        onBeforeRequest: async (req: HttpRequest) => {
          const token = await this.options.accessToken().catch((error: unknown) => {
            signedOut = true;
            throw error;
          });
          req.setHeader('Authorization', `Bearer ${token}`);
        },
        onAfterResponse: (req: HttpRequest, res: HttpResponse) => {
          this.options.connection?.reached();
          // A HEAD asks the server how much it has: the byte a resume continues from.
          if (req.getMethod() === 'HEAD' && res.getStatus() < 300) {
            const offset = Number(res.getHeader('Upload-Offset'));
            if (Number.isFinite(offset)) this.set(item, { resumedFrom: offset, bytesSent: offset });
          }
        },
        onUploadUrlAvailable: () => this.set(item, { uploadUrl: upload.url }),
        onProgress: (bytesSent: number) => {
          const now = Date.now();
          if (now - lastAt >= 250) {
            const instant = lastAt ? ((bytesSent - lastBytes) * 1000) / (now - lastAt) : 0;
            const speed = item.speed ? item.speed * 0.7 + instant * 0.3 : instant;
            lastAt = now;
            lastBytes = bytesSent;
            this.set(item, { bytesSent, speed: Math.max(0, speed) }, true);
          } else item.bytesSent = bytesSent;
        },
        onShouldRetry: (error: DetailedError) => {
          if (this.running.get(item.id) !== slot || signedOut) return false;
          const status = error.originalResponse?.getStatus() ?? 0;
          if (status === 0) this.options.connection?.lost();
          // No answer (server down, connection cut), a server error, a locked upload, or an expired
          // token (refreshed by onBeforeRequest): worth another try. Other 4xx are final.
          return status === 0 || status >= 500 || status === 401 || status === 409 || status === 423;
        },
        onSuccess: async ({ lastResponse }) => {
          // A resume that found the upload complete brings no item: done only once `result` has it.
          const result = parseUploadResult(lastResponse.getBody()) ?? (await this.askResult(upload.url));
          if (this.running.get(item.id) !== slot) return resolve();
          this.finish(
            item,
            result
              ? { status: 'done', bytesSent: item.sendSize, result }
              : { status: 'failed', error: 'The server kept no library item for this file. Retry it.' },
          );
          resolve();
        },
        onError: (error: Error) => {
          if (signedOut) {
            // Kept with its upload URL: after the next sign-in it continues from the server's byte.
            this.suspended = true;
            this.finish(item, { status: 'queued' });
          } else this.finish(item, { status: 'failed', error: describeError(error) });
          resolve();
        },
      });
      slot.upload = upload;
      slot.stop = (status) => {
        if (this.running.get(item.id) !== slot) return;
        void upload.abort(status === 'cancelled').catch(() => {});
        this.finish(item, status === 'cancelled' ? { status, uploadUrl: null } : { status });
        resolve();
      };
      const early = stoppedEarly();
      if (early) return slot.stop(early);
      upload.start();
    });
  }

  private finish(item: UploadItem, patch: Partial<UploadItem>): void {
    this.running.delete(item.id);
    this.set(item, { speed: 0, ...patch });
    // Over: the prepared copy goes (a paused or failed upload keeps it to continue).
    if (['done', 'cancelled', 'refused'].includes(item.status)) void this.dropPrepared(item);
    this.pump();
  }

  /** The item of an upload the server completed, from its `result` (asked again while it is processed). */
  private askResult(url: string | null): Promise<UploadResult | null> {
    if (!url) return Promise.resolve(null);
    return awaitUploadResult(async () =>
      fetch(`${url}/result`, { headers: { Authorization: `Bearer ${await this.options.accessToken()}` } }),
    );
  }

  private async terminate(url: string): Promise<void> {
    try {
      const token = await this.options.accessToken();
      await Upload.terminate(url, { headers: { Authorization: `Bearer ${token}` }, retryDelays: [] });
    } catch {
      // The server forgets unfinished uploads in time; nothing else to do.
    }
  }
}

async function exists(path: string, size: number): Promise<boolean> {
  return stat(path).then(
    (info) => info.size === size,
    () => false,
  );
}

/** Every file below `dir`, hidden ones (.DS_Store, .git…) left out, in a stable order. */
export async function listFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  const entries = await readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await listFiles(path)));
    else if (entry.isFile()) files.push(path);
  }
  return files;
}

/** The server's own message where it sent one (413, 415…), else tus's. */
function describeError(error: unknown): string {
  const detailed = error as Partial<DetailedError>;
  const body = detailed.originalResponse?.getBody();
  if (body) {
    try {
      const message = (JSON.parse(body) as Partial<ApiErrorBody>).error?.message;
      if (message) return message;
    } catch {
      if (body.length < 200) return body;
    }
  }
  const status = detailed.originalResponse?.getStatus();
  if (status) return `The server refused the upload (${status}).`;
  if (error instanceof Error && /ECONNREFUSED|ECONNRESET|socket|network/i.test(error.message)) {
    return UNREACHABLE;
  }
  return error instanceof Error ? error.message : String(error);
}
