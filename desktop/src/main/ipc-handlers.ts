/**
 * What each IPC channel does, without electron: main registers these with `ipcMain.handle` after
 * checking the sender. Every payload is parsed with the contract's schema before it is used.
 */
import type { z } from 'zod';
import { IpcChannel, type IpcResponse, ipcContract } from '../shared/ipc';
import { readSettings, writeSettings } from './settings';

export class InvalidIpcPayloadError extends Error {
  override readonly name = 'InvalidIpcPayloadError';

  constructor(
    readonly channel: IpcChannel,
    readonly issues: string[],
  ) {
    super(`Invalid payload for ${channel}: ${issues.join(' ')}`);
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
      result.error.issues.map((issue) => issue.message),
    );
  }
  return result.data as z.output<(typeof ipcContract)[C]['request']>;
}

export interface IpcHandlerContext {
  settingsFile: string;
  version: string;
  platform: string;
}

export type IpcHandlers = { [C in IpcChannel]: (payload: unknown) => Promise<IpcResponse<C>> };

export function createIpcHandlers(context: IpcHandlerContext): IpcHandlers {
  return {
    [IpcChannel.appInfo]: async (payload) => {
      parseIpcPayload(IpcChannel.appInfo, payload);
      const { settings } = await readSettings(context.settingsFile);
      return { version: context.version, platform: context.platform, serverUrl: settings.serverUrl };
    },
    [IpcChannel.setServerUrl]: async (payload) => {
      const serverUrl = parseIpcPayload(IpcChannel.setServerUrl, payload);
      const { settings } = await readSettings(context.settingsFile);
      const next = { ...settings, serverUrl };
      await writeSettings(context.settingsFile, next);
      return next;
    },
  };
}
