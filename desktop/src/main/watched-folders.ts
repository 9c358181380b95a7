/**
 * Watched folders ("Keep in sync…"): a folder on the disk linked to a media folder or to a project's images.
 * New and changed files in it go through the one upload queue once they have stopped growing; a project's new
 * photographs are appended to its images (with empty alt text, for the owner to fill). A file deleted on the
 * disk is never deleted on the server. Links persist in a JSON file in the app data folder. No electron import.
 */
import { randomUUID } from 'node:crypto';
import { type FSWatcher, watch } from 'node:fs';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { isRequestFailure } from '@atelier/shared';
import type { SyncLink, SyncLinkTarget } from '../shared/ipc';
import type { ApiClient } from './api-client';
import { fingerprint, preflight } from './file-check';
import { listFiles, type UploadQueue } from './upload-queue';

export type { SyncLink, SyncLinkTarget };

interface StoredLink {
  id: string;
  dir: string;
  target: SyncLinkTarget;
  paused: boolean;
  /** Content fingerprints of the files already queued from this folder: a rename is not sent again. */
  sent: string[];
  /** Queue items from this folder whose project append is still to do. */
  awaiting: string[];
  error: string | null;
}

export interface WatchedFoldersOptions {
  stateFile: string;
  queue: Pick<UploadQueue, 'add' | 'subscribe' | 'snapshot' | 'start'>;
  /** Appends a media URL to the project's images (nothing when it is there already). */
  appendToProject(projectId: string, url: string): Promise<void>;
  /** How long a file's size and modification time must stay the same before it is sent. */
  settleMs?: number;
  /** Every folder is looked at this often besides its change events (a missing folder that came back). */
  scanMs?: number;
}

/** Files an editor, a camera's software or a copy leave while they write: never sent. */
const TEMPORARY = /^(?:\.|~\$|~)|(?:\.tmp|\.temp|\.part|\.partial|\.crdownload|\.download|\.swp|~)$/i;

export const isTemporaryOrHidden = (relativePath: string) =>
  relativePath.split(sep).some((segment) => TEMPORARY.test(segment));

type Listener = (links: SyncLink[]) => void;
/** A file as last seen: its size and modification time, since when they are so, and whether it was sent. */
type FileSeen = { stamp: string; since: number; handled: boolean };

export class WatchedFolders {
  private links: StoredLink[] = [];
  private readonly missing = new Set<string>();
  private readonly watchers = new Map<string, FSWatcher>();
  /** Per link, per file: the size and time last seen, and since when they have not changed. */
  private readonly seen = new Map<string, Map<string, FileSeen>>();
  private readonly scanning = new Map<string, Promise<void>>();
  private readonly listeners = new Set<Listener>();
  private timer: NodeJS.Timeout | null = null;
  private saving: Promise<void> = Promise.resolve();
  private readonly settleMs: number;

  private constructor(private readonly options: WatchedFoldersOptions) {
    this.settleMs = options.settleMs ?? 2000;
  }

  static async open(options: WatchedFoldersOptions): Promise<WatchedFolders> {
    const folders = new WatchedFolders(options);
    try {
      const saved = JSON.parse(await readFile(options.stateFile, 'utf8')) as { links?: StoredLink[] };
      folders.links = saved.links ?? [];
    } catch {
      // No links yet (first run) or an unreadable file.
    }
    options.queue.subscribe(() => void folders.settleAwaiting());
    return folders;
  }

  /** Starts watching every link that is not paused, and looking at them every `scanMs`. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.scanAll(), this.options.scanMs ?? 1000);
    void this.scanAll();
  }

  stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const id of [...this.watchers.keys()]) this.unwatch(id);
    return this.saving;
  }

  list(): SyncLink[] {
    return this.links.map((link) => ({
      id: link.id,
      dir: link.dir,
      target: link.target,
      state: link.paused ? 'paused' : this.missing.has(link.id) ? 'missing' : 'watching',
      sent: link.sent.length,
      error: link.error,
    }));
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async link(dir: string, target: SyncLinkTarget): Promise<SyncLink> {
    const link: StoredLink = {
      id: randomUUID(),
      dir,
      target,
      paused: false,
      sent: [],
      awaiting: [],
      error: null,
    };
    this.links.push(link);
    this.changed();
    await this.scan(link);
    return this.list().find((view) => view.id === link.id)!;
  }

  pause(id: string): void {
    const link = this.find(id);
    if (!link) return;
    link.paused = true;
    this.unwatch(id);
    this.changed();
  }

  resume(id: string): void {
    const link = this.find(id);
    if (!link) return;
    link.paused = false;
    this.changed();
    void this.scan(link);
  }

  /** Forgets the link; what it sent stays on the server. */
  remove(id: string): void {
    this.unwatch(id);
    this.links = this.links.filter((link) => link.id !== id);
    this.seen.delete(id);
    this.missing.delete(id);
    this.changed();
  }

  /** Resolves once the state file holds the latest links. */
  flush(): Promise<void> {
    return this.saving;
  }

  private find(id: string) {
    return this.links.find((link) => link.id === id);
  }

  private async scanAll(): Promise<void> {
    await Promise.all(this.links.map((link) => this.scan(link)));
  }

  /** One look at a link's folder at a time. */
  private scan(link: StoredLink): Promise<void> {
    const running = this.scanning.get(link.id);
    if (running) return running;
    const scan = this.look(link).finally(() => this.scanning.delete(link.id));
    this.scanning.set(link.id, scan);
    return scan;
  }

  private async look(link: StoredLink): Promise<void> {
    if (link.paused || !this.find(link.id)) return;
    const present = await stat(link.dir).then(
      (info) => info.isDirectory(),
      () => false,
    );
    if (!present) {
      this.unwatch(link.id);
      if (!this.missing.has(link.id)) {
        this.missing.add(link.id);
        this.changed(false);
      }
      return;
    }
    if (this.missing.delete(link.id)) this.changed(false);
    this.watchFolder(link);

    const files = new Map<string, FileSeen>();
    const before = this.seen.get(link.id) ?? new Map<string, FileSeen>();
    const now = Date.now();
    for (const file of await listFiles(link.dir).catch(() => [])) {
      const rel = relative(link.dir, file);
      if (isTemporaryOrHidden(rel)) continue;
      const info = await stat(file).catch(() => null);
      if (!info) continue; // deleted meanwhile: nothing happens on the server
      const stamp = `${info.size}:${info.mtimeMs}`;
      const last = before.get(rel);
      const seen = last?.stamp === stamp ? last : { stamp, since: now, handled: false };
      files.set(rel, seen);
      // Sent once its size and time have stayed the same for settleMs; until then looked at again.
      if (seen.handled || info.size === 0 || now - seen.since < this.settleMs) continue;
      seen.handled = true;
      await this.send(link, rel, info.size);
    }
    this.seen.set(link.id, files);
  }

  private async send(link: StoredLink, rel: string, size: number): Promise<void> {
    const file = join(link.dir, rel);
    const print = await fingerprint(file, size).catch(() => null);
    const check = await preflight(file, size).catch(() => null);
    const wanted = check?.ok && (link.target.kind === 'media' || check.mimeType.startsWith('image/'));
    if (!print || !wanted || link.sent.includes(print)) return;
    // A media link keeps the folder's subfolders; a project's photographs go in the library's top level.
    const { target } = link;
    const media = target.kind === 'media';
    const [item] = await this.options.queue.add(
      [file],
      { folderId: media ? target.folderId : null, bucket: 'projects' },
      media
        ? dirname(rel)
            .split(sep)
            .filter((segment) => segment !== '.')
        : [],
    );
    link.sent.push(print);
    if (item && !media) link.awaiting.push(item.id);
    this.options.queue.start();
    this.changed();
  }

  /** The folder's change events make the next look come sooner; the timer is the safety net. */
  private watchFolder(link: StoredLink): void {
    if (this.watchers.has(link.id)) return;
    try {
      const watcher = watch(link.dir, { recursive: true }, () => {
        setTimeout(() => void this.scan(link), 100);
      });
      watcher.on('error', () => this.unwatch(link.id));
      this.watchers.set(link.id, watcher);
    } catch {
      // The folder went between the look and the watch: the next look says it is missing.
    }
  }

  private unwatch(id: string): void {
    this.watchers.get(id)?.close();
    this.watchers.delete(id);
  }

  /** Appends each finished upload of a project link to the project's images, once. */
  private async settleAwaiting(): Promise<void> {
    const items = this.options.queue.snapshot().items;
    for (const link of this.links) {
      if (link.target.kind !== 'project') continue;
      for (const id of [...link.awaiting]) {
        const item = items.find((candidate) => candidate.id === id);
        if (item && item.status !== 'done' && item.status !== 'cancelled' && item.status !== 'refused')
          continue;
        link.awaiting = link.awaiting.filter((other) => other !== id);
        if (item?.status !== 'done' || !item.result) continue;
        try {
          await this.options.appendToProject(link.target.projectId, item.result.item.url);
          link.error = null;
        } catch (error) {
          if (isRequestFailure(error) && error.status < 500) link.error = error.message;
          else link.awaiting.push(id); // the server is away: tried again at the next change
        }
        this.changed();
      }
    }
  }

  private changed(persist = true): void {
    const links = this.list();
    for (const listener of this.listeners) listener(links);
    if (!persist) return;
    const text = `${JSON.stringify({ links: this.links }, null, 2)}\n`;
    const file = this.options.stateFile;
    this.saving = this.saving
      .catch(() => {})
      .then(async () => {
        await mkdir(dirname(file), { recursive: true });
        await writeFile(`${file}.tmp`, text);
        await rename(`${file}.tmp`, file);
      });
  }
}

/**
 * Appends `url` to the project's images with empty alt text, on the version just read (If-Match); a save by
 * someone else meanwhile is read again and the append made on it.
 */
export async function appendProjectImage(
  request: ApiClient['request'],
  projectId: string,
  url: string,
): Promise<void> {
  const path = `/api/admin/projects/${encodeURIComponent(projectId)}`;
  for (let attempt = 0; ; attempt++) {
    const project = await request<Record<string, unknown> & { images: string[]; updated_at: string }>(path);
    if (project.images.includes(url)) return;
    try {
      await request(path, {
        method: 'PUT',
        body: { ...project, images: [...project.images, url] },
        ifMatch: `"${project.updated_at}"`,
      });
      return;
    } catch (error) {
      if (!(isRequestFailure(error) && error.status === 409) || attempt >= 2) throw error;
    }
  }
}
