/**
 * Everything the desktop app does outside its window, without electron: settings, the API client and
 * its session, the upload queue, server events, and the IPC handlers that expose them. `index.ts`
 * hands in the electron pieces (safeStorage, dialogs, shell, notifications, webContents.send); the
 * browser test harness hands in its own, so the renderer is tested against this very code.
 */
import { createWriteStream } from 'node:fs';
import { open, rm, stat } from 'node:fs/promises';
import { basename, join, relative, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { z } from 'zod';
import {
  type IpcChannel,
  type IpcError,
  type IpcEvent,
  type IpcEvents,
  type IpcResponse,
  type IpcResult,
  ipcContract,
  type PickedFile,
  type Settings,
} from '../shared/ipc';
import { type ApiClient, ApiError, createApiClient } from './api-client';
import { sniffMime } from './file-check';
import { isAllowedExternalUrl } from './navigation';
import { checkServer } from './server-check';
import { listenToServerEvents } from './server-events';
import { initSettings, settingsFilePath, writeSettings } from './settings';
import { type Cipher, createTokenStore } from './token-store';
import { listFiles, type QueueSnapshot, UploadQueue } from './upload-queue';

export interface DesktopCoreDeps {
  userDataDir: string;
  version: string;
  platform: string;
  cipher: Cipher;
  serverUrlOverride?: string;
  fetch?: typeof fetch;
  /** The native "Add files…" / "Add folder…" dialog: the chosen paths, or none. */
  pickPaths(options: { folders: boolean; multiple: boolean }): Promise<string[]>;
  /** The native save dialog: where to write `filename`, or null when cancelled. */
  savePath(filename: string): Promise<string | null>;
  openExternal(url: string): Promise<void>;
  /** A native notification; `onClick` runs when it is clicked. */
  notify(title: string, body: string, onClick: () => void): void;
  emit<E extends IpcEvent>(event: E, value: IpcEvents[E]): void;
  /** After a switch to another server: the window reloads under that server's CSP. */
  onServerChanged?(): void;
  /** Upload size limit to check before sending (the server's UPLOAD_MAX_BYTES). */
  maxUploadBytes?: number;
}

export class InvalidIpcPayloadError extends Error {
  override readonly name = 'InvalidIpcPayloadError';
  constructor(
    readonly channel: IpcChannel,
    readonly issues: { path: string; message: string }[],
  ) {
    super(`Invalid payload for ${channel}: ${issues.map((issue) => issue.message).join(' ')}`);
  }
}

export function parseIpcPayload<C extends IpcChannel>(
  channel: C,
  payload: unknown,
): z.output<(typeof ipcContract)[C]['request']> {
  const result = ipcContract[channel].request.safeParse(payload);
  if (!result.success) {
    throw new InvalidIpcPayloadError(
      channel,
      result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    );
  }
  return result.data as z.output<(typeof ipcContract)[C]['request']>;
}

export function toIpcError(error: unknown): IpcError {
  if (error instanceof ApiError) {
    return { status: error.status, code: error.code, message: error.message, issues: error.issues };
  }
  if (error instanceof InvalidIpcPayloadError) {
    return { status: 400, code: 'invalid_payload', message: error.message, issues: error.issues };
  }
  return {
    status: 500,
    code: 'desktop_error',
    message: error instanceof Error ? error.message : String(error),
  };
}

export type IpcHandlers = { [C in IpcChannel]: (payload: unknown) => Promise<IpcResult<IpcResponse<C>>> };

/** A new inquiry's notification opens it. The server's event: `inquiry` with `{ id, name, … }`. */
const INQUIRY_EVENTS = new Set(['inquiry', 'inquiry.created', 'new-inquiry']);
const UPLOAD_EVENT_MS = 200;

export async function createDesktopCore(deps: DesktopCoreDeps) {
  const settingsFile = settingsFilePath(deps.userDataDir);
  const initial = await initSettings(settingsFile, deps.serverUrlOverride);
  let settings: Settings = initial.settings;
  const tokens = createTokenStore(join(deps.userDataDir, 'session.bin'), deps.cipher);
  const userAgent = `Atelier Desktop/${deps.version} (${deps.platform})`;

  let api: ApiClient = makeClient();
  let events: { stop: () => void } | null = null;
  let connectedOnce = false;

  function makeClient(): ApiClient {
    const client = createApiClient({ serverUrl: settings.serverUrl, tokens, fetch: deps.fetch, userAgent });
    client.subscribe((session) => deps.emit('session:changed', session));
    return client;
  }

  const queue = await UploadQueue.open({
    stateFile: join(deps.userDataDir, 'upload-queue.json'),
    endpoint: () => `${api.serverUrl}/api/admin/uploads`,
    accessToken: () => api.accessToken(),
    maxBytes: deps.maxUploadBytes,
    ensureFolder: async (parentId, path) => {
      const folder = await api.request<{ id?: string; folder?: { id: string } }>(
        '/api/admin/media/folders/ensure',
        {
          method: 'POST',
          body: { parent_id: parentId, path },
        },
      );
      const id = folder.id ?? folder.folder?.id;
      if (!id) throw new Error('The server did not say which folder it made.');
      return id;
    },
  });

  // Progress arrives many times a second per file: the renderer gets at most one snapshot per 200 ms.
  let pending: QueueSnapshot | null = null;
  let timer: NodeJS.Timeout | null = null;
  queue.subscribe((snapshot) => {
    pending = snapshot;
    timer ??= setTimeout(() => {
      timer = null;
      if (pending) deps.emit('uploads:changed', pending);
      pending = null;
    }, UPLOAD_EVENT_MS);
  });

  function listen() {
    events?.stop();
    events = listenToServerEvents({
      url: `${settings.serverUrl}/api/events`,
      fetch: deps.fetch,
      accessToken: async () => (api.session() ? api.accessToken() : null),
      onEvent: (event) => {
        deps.emit('server:event', event);
        if (INQUIRY_EVENTS.has(event.type) && api.session()?.user.is_admin) {
          const inquiry = (event.data ?? {}) as { id?: string; name?: string; project_type?: string };
          const page = inquiry.id
            ? `/admin/inquiries?id=${encodeURIComponent(inquiry.id)}`
            : '/admin/inquiries';
          deps.notify(
            'New inquiry',
            [inquiry.name, inquiry.project_type].filter(Boolean).join(' · ') || 'A visitor sent an inquiry.',
            () => deps.emit('navigate', page),
          );
        }
      },
    });
  }

  // Writes one after another, so the last state wins and quitting can wait for it.
  let writing: Promise<void> = Promise.resolve();
  function saveSettings(next: Settings): Promise<void> {
    settings = next;
    writing = writing.catch(() => {}).then(() => writeSettings(settingsFile, next));
    return writing;
  }

  // Paths the user dropped or picked: the only files (or folders) the uploader may read.
  const granted = new Set<string>();
  const grant = (path: string) => granted.add(resolve(path));
  const isGranted = (path: string) => {
    const full = resolve(path);
    for (const root of granted) if (full === root || full.startsWith(root + sep)) return true;
    return false;
  };

  async function describe(path: string, relativePath?: string): Promise<PickedFile> {
    const info = await stat(path);
    const head = Buffer.alloc(16);
    const file = await open(path, 'r');
    try {
      await file.read(head, 0, 16, 0);
    } finally {
      await file.close();
    }
    return { name: basename(path), size: info.size, type: sniffMime(head) ?? '', handle: path, relativePath };
  }

  const work: { [C in IpcChannel]: (payload: unknown) => Promise<IpcResponse<C>> } = {
    'app:info': async (payload) => {
      parseIpcPayload('app:info', payload);
      return {
        version: deps.version,
        platform: deps.platform,
        serverUrl: settings.serverUrl,
        keychain: tokens.persistent,
        firstRun: initial.source === 'defaults' && !deps.serverUrlOverride && !connectedOnce,
        lastPage: settings.lastPage,
      };
    },
    'server:check': async (payload) => {
      parseIpcPayload('server:check', payload);
      return checkServer(settings.serverUrl, deps.version, { fetch: deps.fetch });
    },
    'server:connect': async (payload) => {
      const serverUrl = parseIpcPayload('server:connect', payload);
      const check = await checkServer(serverUrl, deps.version, { fetch: deps.fetch });
      if (check.state !== 'connected') return check;
      connectedOnce = true;
      if (serverUrl !== settings.serverUrl) {
        // Another studio: this session and the last page belong to the old one.
        await api.signOut('local').catch(() => {});
        await queue.suspend();
        await saveSettings({ serverUrl, window: settings.window });
        api = makeClient();
        deps.emit('session:changed', null);
        listen();
        deps.onServerChanged?.();
      }
      return check;
    },
    'session:get': async (payload) => {
      parseIpcPayload('session:get', payload);
      return api.session() ?? (await api.restore());
    },
    'session:sign-in': async (payload) => {
      const { email, password } = parseIpcPayload('session:sign-in', payload);
      const session = await api.signIn(email, password);
      if (!session.mfaRequired) {
        queue.start();
        listen();
      }
      return session;
    },
    'session:verify': async (payload) => {
      const { code } = parseIpcPayload('session:verify', payload);
      const session = await api.verifySecondFactor(code);
      queue.start();
      listen();
      return session;
    },
    'session:sign-out': async (payload) => {
      const { scope } = parseIpcPayload('session:sign-out', payload);
      if (scope !== 'others') await queue.suspend();
      await api.signOut(scope);
      return undefined;
    },
    'api:request': async (payload) => {
      const { path, method, body, query, ifMatch } = parseIpcPayload('api:request', payload);
      return api.request(path, { method, body, query: query ?? undefined, ifMatch });
    },
    'uploads:add': async (payload) => {
      const { paths, target } = parseIpcPayload('uploads:add', payload);
      const refused = paths.find((path) => !isGranted(path));
      if (refused) {
        throw new ApiError(403, 'not_granted', `${basename(refused)} was not dropped or picked by you.`);
      }
      queue.start();
      return (await queue.add(paths, target)).map((item) => item.id);
    },
    'uploads:pick': async (payload) => {
      const { target, folders } = parseIpcPayload('uploads:pick', payload);
      const paths = await deps.pickPaths({ folders, multiple: true });
      if (paths.length === 0) return [];
      for (const path of paths) grant(path);
      queue.start();
      return (await queue.add(paths, target)).map((item) => item.id);
    },
    'dialog:pick-files': async (payload) => {
      const { directory, multiple } = parseIpcPayload('dialog:pick-files', payload);
      const paths = await deps.pickPaths({ folders: directory, multiple });
      const picked: PickedFile[] = [];
      for (const path of paths) {
        grant(path);
        if (!directory) {
          picked.push(await describe(path));
          continue;
        }
        for (const file of await listFiles(path)) {
          const inner = relative(path, file).split(sep).join('/');
          picked.push(await describe(file, `${basename(path)}/${inner}`));
        }
      }
      return picked;
    },
    'uploads:control': async (payload) => {
      const { action, id } = parseIpcPayload('uploads:control', payload);
      queue[action](id);
      return undefined;
    },
    'uploads:clear': async (payload) => {
      parseIpcPayload('uploads:clear', payload);
      queue.clearFinished();
      return undefined;
    },
    'uploads:get': async (payload) => {
      parseIpcPayload('uploads:get', payload);
      return queue.snapshot();
    },
    'shell:open-external': async (payload) => {
      const { url } = parseIpcPayload('shell:open-external', payload);
      if (!isAllowedExternalUrl(url, settings.serverUrl)) return false;
      await deps.openExternal(url);
      return true;
    },
    'file:download': async (payload) => {
      const { path, filename } = parseIpcPayload('file:download', payload);
      const target = await deps.savePath(filename);
      if (!target) return false;
      const response = await api.fetch(path);
      if (!response.ok || !response.body) await api.parse(response);
      try {
        await pipeline(Readable.fromWeb(response.body as never), createWriteStream(target));
      } catch (error) {
        await rm(target, { force: true });
        throw error;
      }
      return true;
    },
    'app:last-page': async (payload) => {
      const { path } = parseIpcPayload('app:last-page', payload);
      if (path !== settings.lastPage) await saveSettings({ ...settings, lastPage: path });
      return undefined;
    },
  };

  const handlers = Object.fromEntries(
    Object.entries(work).map(([channel, run]) => [
      channel,
      async (payload: unknown) => {
        try {
          return { ok: true, value: await run(payload) };
        } catch (error) {
          return { ok: false, error: toIpcError(error) };
        }
      },
    ]),
  ) as IpcHandlers;

  return {
    handlers,
    /** A path the preload resolved from a dropped File (GRANT_CHANNEL). */
    grant,
    queue,
    get api() {
      return api;
    },
    settings: () => settings,
    settingsWarning: initial.warning,
    /** After start-up: restore the session, resume the queue, listen to the server. */
    async start() {
      if (await api.restore()) queue.start();
      listen();
    },
    saveWindow(window: Settings['window']) {
      return saveSettings({ ...settings, window });
    },
    /** At quit: uploads stop where they are (they resume next time), the stream closes. */
    async stop() {
      events?.stop();
      if (timer) clearTimeout(timer);
      await queue.suspend();
      await writing.catch(() => {});
    },
  };
}
export type DesktopCore = Awaited<ReturnType<typeof createDesktopCore>>;
