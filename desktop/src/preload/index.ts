import { contextBridge, ipcRenderer } from 'electron';
// Type-only: importing shared/ipc.ts at run time would bundle zod into the preload for nothing.
import type { AtelierApi, IpcChannel } from '../shared/ipc';

// `satisfies` holds these to exactly the channel names declared in shared/ipc.ts.
const channel = {
  appInfo: 'app:info',
  setServerUrl: 'settings:set-server-url',
} as const satisfies typeof IpcChannel;

// The renderer gets these functions and nothing else: no ipcRenderer, no Node.
const api: AtelierApi = {
  getAppInfo: () => ipcRenderer.invoke(channel.appInfo),
  setServerUrl: (serverUrl) => ipcRenderer.invoke(channel.setServerUrl, serverUrl),
};

contextBridge.exposeInMainWorld('atelier', api);
