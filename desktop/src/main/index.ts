import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, session, shell, type WebContents } from 'electron';
import { IpcChannel } from '../shared/ipc';
import { type DesktopEnv, parseDesktopEnv } from './env';
import { createIpcHandlers } from './ipc-handlers';
import { isAppUrl, isExternalHttpUrl } from './navigation';
import { initSettings, settingsFilePath } from './settings';

/** Same charcoal as the renderer's background, so the window never flashes white. */
const BACKGROUND_COLOR = '#1c1c1c';

const rendererHtml = join(import.meta.dirname, '../renderer/index.html');
// A sandboxed preload runs as a classic script, so it is built as CommonJS.
const preloadScript = join(import.meta.dirname, '../preload/index.cjs');

let mainWindow: BrowserWindow | null = null;

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
  const appEntryUrl = devServerUrl ?? pathToFileURL(rendererHtml).href;

  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, appEntryUrl));

  app
    .whenReady()
    .then(async () => {
      // The start screen needs no camera, notifications, etc.; grant nothing until a feature asks.
      session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) =>
        callback(false),
      );

      const settingsFile = settingsFilePath(app.getPath('userData'));
      const { warning } = await initSettings(settingsFile, env.ATELIER_SERVER_URL);
      if (warning) console.warn(`[atelier] ${warning}`);

      const handlers = createIpcHandlers({
        settingsFile,
        version: app.getVersion(),
        platform: process.platform,
      });
      for (const channel of Object.values(IpcChannel)) {
        ipcMain.handle(channel, (event, payload: unknown) => {
          const senderUrl = event.senderFrame?.url ?? '';
          if (!isAppUrl(senderUrl, appEntryUrl)) {
            throw new Error(`Refused ${channel} from ${senderUrl || 'an unknown frame'}`);
          }
          return handlers[channel](payload);
        });
      }

      mainWindow = createWindow(devServerUrl);
      app.on('activate', () => {
        if (BrowserWindow.getAllWindows().length === 0) mainWindow = createWindow(devServerUrl);
      });
    })
    .catch(failToStart);
}

function createWindow(devServerUrl: string | undefined): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
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
      webSecurity: true,
    },
  });

  window.once('ready-to-show', () => window.show());
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = null;
  });

  if (devServerUrl) void window.loadURL(devServerUrl);
  else void window.loadFile(rendererHtml);
  return window;
}

/** Applied to every web contents: the app stays on its own page; the web opens in the browser. */
function hardenWebContents(contents: WebContents, appEntryUrl: string): void {
  contents.on('will-navigate', (event, url) => {
    if (isAppUrl(url, appEntryUrl)) return;
    event.preventDefault();
    if (isExternalHttpUrl(url)) void shell.openExternal(url);
  });

  contents.setWindowOpenHandler(({ url }) => {
    if (isExternalHttpUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });

  contents.on('will-attach-webview', (event) => event.preventDefault());
}

main();
