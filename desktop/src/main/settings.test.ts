import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppInfo, IpcChannel, ipcContract, ServerUrl, Settings } from '../shared/ipc';
import { DEFAULT_SERVER_URL, initSettings, readSettings, settingsFilePath, writeSettings } from './settings';

let dir: string;
let file: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atelier-settings-'));
  file = settingsFilePath(dir);
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('ServerUrl', () => {
  it.each([
    ['http://127.0.0.1:8787', 'http://127.0.0.1:8787'],
    ['https://atelier.example.com', 'https://atelier.example.com'],
    ['  http://localhost:8787/  ', 'http://localhost:8787'],
    ['HTTPS://Studio.Example.com/atelier/', 'https://studio.example.com/atelier'],
  ])('accepts %j as %j', (input, expected) => {
    expect(ServerUrl.parse(input)).toBe(expected);
  });

  it.each([
    ['javascript:alert(1)'],
    ['ftp://x'],
    ['file:///etc/passwd'],
    ['not a url'],
    [''],
    ['http://user:secret@127.0.0.1:8787'],
    ['http://127.0.0.1:8787/?next=evil'],
    [`http://example.com/${'a'.repeat(2100)}`],
  ])('rejects %j', (input) => {
    expect(ServerUrl.safeParse(input).success).toBe(false);
  });

  it.each([[42], [null], [undefined], [{ url: 'http://127.0.0.1:8787' }], [['http://127.0.0.1:8787']]])(
    'rejects the non-string %j',
    (input) => {
      const result = ServerUrl.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('The server URL must be text.');
    },
  );

  it('explains what an acceptable URL looks like', () => {
    const result = ServerUrl.safeParse('ftp://x');
    expect(result.error?.issues[0]?.message).toMatch(/http:\/\/ or https:\/\//);
  });
});

describe('IPC payload schemas', () => {
  it('accepts no payload for app:info and rejects any payload', () => {
    const request = ipcContract[IpcChannel.appInfo].request;
    expect(request.safeParse(undefined).success).toBe(true);
    expect(request.safeParse({ extra: true }).success).toBe(false);
  });

  it('describes the app:info response', () => {
    const info = {
      version: '0.1.0',
      platform: 'linux',
      serverUrl: 'http://127.0.0.1:8787',
      keychain: true,
      firstRun: false,
      prepareImages: true,
    };
    expect(AppInfo.parse(info)).toEqual(info);
    expect(AppInfo.safeParse({ ...info, serverUrl: 'javascript:alert(1)' }).success).toBe(false);
  });

  it('validates server:connect with the server URL schema', () => {
    const request = ipcContract[IpcChannel.connect].request;
    expect(request.parse('http://localhost:8787/')).toBe('http://localhost:8787');
    expect(request.safeParse('javascript:alert(1)').success).toBe(false);
    expect(request.safeParse(8787).success).toBe(false);
  });
});

describe('settings file', () => {
  it('uses the default server URL when there is no file yet', async () => {
    const result = await readSettings(file);
    expect(result).toEqual({
      settings: { serverUrl: DEFAULT_SERVER_URL, prepareImages: true },
      source: 'defaults',
    });
  });

  it('persists settings to disk and reads them back', async () => {
    await writeSettings(file, { serverUrl: 'https://atelier.example.com' });

    const stored = JSON.parse(await readFile(file, 'utf8'));
    expect(stored).toEqual({ serverUrl: 'https://atelier.example.com', prepareImages: true });
    expect(await readSettings(file)).toEqual({
      settings: { serverUrl: 'https://atelier.example.com', prepareImages: true },
      source: 'file',
    });
  });

  it('creates the settings folder when it is missing', async () => {
    const nested = join(dir, 'a', 'b', 'settings.json');
    await writeSettings(nested, { serverUrl: 'http://localhost:9000' });
    expect((await readSettings(nested)).settings.serverUrl).toBe('http://localhost:9000');
  });

  it('refuses to write invalid settings', async () => {
    await expect(writeSettings(file, { serverUrl: 'javascript:alert(1)' })).rejects.toThrow();
    expect((await readSettings(file)).source).toBe('defaults');
  });

  it('falls back to the defaults when the file is not JSON', async () => {
    await writeFile(file, '{"serverUrl": "http://127.0.0.1:9', 'utf8');
    const result = await readSettings(file);
    expect(result.settings).toEqual({ serverUrl: DEFAULT_SERVER_URL, prepareImages: true });
    expect(result.source).toBe('defaults');
    expect(result.warning).toMatch(/not valid JSON/);
  });

  it('falls back to the defaults when the file holds invalid settings', async () => {
    await writeFile(file, JSON.stringify({ serverUrl: 'javascript:alert(1)' }), 'utf8');
    const result = await readSettings(file);
    expect(result.settings).toEqual({ serverUrl: DEFAULT_SERVER_URL, prepareImages: true });
    expect(result.warning).toMatch(/invalid settings/);
  });

  it('falls back to the defaults when the file holds JSON of the wrong shape', async () => {
    await writeFile(file, '[1, 2, 3]', 'utf8');
    expect((await readSettings(file)).settings).toEqual({
      serverUrl: DEFAULT_SERVER_URL,
      prepareImages: true,
    });
  });
});

describe('initSettings', () => {
  it('writes the defaults on first start', async () => {
    const result = await initSettings(file);
    expect(result.settings.serverUrl).toBe(DEFAULT_SERVER_URL);
    expect(Settings.parse(JSON.parse(await readFile(file, 'utf8')))).toEqual({
      serverUrl: DEFAULT_SERVER_URL,
      prepareImages: true,
    });
  });

  it('keeps the stored server URL when no override is given', async () => {
    await writeSettings(file, { serverUrl: 'http://localhost:9000' });
    expect((await initSettings(file)).settings.serverUrl).toBe('http://localhost:9000');
  });

  it('lets ATELIER_SERVER_URL override and replace the stored server URL', async () => {
    await writeSettings(file, { serverUrl: 'http://localhost:9000' });
    expect((await initSettings(file, 'http://127.0.0.1:7000')).settings.serverUrl).toBe(
      'http://127.0.0.1:7000',
    );
    expect((await readSettings(file)).settings.serverUrl).toBe('http://127.0.0.1:7000');
  });

  it('repairs a corrupt settings file instead of crashing', async () => {
    await writeFile(file, 'garbage', 'utf8');
    const result = await initSettings(file);
    expect(result.settings.serverUrl).toBe(DEFAULT_SERVER_URL);
    expect(result.warning).toBeDefined();
    expect((await readSettings(file)).source).toBe('file');
  });
});
