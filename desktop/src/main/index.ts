import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  Notification,
  net,
  protocol,
  type Rectangle,
  safeStorage,
  screen,
  session,
  shell,
  type WebContents,
} from 'electron';
import { GRANT_CHANNEL, IpcChannel, type IpcEvent, type IpcEvents } from '../shared/ipc';
import { contentSecurityPolicy } from './csp';
import { createDesktopCore, type DesktopCore } from './desktop-core';
import { type DesktopEnv, parseDesktopEnv } from './env';
import { buildMenu } from './menu';
import { isAppUrl } from './navigation';
import { restoredBounds } from './window-state';

/** Same charcoal as the renderer's background, so the window never flashes white. */
const BACKGROUND_COLOR = '#1c1c1c';

const rendererDir = join(import.meta.dirname, '../renderer');
// A sandboxed preload runs as a classic script, so it is built as CommonJS.
const preloadScript = join(import.meta.dirname, '../preload/index.cjs');
/** The built renderer is served from this custom scheme (not file://), with its CSP as a header. */
const APP_ORIGIN = 'app://atelier';

// Before `ready`: the app's scheme behaves like https (standard, secure) for the renderer.
protocol.registerSchemesAsPrivileged([{ scheme: 'app', privileges: { standard: true, secure: true } }]);

let mainWindow: BrowserWindow | null = null;
let core: DesktopCore | null = null;

function failToStart(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  console.error(message);
  dialog.showErrorBox('Atelier cannot start', message);
  app.exit(1);
}

function readEnv(): DesktopEnv | undefined {
  try {
    return parseDesktopEnv(process.env);
  } catch (error) {
    failToStart(error);
    return undefined;
  }
}

function emit<E extends IpcEvent>(event: E, value: IpcEvents[E]): void {
  if (mainWindow && !mainWindow.isDestroyed()) mainWindow.webContents.send(event, value);
}

function focusWindow(): void {
  if (!mainWindow) return;
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.show();
  mainWindow.focus();
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

/** Serves out/renderer under app://atelier/ with the CSP of the connected server. */
function serveRenderer(): void {
  protocol.handle('app', async (request) => {
    const url = new URL(request.url);
    const file = normalize(join(rendererDir, decodeURIComponent(url.pathname)));
    if (url.host !== 'atelier' || !file.startsWith(rendererDir + sep)) {
      return new Response('Not found', { status: 404 });
    }
    const served = extname(file) ? file : join(rendererDir, 'index.html');
    try {
      return new Response(await readFile(served), {
        headers: {
          'content-type': MIME[extname(served)] ?? 'application/octet-stream',
          'content-security-policy': contentSecurityPolicy(
            core?.settings().serverUrl ?? 'http://127.0.0.1:8787',
          ),
          'x-content-type-options': 'nosniff',
        },
      });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  });
}

function main(): void {
  const env = readEnv();
  if (!env) return;
  if (env.ATELIER_USER_DATA_DIR) app.setPath('userData', env.ATELIER_USER_DATA_DIR);

  // One instance per user: a second launch focuses the running window instead.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }

  const devServerUrl = !app.isPackaged ? env.ELECTRON_RENDERER_URL : undefined;
  const appEntryUrl = devServerUrl ?? `${APP_ORIGIN}/index.html`;

  app.on('second-instance', focusWindow);
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, appEntryUrl));

  let quitting = false;
  app.on('before-quit', (event) => {
    if (quitting || !core) return;
    // Uploads stop where they are and resume at the next start: wait for the queue file.
    event.preventDefault();
    quitting = true;
    void core.stop().finally(() => app.quit());
  });

  app
    .whenReady()
    .then(async () => {
      // Nothing in the app needs a camera, microphone, location… : every request is refused.
      session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) =>
        callback(false),
      );
      session.defaultSession.setPermissionCheckHandler(() => false);
      if (devServerUrl) {
        session.defaultSession.webRequest.onHeadersReceived(
          { urls: [`${devServerUrl}*`] },
          (details, callback) =>
            callback({
              responseHeaders: {
                ...details.responseHeaders,
                'Content-Security-Policy': [
                  contentSecurityPolicy(core?.settings().serverUrl ?? 'http://127.0.0.1:8787', { dev: true }),
                ],
              },
            }),
        );
      }

      core = await createDesktopCore({
        userDataDir: app.getPath('userData'),
        version: app.getVersion(),
        platform: process.platform,
        cipher: safeStorage,
        serverUrlOverride: env.ATELIER_SERVER_URL,
        // Electron's net follows the system proxy settings, like the browser would.
        fetch: net.fetch as typeof fetch,
        pickPaths: async ({ folders, multiple }) => {
          const options: Electron.OpenDialogOptions = {
            title: folders ? 'Add a folder' : 'Add files',
            properties: [
              folders ? 'openDirectory' : 'openFile',
              ...(multiple ? ['multiSelections' as const] : []),
            ],
            filters: folders
              ? []
              : [{ name: 'Images and PDF', extensions: ['png', 'jpg', 'jpeg', 'gif', 'webp', 'pdf'] }],
          };
          const result = mainWindow
            ? await dialog.showOpenDialog(mainWindow, options)
            : await dialog.showOpenDialog(options);
          return result.canceled ? [] : result.filePaths;
        },
        savePath: async (filename) => {
          const options = { defaultPath: join(app.getPath('downloads'), filename) };
          const result = mainWindow
            ? await dialog.showSaveDialog(mainWindow, options)
            : await dialog.showSaveDialog(options);
          return result.canceled || !result.filePath ? null : result.filePath;
        },
        openExternal: (url) => shell.openExternal(url),
        notify: (title, body, onClick) => {
          if (!Notification.isSupported()) return;
          const notification = new Notification({ title, body });
          notification.on('click', () => {
            focusWindow();
            onClick();
          });
          notification.show();
        },
        emit,
        onServerChanged: () => mainWindow?.webContents.reload(),
      });
      if (core.settingsWarning) console.warn(`[atelier] ${core.settingsWarning}`);

      const fromApp = (frameUrl: string | undefined) => isAppUrl(frameUrl ?? '', appEntryUrl);
      for (const channel of Object.values(IpcChannel)) {
        ipcMain.handle(channel, (event, payload: unknown) => {
          // Only the app's own top frame may call: never an iframe or a page navigated elsewhere.
          if (!fromApp(event.senderFrame?.url) || event.senderFrame !== event.sender.mainFrame) {
            throw new Error(`Refused ${channel} from ${event.senderFrame?.url || 'an unknown frame'}`);
          }
          return core!.handlers[channel](payload);
        });
      }
      ipcMain.on(GRANT_CHANNEL, (event, path: unknown) => {
        if (fromApp(event.senderFrame?.url) && typeof path === 'string' && path.length < 4096)
          core!.grant(path);
      });

      if (!devServerUrl) serveRenderer();
      Menu.setApplicationMenu(
        buildMenu(
          {
            command: (command) => emit('command', command),
            navigate: (path) => emit('navigate', path),
          },
          { dev: !app.isPackaged },
        ),
      );

      mainWindow = createWindow(appEntryUrl);
      app.on('activate', () => {
        if (BrowserWindow.getAllWindows().length === 0) mainWindow = createWindow(appEntryUrl);
      });
      void core.start();
    })
    .catch(failToStart);
}

function createWindow(entryUrl: string): BrowserWindow {
  const saved = restoredBounds(
    core?.settings().window,
    screen.getAllDisplays().map((display) => display.workArea),
  );
  const window = new BrowserWindow({
    ...saved,
    minWidth: 960,
    minHeight: 640,
    title: 'Atelier',
    backgroundColor: BACKGROUND_COLOR,
    show: false,
    webPreferences: {
      preload: preloadScript,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: true,
    },
  });
  if (saved.maximized) window.maximize();

  window.once('ready-to-show', () => window.show());
  window.on('close', () => {
    const bounds: Rectangle = window.getNormalBounds();
    void core?.saveWindow({ ...bounds, maximized: window.isMaximized() });
  });
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = null;
  });

  void window.loadURL(entryUrl);
  return window;
}

/** Applied to every web contents: the app stays on its own page; nothing opens a window. */
function hardenWebContents(contents: WebContents, appEntryUrl: string): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url, appEntryUrl)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url, appEntryUrl)) event.preventDefault();
  });
  // Links leave the app only through "shell:open-external", which checks the connected server.
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

main();
