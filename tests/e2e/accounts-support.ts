import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { UserRoleName } from '@atelier/shared';
import { expect, type Page, test } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { startSmtp, type TestSmtp } from '../support/smtp';

/** Passes the password policy and is not a common password. */
export const PASSWORD = 'Kapenta#Lake42';
export const OTHER_PASSWORD = 'Mulanje*Peak2026';

const root = path.resolve(import.meta.dirname, '../..');
let counter = 0;
export const uniqueEmail = (label = 'user') =>
  `${label}.${process.pid}.${Date.now().toString(36)}.${counter++}@example.mw`;

export interface AccountServer {
  url: string;
  dataDir: string;
  smtp: TestSmtp;
  /** The first-admin setup link the server printed at start-up (it has no admin yet). */
  setupLink: string;
  /** Runs the CLI (`pnpm atelier …`) on this server's data directory; answers what it printed. */
  cli(...args: string[]): string;
  /** A confirmed account made with the CLI (`pnpm atelier user:create`), as an owner would. */
  createUser(options?: { role?: UserRoleName; email?: string; firstName?: string; lastName?: string }): {
    email: string;
    password: string;
  };
  stop(): Promise<void>;
}

/**
 * A production server of its own for the account tests: an empty site on a fresh data directory, its mail
 * going to a real SMTP server on loopback, cheap password hashing. Each worker starts one.
 */
export async function startAccountServer(extraEnv: Record<string, string> = {}): Promise<AccountServer> {
  const smtp = await startSmtp();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-accounts-'));
  // Below Linux's ephemeral range (32768-60999), where the machine's own outgoing connections take ports.
  const port = 20000 + Math.floor(Math.random() * 12000);
  const url = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    SEED: 'none',
    LOG_LEVEL: 'warn',
    SMTP_URL: smtp.url,
    PASSWORD_HASH: 'fast',
    ...extraEnv,
  };
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'server/dist/index.js')], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const deadline = Date.now() + 60_000;
  let setupLink = '';
  while (!setupLink) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
    setupLink = /http:\/\/\S+\/admin\/setup\?token=\S+/.exec(output)?.[0] ?? '';
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const cli = (...args: string[]) =>
    execFileSync(process.execPath, [path.join(root, 'server/dist/cli.js'), ...args], {
      env,
      encoding: 'utf8',
    });
  return {
    url,
    dataDir,
    smtp,
    setupLink,
    cli,
    createUser({ role = 'user', email = uniqueEmail(role), firstName, lastName } = {}) {
      const args = ['user:create', '--email', email, '--password', PASSWORD, '--role', role];
      if (firstName) args.push('--first-name', firstName);
      if (lastName) args.push('--last-name', lastName);
      cli(...args);
      return { email, password: PASSWORD };
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await smtp.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Signs in on /auth. Unless told it will fail, waits for the answer: the move to the home page, or the
 * second step for an account with an authenticator.
 */
export async function signInThroughPage(
  page: Page,
  server: AccountServer,
  email: string,
  password = PASSWORD,
  { fails = false } = {},
) {
  await page.goto(`${server.url}/auth`);
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  if (fails) return;
  const secondStep = page.getByRole('heading', { name: 'Two-step verification' });
  await expect(secondStep.or(page.getByRole('button', { name: /Account menu for/ }))).toBeVisible({
    timeout: 15_000, // a password hash and a page load on a busy machine
  });
  // Signed in, the page goes on to where the sign-in started (here /): wait for that navigation, so the
  // test's next page.goto is not interrupted by it.
  if (!(await secondStep.isVisible())) {
    await page.waitForURL((url) => url.pathname !== '/auth', { timeout: 15_000 });
    await page.waitForLoadState('load');
  }
}

/**
 * The code of an authenticator app holding `secret` (base32), as the test's own "phone", `steps` periods of
 * 30 s from now (the server takes one step either side, and each step only once).
 */
export const totpCode = (secret: string, steps = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

/** The toast region's text, once it shows `title`. */
export async function expectToast(page: Page, title: string, text?: string, timeout?: number) {
  const toast = page.getByRole('status').filter({ hasText: title });
  await expect(toast).toBeVisible({ timeout });
  if (text) await expect(toast).toContainText(text);
}

/**
 * The account server of a spec file (with `env` added to the server's environment): started before its tests
 * (one per worker) and stopped after them. The object stands for it once the tests run.
 */
export function accountServerForThisFile(env: Record<string, string> = {}): AccountServer {
  let server: AccountServer | undefined;
  test.beforeAll(async () => {
    server = await startAccountServer(env);
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  return new Proxy({} as AccountServer, {
    get(_target, key) {
      if (!server) throw new Error('the account server is not started yet');
      return server[key as keyof AccountServer];
    },
  });
}

/** A new staff account of `role` and a bearer caller of the API as it, to arrange a test's data. */
export async function staffApi(account: AccountServer, role: UserRoleName = 'admin') {
  const user = account.createUser({ role });
  const res = await fetch(`${account.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  const { access_token: token } = (await res.json()) as { access_token: string };
  const api = async (method: string, url: string, body?: unknown) => {
    const answer = await fetch(`${account.url}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: answer.status, body: answer.status === 204 ? null : await answer.json() };
  };
  return { user, token, api };
}
