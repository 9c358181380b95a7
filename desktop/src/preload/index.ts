import { contextBridge, ipcRenderer, webUtils } from 'electron';
// Type-only: importing shared/ipc.ts at run time would bundle zod into the preload for nothing.
import type { AtelierApi, GRANT_CHANNEL, IpcChannel, IpcEvent } from '../shared/ipc';

// Records over the contract's unions: TypeScript fails here when a channel or event is added or
// removed in shared/ipc.ts and not here. Only these names ever reach ipcRenderer.
const channels: Record<IpcChannel, true> = {
  'app:info': true,
  'server:check': true,
  'server:connect': true,
  'session:get': true,
  'session:sign-in': true,
  'session:verify': true,
  'session:sign-out': true,
  'api:request': true,
  'uploads:add': true,
  'uploads:pick': true,
  'dialog:pick-files': true,
  'uploads:control': true,
  'uploads:clear': true,
  'uploads:get': true,
  'uploads:max-bytes': true,
  'uploads:prepare-images': true,
  'shell:open-external': true,
  'file:download': true,
  'app:last-page': true,
  'connection:get': true,
  'sync:get': true,
  'sync:add': true,
  'sync:control': true,
  'drafts:get': true,
  'drafts:put': true,
  'drafts:remove': true,
};
const events: Record<IpcEvent, true> = {
  'session:changed': true,
  'uploads:changed': true,
  'sync:changed': true,
  'connection:changed': true,
  'server:event': true,
  navigate: true,
  command: true,
};
const grantChannel: typeof GRANT_CHANNEL = 'files:grant';

// The renderer gets these three functions and nothing else: no ipcRenderer, no Node.
const api: AtelierApi = {
  invoke: (channel, payload) => {
    if (!Object.hasOwn(channels, channel)) return Promise.reject(new Error(`Unknown channel ${channel}`));
    return ipcRenderer.invoke(channel, payload);
  },
  on: (event, listener) => {
    if (!Object.hasOwn(events, event)) throw new Error(`Unknown event ${event}`);
    const handler = (_event: Electron.IpcRendererEvent, value: Parameters<typeof listener>[0]) =>
      listener(value);
    ipcRenderer.on(event, handler);
    return () => ipcRenderer.off(event, handler);
  },
  pathForFile: (file) => {
    // Only a File backed by a file on disk has a path: a page cannot make one up.
    const path = webUtils.getPathForFile(file);
    if (path) ipcRenderer.send(grantChannel, path);
    return path;
  },
};

contextBridge.exposeInMainWorld('atelier', api);
