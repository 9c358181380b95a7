/**
 * What each IPC channel does in main: its payload parsed first (ipc-payload.ts), then the work, against the
 * state the desktop core holds (settings, API client, upload queue, granted paths). No electron import.
 */
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { RequestFailure } from '@atelier/shared';
import type { AppInfo, ConnectionState, ServerCheck, Settings } from '../shared/ipc';
import type { ApiClient } from './api-client';
import type { DraftStore } from './draft-store';
import { type IpcWork, parseIpcPayload } from './ipc-payload';
import { describePicked, type Grants } from './local-files';
import { isAllowedExternalUrl } from './navigation';
import type { UploadQueue } from './upload-queue';
import type { WatchedFolders } from './watched-folders';

/** The desktop core as the handlers use it. */
export interface IpcContext {
  info(): Omit<AppInfo, 'serverUrl' | 'lastPage' | 'prepareImages'>;
  settings(): Settings;
  saveSettings(next: Settings): Promise<void>;
  api(): ApiClient;
  queue: UploadQueue;
  watched: WatchedFolders;
  drafts: DraftStore;
  connection(): ConnectionState;
  grants: Grants;
  checkServer(serverUrl: string): Promise<ServerCheck>;
  /** Connects to another server (the check passed): the old one's session and last page are left behind. */
  switchServer(serverUrl: string): Promise<void>;
  /** A full session began: uploads resume and the server's events come with the session's rights. */
  sessionStarted(): void;
  pickPaths(options: { folders: boolean; multiple: boolean }): Promise<string[]>;
  savePath(filename: string): Promise<string | null>;
  openExternal(url: string): Promise<void>;
}

export function createIpcWork(core: IpcContext): IpcWork {
  return {
    'app:info': async (payload) => {
      parseIpcPayload('app:info', payload);
      const { serverUrl, lastPage, prepareImages } = core.settings();
      return { ...core.info(), serverUrl, lastPage, prepareImages };
    },
    'server:check': async (payload) => {
      parseIpcPayload('server:check', payload);
      return core.checkServer(core.settings().serverUrl);
    },
    'server:connect': async (payload) => {
      const serverUrl = parseIpcPayload('server:connect', payload);
      const check = await core.checkServer(serverUrl);
      if (check.state === 'connected') await core.switchServer(serverUrl);
      return check;
    },
    'session:get': async (payload) => {
      parseIpcPayload('session:get', payload);
      return core.api().session() ?? (await core.api().restore());
    },
    'session:sign-in': async (payload) => {
      const { email, password } = parseIpcPayload('session:sign-in', payload);
      const session = await core.api().signIn(email, password);
      if (!session.mfaRequired) core.sessionStarted();
      return session;
    },
    'session:verify': async (payload) => {
      const { method, code } = parseIpcPayload('session:verify', payload);
      const session = await core.api().verifySecondFactor(method, code);
      core.sessionStarted();
      return session;
    },
    'session:sign-out': async (payload) => {
      const { scope } = parseIpcPayload('session:sign-out', payload);
      const user = core.api().session()?.user.id;
      if (scope !== 'others') await core.queue.suspend();
      await core.api().signOut(scope);
      // A shared computer keeps nobody's unsaved form drafts.
      if (user && scope !== 'others') await core.drafts.clearFor(user);
      return undefined;
    },
    'api:request': async (payload) => {
      const { path, method, body, query, ifMatch } = parseIpcPayload('api:request', payload);
      return core.api().request(path, { method, body, query: query ?? undefined, ifMatch });
    },
    'uploads:add': async (payload) => {
      const { paths, target, under } = parseIpcPayload('uploads:add', payload);
      const refused = paths.find((path) => !core.grants.isGranted(path));
      if (refused) {
        throw new RequestFailure({
          status: 403,
          code: 'not_granted',
          message: `${basename(refused)} was not dropped or picked by you.`,
        });
      }
      core.queue.start();
      return (await core.queue.add(paths, target, under)).map((item) => item.id);
    },
    'uploads:pick': async (payload) => {
      const { target, folders } = parseIpcPayload('uploads:pick', payload);
      const paths = await core.pickPaths({ folders, multiple: true });
      if (paths.length === 0) return [];
      for (const path of paths) core.grants.grant(path);
      core.queue.start();
      return (await core.queue.add(paths, target)).map((item) => item.id);
    },
    'dialog:pick-files': async (payload) => {
      const { directory, multiple } = parseIpcPayload('dialog:pick-files', payload);
      const paths = await core.pickPaths({ folders: directory, multiple });
      for (const path of paths) core.grants.grant(path);
      return describePicked(paths, directory);
    },
    'uploads:control': async (payload) => {
      const { action, id } = parseIpcPayload('uploads:control', payload);
      core.queue[action](id);
      return undefined;
    },
    'uploads:clear': async (payload) => {
      parseIpcPayload('uploads:clear', payload);
      core.queue.clearFinished();
      return undefined;
    },
    'uploads:get': async (payload) => {
      parseIpcPayload('uploads:get', payload);
      return core.queue.snapshot();
    },
    'uploads:max-bytes': async (payload) => {
      parseIpcPayload('uploads:max-bytes', payload);
      return core.api().maxUploadBytes();
    },
    'uploads:prepare-images': async (payload) => {
      const { enabled } = parseIpcPayload('uploads:prepare-images', payload);
      await core.saveSettings({ ...core.settings(), prepareImages: enabled });
      return undefined;
    },
    'shell:open-external': async (payload) => {
      const { url } = parseIpcPayload('shell:open-external', payload);
      if (!isAllowedExternalUrl(url, core.settings().serverUrl)) return false;
      await core.openExternal(url);
      return true;
    },
    'file:download': async (payload) => {
      const { path, filename } = parseIpcPayload('file:download', payload);
      const target = await core.savePath(filename);
      if (!target) return false;
      const response = await core.api().fetch(path);
      if (!response.ok || !response.body) await core.api().readAnswer(response);
      try {
        await pipeline(Readable.fromWeb(response.body as never), createWriteStream(target));
      } catch (error) {
        await rm(target, { force: true });
        throw error;
      }
      return true;
    },
    'connection:get': async (payload) => {
      parseIpcPayload('connection:get', payload);
      return core.connection();
    },
    'sync:get': async (payload) => {
      parseIpcPayload('sync:get', payload);
      return core.watched.list();
    },
    'sync:add': async (payload) => {
      const { target } = parseIpcPayload('sync:add', payload);
      const [dir] = await core.pickPaths({ folders: true, multiple: false });
      return dir ? core.watched.link(dir, target) : null;
    },
    'sync:control': async (payload) => {
      const { action, id } = parseIpcPayload('sync:control', payload);
      core.watched[action](id);
      return undefined;
    },
    'drafts:get': async (payload) => {
      const { user, form } = parseIpcPayload('drafts:get', payload);
      return core.drafts.get(user, form);
    },
    'drafts:put': async (payload) => {
      const { user, form, draft } = parseIpcPayload('drafts:put', payload);
      await core.drafts.put(user, form, draft);
      return undefined;
    },
    'drafts:remove': async (payload) => {
      const { user, form } = parseIpcPayload('drafts:remove', payload);
      await core.drafts.remove(user, form);
      return undefined;
    },
    'app:last-page': async (payload) => {
      const { path } = parseIpcPayload('app:last-page', payload);
      const settings = core.settings();
      if (path !== settings.lastPage) await core.saveSettings({ ...settings, lastPage: path });
      return undefined;
    },
  };
}
