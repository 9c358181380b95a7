/**
 * The IPC contract between the main process and the renderer: channel names and the zod schema of
 * every payload. Main validates each request with these schemas; the renderer may reuse them for
 * early feedback, and the preload imports its types only. No electron import here: unit tests load
 * this module without the Electron binary.
 */
import { z } from 'zod';

const SERVER_URL_EXAMPLE = 'http://127.0.0.1:8787';

function parsedUrl(value: string): URL | undefined {
  return URL.canParse(value) ? new URL(value) : undefined;
}

/** The address of the Atelier server: an http(s) URL, normalised without a trailing slash. */
export const ServerUrl = z
  .string({ error: 'The server URL must be text.' })
  .trim()
  .min(1, 'Enter the server URL.')
  .max(2048, 'The server URL is too long.')
  .refine((value) => {
    const url = parsedUrl(value);
    return url !== undefined && (url.protocol === 'http:' || url.protocol === 'https:');
  }, `The server URL must be an http:// or https:// address, such as ${SERVER_URL_EXAMPLE}.`)
  .refine((value) => {
    const url = parsedUrl(value);
    return url !== undefined && !url.username && !url.password && !url.search && !url.hash;
  }, 'The server URL must not contain a user name, password, query or fragment.')
  .transform((value) => {
    const url = new URL(value);
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  });
export type ServerUrl = z.infer<typeof ServerUrl>;

/** What the desktop app keeps in its settings file. */
export const Settings = z.object({ serverUrl: ServerUrl });
export type Settings = z.infer<typeof Settings>;

export const AppInfo = z.object({
  version: z.string(),
  platform: z.string(),
  serverUrl: ServerUrl,
});
export type AppInfo = z.infer<typeof AppInfo>;

export const IpcChannel = {
  appInfo: 'app:info',
  setServerUrl: 'settings:set-server-url',
} as const;
export type IpcChannel = (typeof IpcChannel)[keyof typeof IpcChannel];

/** Request and response schema of each channel. */
export const ipcContract = {
  [IpcChannel.appInfo]: { request: z.undefined(), response: AppInfo },
  [IpcChannel.setServerUrl]: { request: ServerUrl, response: Settings },
} as const satisfies Record<IpcChannel, { request: z.ZodType; response: z.ZodType }>;

export type IpcRequest<C extends IpcChannel> = z.input<(typeof ipcContract)[C]['request']>;
export type IpcResponse<C extends IpcChannel> = z.output<(typeof ipcContract)[C]['response']>;

/** The one API the preload script exposes to the renderer as `window.atelier`. */
export interface AtelierApi {
  getAppInfo(): Promise<IpcResponse<typeof IpcChannel.appInfo>>;
  setServerUrl(
    serverUrl: IpcRequest<typeof IpcChannel.setServerUrl>,
  ): Promise<IpcResponse<typeof IpcChannel.setServerUrl>>;
}
