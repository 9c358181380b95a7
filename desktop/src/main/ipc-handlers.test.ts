import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IpcChannel } from '../shared/ipc';
import { createIpcHandlers, InvalidIpcPayloadError, type IpcHandlers } from './ipc-handlers';
import { DEFAULT_SERVER_URL, readSettings, settingsFilePath } from './settings';

let dir: string;
let settingsFile: string;
let handlers: IpcHandlers;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atelier-ipc-'));
  settingsFile = settingsFilePath(dir);
  handlers = createIpcHandlers({ settingsFile, version: '1.2.3', platform: 'linux' });
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('app:info', () => {
  it('returns the version, platform and server URL', async () => {
    expect(await handlers[IpcChannel.appInfo](undefined)).toEqual({
      version: '1.2.3',
      platform: 'linux',
      serverUrl: DEFAULT_SERVER_URL,
    });
  });

  it('rejects an unexpected payload', async () => {
    await expect(handlers[IpcChannel.appInfo]({ serverUrl: 'x' })).rejects.toThrow(InvalidIpcPayloadError);
  });
});

describe('settings:set-server-url', () => {
  it('saves a valid server URL and reports it back', async () => {
    const result = await handlers[IpcChannel.setServerUrl]('http://localhost:9000/');
    expect(result).toEqual({ serverUrl: 'http://localhost:9000' });
    expect((await readSettings(settingsFile)).settings.serverUrl).toBe('http://localhost:9000');
    expect((await handlers[IpcChannel.appInfo](undefined)).serverUrl).toBe('http://localhost:9000');
  });

  it.each([['javascript:alert(1)'], ['ftp://x'], [42], [null], [{ serverUrl: 'http://localhost:9000' }]])(
    'rejects %j with a clear error and keeps the stored URL',
    async (payload) => {
      await handlers[IpcChannel.setServerUrl]('http://localhost:9000');

      const attempt = handlers[IpcChannel.setServerUrl](payload);
      await expect(attempt).rejects.toThrow(InvalidIpcPayloadError);
      await expect(attempt).rejects.toThrow(
        /^Invalid payload for settings:set-server-url: The server URL must/,
      );
      expect((await readSettings(settingsFile)).settings.serverUrl).toBe('http://localhost:9000');
    },
  );
});
