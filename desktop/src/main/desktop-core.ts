/**
 * Everything the desktop app does outside its window, without electron: settings, the API client and
 * its session, the upload queue, server events, and the IPC handlers that expose them. `index.ts`
 * hands in the electron pieces (safeStorage, dialogs, shell, notifications, webContents.send); the
 * browser test harness hands in its own, so the renderer is tested against this very code.
 */
import { join } from 'node:path';
import { MediaFolder } from '@atelier/shared';
import type { IpcEvent, IpcEvents, Settings } from '../shared/ipc';
import { type ApiClient, createApiClient } from './api-client';
import { createConnection } from './connection';
import { createDraftStore } from './draft-store';
import { createIpcWork } from './ipc-handlers';
import { answerOverIpc } from './ipc-payload';
import { createGrants } from './local-files';
import { relayQueue, relayServerEvents } from './renderer-events';
import { checkServer } from './server-check';
import { initSettings, settingsFilePath, writeSettings } from './settings';
import { type Cipher, createTokenStore } from './token-store';
import { UploadQueue } from './upload-queue';
import { appendProjectImage, WatchedFolders } from './watched-folders';

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
}

export async function createDesktopCore(deps: DesktopCoreDeps) {
  const settingsFile = settingsFilePath(deps.userDataDir);
  const initial = await initSettings(settingsFile, deps.serverUrlOverride);
  let settings: Settings = initial.settings;
  const tokens = createTokenStore(join(deps.userDataDir, 'session.bin'), deps.cipher);
  const userAgent = `Atelier Desktop/${deps.version} (${deps.platform})`;
  const grants = createGrants();
  const drafts = createDraftStore(join(deps.userDataDir, 'drafts'));

  const connection = createConnection({
    probe: () =>
      (deps.fetch ?? fetch)(`${settings.serverUrl}/api/health`, { signal: AbortSignal.timeout(10_000) }).then(
        (response) => response.ok,
        () => false,
      ),
    onChange: (state) => deps.emit('connection:changed', state),
    // The server answers again: what failed for want of it goes on, and the queue with it.
    onBack: () => {
      queue.retryUnreachable();
      queue.start();
    },
  });
  const serverFetch = connection.watch(deps.fetch ?? fetch);

  let api: ApiClient = makeClient();
  let events: { stop: () => void } | null = null;
  let connectedOnce = false;

  function makeClient(): ApiClient {
    const client = createApiClient({ serverUrl: settings.serverUrl, tokens, fetch: serverFetch, userAgent });
    client.subscribe((session) => deps.emit('session:changed', session));
    return client;
  }

  const queue = await UploadQueue.open({
    stateFile: join(deps.userDataDir, 'upload-queue.json'),
    endpoint: () => `${api.serverUrl}/api/admin/uploads`,
    accessToken: () => api.accessToken(),
    maxBytes: () => api.maxUploadBytes(),
    connection,
    // Sized for the web unless the setting says otherwise, to the server's own figure.
    largestImageEdge: async () => (settings.prepareImages ? api.largestImageEdge() : null),
    ensureFolder: async (parentId, path) => {
      const answer = await api.request('/api/admin/media/folders/ensure', {
        method: 'POST',
        body: { parent_id: parentId, path },
      });
      return MediaFolder.parse(answer).id;
    },
  });
  const stopQueueRelay = relayQueue(queue, deps.emit);
  const watched = await WatchedFolders.open({
    stateFile: join(deps.userDataDir, 'watched-folders.json'),
    queue,
    appendToProject: (projectId, url) => appendProjectImage(api.request, projectId, url),
  });
  watched.subscribe((links) => deps.emit('sync:changed', links));

  function listen() {
    events?.stop();
    events = relayServerEvents({ api, fetch: serverFetch, emit: deps.emit, notify: deps.notify });
  }

  // Writes one after another, so the last state wins and quitting can wait for it.
  let writing: Promise<void> = Promise.resolve();
  function saveSettings(next: Settings): Promise<void> {
    settings = next;
    writing = writing.catch(() => {}).then(() => writeSettings(settingsFile, next));
    return writing;
  }

  const handlers = answerOverIpc(
    createIpcWork({
      info: () => ({
        version: deps.version,
        platform: deps.platform,
        keychain: tokens.persistent,
        firstRun: initial.source === 'defaults' && !deps.serverUrlOverride && !connectedOnce,
      }),
      settings: () => settings,
      saveSettings,
      api: () => api,
      queue,
      watched,
      drafts,
      connection: connection.state,
      grants,
      checkServer: (serverUrl) => checkServer(serverUrl, deps.version, { fetch: deps.fetch }),
      async switchServer(serverUrl) {
        connectedOnce = true;
        if (serverUrl === settings.serverUrl) return;
        // Another studio: this session, its drafts and the last page belong to the old one.
        const user = api.session()?.user.id;
        await api.signOut('local').catch(() => {});
        if (user) await drafts.clearFor(user).catch(() => {});
        await queue.suspend();
        await saveSettings({ ...settings, serverUrl, lastPage: undefined });
        api = makeClient();
        deps.emit('session:changed', null);
        listen();
        deps.onServerChanged?.();
      },
      sessionStarted() {
        queue.start();
        listen();
      },
      pickPaths: deps.pickPaths,
      savePath: deps.savePath,
      openExternal: deps.openExternal,
    }),
  );

  return {
    handlers,
    /** A path the preload resolved from a dropped File (GRANT_CHANNEL). */
    grant: grants.grant,
    queue,
    watched,
    drafts,
    get api() {
      return api;
    },
    settings: () => settings,
    settingsWarning: initial.warning,
    /** After start-up: restore the session, resume the queue, listen to the server. */
    async start() {
      if (await api.restore()) queue.start();
      watched.start();
      listen();
    },
    saveWindow(window: Settings['window']) {
      return saveSettings({ ...settings, window });
    },
    /** At quit: uploads stop where they are (they resume next time), the stream closes. */
    async stop() {
      events?.stop();
      connection.stop();
      stopQueueRelay();
      await watched.stop();
      await queue.suspend();
      await writing.catch(() => {});
    },
  };
}
export type DesktopCore = Awaited<ReturnType<typeof createDesktopCore>>;
