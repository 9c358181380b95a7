/**
 * The IPC handlers of the desktop core, as main registers them: every payload is validated, errors
 * cross as { ok: false, error }, and the rules for external links and saved pages hold. The API
 * calls against a real server are in tests/integration/desktop-*.test.ts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDesktopCore, type DesktopCore } from './desktop-core';
import { DEFAULT_SERVER_URL, readSettings, settingsFilePath } from './settings';

let dir: string;
let core: DesktopCore;
const opened: string[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atelier-core-'));
  opened.length = 0;
  core = await createDesktopCore({
    userDataDir: dir,
    version: '0.1.0',
    platform: 'linux',
    cipher: { isEncryptionAvailable: () => false, encryptString: Buffer.from, decryptString: String },
    pickPaths: async () => [],
    savePath: async () => null,
    openExternal: async (url) => void opened.push(url),
    notify: () => {},
    emit: () => {},
  });
});

afterEach(async () => {
  await core.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('IPC handlers', () => {
  it('answer the app info, with the keychain state', async () => {
    expect(await core.handlers['app:info'](undefined)).toEqual({
      ok: true,
      value: {
        version: '0.1.0',
        platform: 'linux',
        serverUrl: DEFAULT_SERVER_URL,
        keychain: false,
        firstRun: true,
        prepareImages: true,
      },
    });
  });

  it.each([
    ['app:info', { extra: true }],
    ['session:sign-in', { email: 'a@b.mw' }],
    ['session:sign-in', { email: 'a@b.mw', password: 'x', admin: true }],
    ['api:request', { path: 'https://evil.example/api/x' }],
    ['api:request', { path: '/api/../../etc/passwd' }],
    ['api:request', { path: '/media/x.png' }],
    ['uploads:add', { paths: [], target: {} }],
    ['uploads:control', { action: 'explode', id: 'x' }],
    ['file:download', { path: '/api/admin/inquiries/export.csv', filename: '../../.bashrc' }],
    ['app:last-page', { path: 'https://evil.example/admin' }],
  ] as const)('refuse %s with %j, saying why', async (channel, payload) => {
    const result = await core.handlers[channel](payload);
    expect(result).toMatchObject({ ok: false, error: { status: 400, code: 'invalid_payload' } });
  });

  it('refuse to switch to an address that is not an Atelier server, keeping the current one', async () => {
    const result = await core.handlers['server:connect']('http://127.0.0.1:9');
    expect(result).toMatchObject({ ok: true, value: { state: 'unreachable' } });
    expect((await readSettings(settingsFilePath(dir))).settings.serverUrl).toBe(DEFAULT_SERVER_URL);
    expect(await core.handlers['server:connect']('javascript:alert(1)')).toMatchObject({ ok: false });
  });

  it('open only the connected server’s pages and mail addresses in the browser', async () => {
    for (const url of ['http://127.0.0.1:8787/projects/house-on-the-hill', 'mailto:client@example.mw']) {
      expect(await core.handlers['shell:open-external']({ url })).toEqual({ ok: true, value: true });
    }
    for (const url of [
      'https://evil.example/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'http://127.0.0.1:9/',
    ]) {
      expect(await core.handlers['shell:open-external']({ url })).toEqual({ ok: true, value: false });
    }
    expect(opened).toEqual(['http://127.0.0.1:8787/projects/house-on-the-hill', 'mailto:client@example.mw']);
  });

  it('remember the last admin page', async () => {
    expect(await core.handlers['app:last-page']({ path: '/admin/projects?page=2' })).toEqual({
      ok: true,
      value: undefined,
    });
    expect((await readSettings(settingsFilePath(dir))).settings.lastPage).toBe('/admin/projects?page=2');
  });

  it('keep the window bounds written by the time the app has stopped', async () => {
    void core.saveWindow({ x: 40, y: 30, width: 1400, height: 900, maximized: false });
    void core.handlers['app:last-page']({ path: '/admin/media' });
    await core.stop();
    expect((await readSettings(settingsFilePath(dir))).settings).toMatchObject({
      window: { x: 40, y: 30, width: 1400, height: 900, maximized: false },
      lastPage: '/admin/media',
    });
  });

  it('answer a call without a session as signed out', async () => {
    expect(await core.handlers['api:request']({ path: '/api/admin/me' })).toMatchObject({
      ok: false,
      error: { status: 401, message: 'Your session has ended. Please sign in again.' },
    });
  });
});
