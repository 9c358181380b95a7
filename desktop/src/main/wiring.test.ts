/**
 * The built main bundle (out/main/index.js, after `electron-vite build`) run under Node with a recording
 * stand-in for the `electron` module: what the Electron wiring of src/main/index.ts asks of Electron — the
 * window's web preferences, the app:// handler, the single-instance lock, the IPC handlers and their sender
 * check, the permission handlers, navigation and new windows, the menu.
 *
 * This checks the wiring, not Electron: the stand-in records the calls and answers as documented, so a
 * wrong option, a missing handler or a wrong check here fails; whether Electron honours them is the
 * launch test's (launch.test.ts, skipped where no Electron binary is installed).
 */
// biome-ignore-all lint/suspicious/noExplicitAny: the stand-in answers Electron's loosely typed calls (windows, menu templates, handlers) as recorded
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GRANT_CHANNEL, IpcChannel } from '../shared/ipc';
import { contentSecurityPolicy } from './csp';

const desktopDir = resolve(import.meta.dirname, '../..');
const builtMain = join(desktopDir, 'out/main/index.js');
const SERVER = 'http://127.0.0.1:9';

type Handler = (...args: any[]) => any;

/** Everything the bundle did through `electron`, and the stand-in it did it with. */
const electron = await vi.hoisted(async () => {
  const { EventEmitter } = await import('node:events');
  const { tmpdir } = await import('node:os');
  const calls = {
    privileged: [] as unknown[],
    protocols: new Map<string, Handler>(),
    handles: new Map<string, Handler>(),
    listeners: new Map<string, Handler>(),
    windows: [] as any[],
    menu: null as unknown,
    template: [] as any[],
    permissionRequest: null as Handler | null,
    permissionCheck: null as Handler | null,
    quit: 0,
    lock: true,
    userData: '',
  };
  class WebContents extends EventEmitter {
    sent: [string, unknown][] = [];
    mainFrame = { url: 'app://atelier/index.html' };
    send(channel: string, value: unknown) {
      this.sent.push([channel, value]);
    }
    reload() {}
    windowOpenHandler: Handler | null = null;
    setWindowOpenHandler(handler: Handler) {
      this.windowOpenHandler = handler;
    }
  }
  class BrowserWindow extends EventEmitter {
    static getAllWindows = () => calls.windows;
    webContents = new WebContents();
    shown = 0;
    focused = 0;
    loaded: string | null = null;
    constructor(public options: any) {
      super();
      calls.windows.push(this);
    }
    loadURL(url: string) {
      this.loaded = url;
      return Promise.resolve();
    }
    isDestroyed = () => false;
    isMinimized = () => false;
    isMaximized = () => false;
    maximize() {}
    restore() {}
    show() {
      this.shown += 1;
    }
    focus() {
      this.focused += 1;
    }
    getNormalBounds = () => ({ x: 0, y: 0, width: 1200, height: 800 });
  }
  const app = Object.assign(new EventEmitter(), {
    isPackaged: true,
    setPath: (_name: string, path: string) => {
      calls.userData = path;
    },
    getPath: (name: string) => (name === 'userData' ? calls.userData : tmpdir()),
    getVersion: () => '0.1.0',
    requestSingleInstanceLock: () => calls.lock,
    whenReady: () => Promise.resolve(),
    quit: () => {
      calls.quit += 1;
    },
    exit: () => {},
  });
  const stand = {
    app,
    BrowserWindow,
    dialog: { showErrorBox: () => {}, showOpenDialog: async () => ({ canceled: true, filePaths: [] }) },
    ipcMain: {
      handle: (channel: string, handler: Handler) => calls.handles.set(channel, handler),
      on: (channel: string, handler: Handler) => calls.listeners.set(channel, handler),
    },
    Menu: {
      buildFromTemplate: (template: any[]) => {
        calls.template = template;
        return { template };
      },
      setApplicationMenu: (menu: unknown) => {
        calls.menu = menu;
      },
    },
    Notification: Object.assign(class {}, { isSupported: () => false }),
    net: { fetch: (...args: Parameters<typeof fetch>) => fetch(...args) },
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown[]) => calls.privileged.push(...schemes),
      handle: (scheme: string, handler: Handler) => calls.protocols.set(scheme, handler),
    },
    safeStorage: {
      isEncryptionAvailable: () => false,
      encryptString: (text: string) => Buffer.from(text),
      decryptString: (data: Buffer) => data.toString(),
    },
    screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (handler: Handler) => {
          calls.permissionRequest = handler;
        },
        setPermissionCheckHandler: (handler: Handler) => {
          calls.permissionCheck = handler;
        },
        webRequest: { onHeadersReceived: () => {} },
      },
    },
    shell: { openExternal: async () => {} },
  };
  return { calls, stand, WebContents };
});

vi.mock('electron', () => ({ ...electron.stand, default: electron.stand }));

const { calls } = electron;
let userData: string;

beforeAll(async () => {
  expect(existsSync(builtMain), `${builtMain} is missing: run electron-vite build first`).toBe(true);
  userData = mkdtempSync(join(tmpdir(), 'atelier-wiring-'));
  vi.stubEnv('ATELIER_USER_DATA_DIR', userData);
  vi.stubEnv('ATELIER_SERVER_URL', SERVER);
  vi.stubEnv('ELECTRON_RENDERER_URL', '');
  await import(/* @vite-ignore */ builtMain);
  await vi.waitFor(() => expect(calls.windows).toHaveLength(1));
  await vi.waitFor(() => expect(calls.windows[0].loaded).not.toBeNull());
});

afterAll(() => {
  calls.windows[0]?.emit('close');
  electron.stand.app.emit('before-quit', { preventDefault: () => {} });
  vi.unstubAllEnvs();
  rmSync(userData, { recursive: true, force: true });
});

/** An IPC call as Electron hands it to a handler: from `url`, in the main frame unless told otherwise. */
function ipcEvent(url: string, { iframe = false } = {}) {
  const mainFrame = { url };
  return { sender: { mainFrame }, senderFrame: iframe ? { url } : mainFrame };
}

describe('the Electron wiring of the built main bundle (a stand-in electron, not Electron)', () => {
  it('opens one sandboxed, isolated window without Node, its preload from out/, on app://atelier', () => {
    const [window] = calls.windows;
    const prefs = window.options.webPreferences;
    expect(prefs).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(prefs.preload).toBe(join(desktopDir, 'out/preload/index.cjs'));
    expect(existsSync(prefs.preload)).toBe(true);
    expect(window.loaded).toBe('app://atelier/index.html');
    expect(calls.userData).toBe(userData);
  });

  it('serves the built renderer on app:// with the CSP header, and nothing outside it', async () => {
    expect(calls.privileged).toEqual([{ scheme: 'app', privileges: { standard: true, secure: true } }]);
    const serve = calls.protocols.get('app')!;
    const page: Response = await serve(new Request('app://atelier/index.html'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(contentSecurityPolicy(SERVER));
    expect(await page.text()).toContain('<div id="root">');
    // A page of the admin (no extension) is the app's one page.
    expect((await serve(new Request('app://atelier/admin/media'))).status).toBe(200);
    for (const outside of [
      'app://atelier/..%2Fmain%2Findex.js',
      'app://atelier/%2e%2e/preload/index.cjs',
      'app://other/index.html',
      'app://atelier/no-such-file.js',
    ]) {
      expect((await serve(new Request(outside))).status, outside).toBe(404);
    }
  });

  it('holds the single-instance lock; a second launch focuses the window', () => {
    const [window] = calls.windows;
    const before = window.focused;
    electron.stand.app.emit('second-instance');
    expect(window.focused).toBe(before + 1);
  });

  it('registers every channel of the contract, each refusing other pages and iframes', async () => {
    expect([...calls.handles.keys()].sort()).toEqual(Object.values(IpcChannel).sort());
    expect(calls.listeners.has(GRANT_CHANNEL)).toBe(true);
    for (const channel of Object.values(IpcChannel)) {
      const handler = calls.handles.get(channel)!;
      expect(() => handler(ipcEvent('https://evil.example/'), undefined), channel).toThrow(/Refused/);
      expect(() => handler(ipcEvent('app://atelier/index.html', { iframe: true }), undefined)).toThrow(
        /Refused/,
      );
    }
    const info = await calls.handles.get(IpcChannel.appInfo)!(ipcEvent('app://atelier/index.html'));
    expect(info).toMatchObject({ ok: true, value: { serverUrl: SERVER, keychain: false } });
    // A payload off the contract is refused as data, not thrown.
    const bad = await calls.handles.get(IpcChannel.addUploads)!(ipcEvent('app://atelier/index.html'), {
      paths: [],
    });
    expect(bad).toMatchObject({ ok: false, error: { status: 400 } });
  });

  it('denies every permission', () => {
    const answers: boolean[] = [];
    calls.permissionRequest!({}, 'media', (allowed: boolean) => answers.push(allowed));
    calls.permissionRequest!({}, 'geolocation', (allowed: boolean) => answers.push(allowed));
    expect(answers).toEqual([false, false]);
    expect(calls.permissionCheck!({}, 'notifications')).toBe(false);
  });

  it('refuses navigation away from the app, new windows and webviews', () => {
    const contents = new electron.WebContents();
    electron.stand.app.emit('web-contents-created', {}, contents);
    const attempt = (event: string, url?: string) => {
      let prevented = false;
      contents.emit(event, { preventDefault: () => (prevented = true) }, url);
      return prevented;
    };
    expect(attempt('will-navigate', 'https://evil.example/')).toBe(true);
    expect(attempt('will-redirect', 'file:///etc/passwd')).toBe(true);
    expect(attempt('will-navigate', 'app://atelier/index.html')).toBe(false);
    expect(attempt('will-attach-webview')).toBe(true);
    expect(contents.windowOpenHandler!({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
  });

  it('sets the menu, whose commands reach the window', () => {
    expect(calls.menu).toEqual({ template: calls.template });
    const labels = (menu: string) =>
      calls.template
        .find((item) => item.label === menu)
        ?.submenu.map((item: any) => item.label ?? item.role ?? item.type);
    expect(labels('File')).toEqual([
      'Add Files…',
      'Add Folder…',
      'separator',
      'Switch Server…',
      'separator',
      'Sign Out',
      'Sign Out Everywhere…',
      ...(process.platform === 'darwin' ? [] : ['separator', 'quit']),
    ]);
    expect(labels('Go')).toEqual(['Dashboard', 'Projects', 'Blog', 'Media Library', 'Inquiries', 'Settings']);
    const [window] = calls.windows;
    const file = calls.template.find((item) => item.label === 'File').submenu;
    file.find((item: any) => item.label === 'Add Files…').click();
    calls.template
      .find((item) => item.label === 'Go')
      .submenu.find((item: any) => item.label === 'Media Library')
      .click();
    expect(window.webContents.sent).toEqual(
      expect.arrayContaining([
        ['command', 'add-files'],
        ['navigate', '/admin/media'],
      ]),
    );
  });
});

describe('a second launch (the lock is held by the first)', () => {
  it('quits at once: no window, no handlers', async () => {
    vi.resetModules();
    const windows = calls.windows.length;
    const quits = calls.quit;
    calls.lock = false;
    calls.handles.clear();
    await import(/* @vite-ignore */ `${builtMain}?second`);
    expect(calls.quit).toBe(quits + 1);
    expect(calls.windows).toHaveLength(windows);
    expect(calls.handles.size).toBe(0);
    calls.lock = true;
  });
});
