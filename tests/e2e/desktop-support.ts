/**
 * The desktop app's window for the browser tests: the built renderer (desktop/out/renderer) in Chromium, with
 * its preload API bound to the REAL main-process modules running in the test process
 * (desktop/src/main/desktop-core.ts: settings, API client, upload queue, server events) against a real server
 * process. Only what Electron itself provides is stood in for: the keychain cipher, dialogs, notifications,
 * and the window's event channel. The renderer is served with the CSP main sends (src/main/csp.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { contentSecurityPolicy } from '../../desktop/src/main/csp';
import { createDesktopCore, type DesktopCore } from '../../desktop/src/main/desktop-core';
import type { Cipher } from '../../desktop/src/main/token-store';
import type { IpcChannel } from '../../desktop/src/shared/ipc';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  type KillableServer,
  startKillableServer,
  testCipher,
} from '../support/desktop';
import { ROOT } from '../support/process';

const RENDERER = path.join(ROOT, 'desktop', 'out', 'renderer');
/** Stands for app://atelier (Chromium cannot load Electron's custom scheme). */
const APP = 'http://atelier.desktop';

export function requireRenderer(): void {
  if (!fs.existsSync(path.join(RENDERER, 'index.html'))) {
    throw new Error('desktop/out/renderer is missing: run `npm run build` first');
  }
}

/**
 * A spec file's server (its admin from the environment: ADMIN_EMAIL) and a work folder for the apps' data,
 * made before its tests and removed after them. Read `server` and `work` once the tests run.
 */
export function desktopServerForThisFile(label: string) {
  const state: { server?: KillableServer; work?: string } = {};
  test.beforeAll(async () => {
    requireRenderer();
    state.server = await startKillableServer();
    state.work = fs.mkdtempSync(path.join(os.tmpdir(), `atelier-${label}-`));
  });
  test.afterAll(async () => {
    await state.server?.dispose();
    if (state.work) fs.rmSync(state.work, { recursive: true, force: true });
  });
  return {
    get server(): KillableServer {
      if (!state.server) throw new Error('the desktop test server is not started yet');
      return state.server;
    },
    get work(): string {
      if (!state.work) throw new Error('the work folder is not made yet');
      return state.work;
    },
  };
}

export interface AppOptions {
  /** Where the app keeps its settings, session and queue (a new folder under `work` when absent). */
  userDataDir?: string;
  serverUrlOverride?: string;
  /** The native open dialog's answers, in order. */
  dialogPaths?: string[][];
  /** The OS keychain (safeStorage); the test cipher when absent. */
  cipher?: Cipher;
}

/** The app's window: the renderer served under the CSP, `window.atelier` bound to a real desktop core. */
export async function openApp(page: Page, work: string, options: AppOptions = {}) {
  const userDataDir = options.userDataDir ?? fs.mkdtempSync(path.join(work, 'user-data-'));
  const opened: string[] = [];
  let ready = false;
  const early: [string, unknown][] = [];
  const emit = (event: string, value: unknown) => {
    if (!ready) early.push([event, value]);
    else
      void page
        .evaluate(([e, v]) => (window as any).__atelierEmit(e, v), [event, value] as const)
        .catch(() => {});
  };
  const core: DesktopCore = await createDesktopCore({
    userDataDir,
    version: '0.1.0',
    platform: 'linux',
    cipher: options.cipher ?? testCipher,
    serverUrlOverride: options.serverUrlOverride,
    pickPaths: async () => options.dialogPaths?.shift() ?? [],
    savePath: async () => null,
    openExternal: async (url) => void opened.push(url),
    notify: () => {},
    emit,
  });

  await page.route(`${APP}/**`, async (route) => {
    const url = new URL(route.request().url());
    const file = path.join(RENDERER, url.pathname === '/' ? 'index.html' : url.pathname);
    if (!file.startsWith(RENDERER) || !fs.existsSync(file)) return route.fulfill({ status: 404 });
    const types: Record<string, string> = {
      '.html': 'text/html',
      '.js': 'text/javascript',
      '.css': 'text/css',
    };
    await route.fulfill({
      body: fs.readFileSync(file),
      headers: {
        'content-type': types[path.extname(file)] ?? 'application/octet-stream',
        'content-security-policy': contentSecurityPolicy(core.settings().serverUrl),
      },
    });
  });
  // What main's ipcMain.handle does: only the app's own top frame may call.
  await page.exposeBinding('__atelierInvoke', (source, channel: IpcChannel, payload: unknown) => {
    if (source.frame !== page.mainFrame() || !source.frame.url().startsWith(`${APP}/`)) {
      throw new Error(`Refused ${channel}`);
    }
    return core.handlers[channel](payload);
  });
  await page.exposeBinding('__atelierGrant', (source, filePath: string) => {
    if (source.frame === page.mainFrame()) core.grant(filePath);
  });
  // The preload's API, as src/preload/index.ts builds it; a test File carries its path the way
  // webUtils.getPathForFile reads it from a dropped file.
  await page.addInitScript(() => {
    const listeners = new Map<string, Set<(value: unknown) => void>>();
    const w = window as any;
    w.__atelierEmit = (event: string, value: unknown) => {
      for (const listener of listeners.get(event) ?? []) listener(value);
    };
    w.atelier = {
      invoke: (channel: string, payload: unknown) => w.__atelierInvoke(channel, payload),
      on: (event: string, listener: (value: unknown) => void) => {
        if (!listeners.has(event)) listeners.set(event, new Set());
        listeners.get(event)!.add(listener);
        return () => listeners.get(event)!.delete(listener);
      },
      pathForFile: (file: File & { atelierTestPath?: string }) => {
        const filePath = file.atelierTestPath ?? '';
        if (filePath) w.__atelierGrant(filePath);
        return filePath;
      },
    };
  });
  const failedImages: string[] = [];
  page.on('requestfailed', (request) => {
    if (request.resourceType() === 'image') failedImages.push(request.url());
  });
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${APP}/index.html`);
  ready = true;
  for (const [event, value] of early.splice(0)) emit(event, value);
  return { core, opened, pageErrors, failedImages, userDataDir };
}

/** Signs in on the admin panel's own sign-in (the desktop app has no other). */
export async function signIn(page: Page, email = ADMIN_EMAIL, password = ADMIN_PASSWORD) {
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('link', { name: 'Media' }).first()).toBeVisible();
}

/**
 * Drops files or folders from the disk on the window (or on the element `selector` finds), as Electron hands
 * them to the page.
 */
export async function drop(page: Page, paths: string[], selector = 'main') {
  await page.evaluate(
    ([dropped, on]) => {
      const transfer = new DataTransfer();
      for (const filePath of dropped) {
        const file = new File([], filePath.split('/').pop()!);
        Object.defineProperty(file, 'atelierTestPath', { value: filePath });
        transfer.items.add(file);
      }
      const target = document.querySelector(on) ?? document.body;
      target.dispatchEvent(
        new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }),
      );
      target.dispatchEvent(
        new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }),
      );
    },
    [paths, selector] as const,
  );
}

/** A bearer caller of the server's API as the admin, to arrange data the way another person would. */
export async function adminApi(serverUrl: string, email = ADMIN_EMAIL, password = ADMIN_PASSWORD) {
  const res = await fetch(`${serverUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const { access_token: token } = (await res.json()) as { access_token: string };
  const call = async (method: string, url: string, body?: unknown) => {
    const answer = await fetch(`${serverUrl}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: answer.status, body: answer.status === 204 ? null : await answer.json() };
  };
  return { token, call };
}
