import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer } from '../../server/src/server';
import {
  bearer,
  createUser,
  json,
  OTHER_PASSWORD,
  PASSWORD,
  session,
  signIn,
  uniqueEmail,
} from '../support/auth';
import { testEnv } from '../support/env';
import { ROOT, requireBuild, runCli, SERVER_BUNDLE } from '../support/process';
import { startTestServer, type TestServer } from '../support/server';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-admin-'));
const fast = { PASSWORD_HASH: 'fast', BENCH: 'true' };
const adminMe = (url: string, token: string) => fetch(`${url}/api/admin/me`, { headers: bearer(token) });

let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe('the first admin from the environment', () => {
  it('creates a confirmed admin at start-up, and never changes its password on later starts', async () => {
    const email = uniqueEmail('owner');
    server = await startTestServer({
      content: 'empty',
      env: { ...fast, ATELIER_ADMIN_EMAIL: ` ${email.toUpperCase()} `, ATELIER_ADMIN_PASSWORD: PASSWORD },
    });
    expect(server.running.adminSetupUrl).toBeNull();
    const tokens = await session(server, email);
    expect(tokens.user).toMatchObject({ role: 'owner', is_staff: true });
    expect(tokens.user.email_confirmed_at).toBeTruthy();
    expect((await adminMe(server.url, tokens.access_token)).status).toBe(200);

    // Restarted with another password in the environment: same account, same password.
    await server.restart({ ATELIER_ADMIN_EMAIL: email, ATELIER_ADMIN_PASSWORD: OTHER_PASSWORD });
    expect((await signIn(server, email, OTHER_PASSWORD)).status).toBe(400);
    expect((await signIn(server, email, PASSWORD)).status).toBe(200);
    const users = await server.db.get('SELECT count(*) AS n FROM users WHERE email = ?', email);
    expect(users).toEqual({ n: 1 });
  });

  it('makes an existing account named by ATELIER_ADMIN_EMAIL the owner, keeping its password', async () => {
    server = await startTestServer({ content: 'empty', env: fast });
    const user = await createUser(server);
    await server.restart({ ATELIER_ADMIN_EMAIL: user.email, ATELIER_ADMIN_PASSWORD: OTHER_PASSWORD });
    const res = await signIn(server, user.email, PASSWORD);
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).user.role).toBe('owner');
  });

  it('refuses to start with a weak ATELIER_ADMIN_PASSWORD, or with only one of the two', async () => {
    const dataDir = tempDir();
    await expect(
      startServer(
        testEnv(dataDir, {
          ...fast,
          SEED: 'none',
          ATELIER_ADMIN_EMAIL: 'o@example.mw',
          ATELIER_ADMIN_PASSWORD: 'password',
        }),
      ),
    ).rejects.toThrow('ATELIER_ADMIN_PASSWORD: Password must contain at least one uppercase letter');
    expect(() => testEnv(dataDir, { ATELIER_ADMIN_EMAIL: 'o@example.mw' })).toThrow(
      'ATELIER_ADMIN_EMAIL and ATELIER_ADMIN_PASSWORD go together',
    );
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

describe('the one-time setup link', () => {
  const setup = (url: string, body: unknown) => fetch(`${url}/auth/v1/admin-setup`, json(body));

  it('is made while there is no admin, creates the first admin once, and is gone afterwards', async () => {
    server = await startTestServer({ content: 'empty', env: fast });
    const link = server.running.adminSetupUrl!;
    expect(link).toMatch(/\/admin\/setup\?token=[\w-]{40,}$/);
    const token = new URL(link).searchParams.get('token')!;
    const check = await fetch(`${server.url}/auth/v1/admin-setup?token=${token}`);
    expect(await check.json()).toEqual({ valid: true });
    expect(await (await fetch(`${server.url}/auth/v1/admin-setup?token=nope`)).json()).toEqual({
      valid: false,
    });

    for (const [body, message] of [
      [{ token, password: PASSWORD }, 'You must provide either an email or phone number and a password'],
      [{ token, email: 'owner', password: PASSWORD }, 'Please enter a valid email address'],
      [
        { token, email: 'o@example.mw', password: 'weakpass' },
        'Password must contain at least one uppercase letter',
      ],
      [
        { token: 'wrong', email: 'o@example.mw', password: PASSWORD },
        'This setup link is invalid or has expired. Restart the server for a new one.',
      ],
    ] as const) {
      const res = await setup(server.url, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as any).error.message).toBe(message);
    }

    const email = uniqueEmail('owner');
    const res = await setup(server.url, {
      token,
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(res.status).toBe(200);
    const created = (await res.json()) as any;
    expect(created.user).toMatchObject({ email, role: 'owner' });
    expect((await adminMe(server.url, created.access_token)).status).toBe(200);
    expect((await signIn(server, email, PASSWORD)).status).toBe(200);

    const reused = await setup(server.url, { token, email: uniqueEmail('intruder'), password: PASSWORD });
    expect(reused.status).toBe(400);
    expect(await (await fetch(`${server.url}/auth/v1/admin-setup?token=${token}`)).json()).toEqual({
      valid: false,
    });

    await server.restart();
    expect(server.running.adminSetupUrl).toBeNull();
  });

  it('replaces the link on each start, so only the newest works', async () => {
    server = await startTestServer({ content: 'empty', env: fast });
    const first = new URL(server.running.adminSetupUrl!).searchParams.get('token');
    await server.restart();
    const second = new URL(server.running.adminSetupUrl!).searchParams.get('token');
    expect(second).not.toBe(first);
    const { url } = server;
    expect(await (await fetch(`${url}/auth/v1/admin-setup?token=${first}`)).json()).toEqual({ valid: false });
    expect(await (await fetch(`${url}/auth/v1/admin-setup?token=${second}`)).json()).toEqual({ valid: true });
  });

  it('is printed by the production server on start', async () => {
    const dataDir = tempDir();
    const child = spawn(process.execPath, [requireBuild(SERVER_BUNDLE)], {
      cwd: ROOT,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
        SEED: 'none',
        LOG_LEVEL: 'silent',
        ...fast,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    const until = Date.now() + 20_000;
    while (!output.includes('admin/setup?token=') && Date.now() < until && child.exitCode === null)
      await new Promise((r) => setTimeout(r, 50));
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(output).toContain("No owner yet. Create the studio's owner account at this one-time link");
    expect(output).toMatch(/\/admin\/setup\?token=[\w-]{40,}/);
  });
});

describe('the CLI', () => {
  /** The CLI on a running test server's data, or on a data directory of its own. */
  const cli = (args: string[], on: TestServer | string) =>
    runCli(args, {
      ...(typeof on === 'string' ? { DATA_DIR: on } : { ...on.env, DATA_DIR: on.dataDir }),
      PASSWORD_HASH: 'fast',
    });

  it('creates an admin who can sign in to the running server', async () => {
    server = await startTestServer({ content: 'empty', env: fast });
    const email = uniqueEmail('cli-admin');
    const result = await cli(
      ['user:create', '--email', email, '--password', PASSWORD, '--role', 'admin', '--first-name', 'Mphatso'],
      server,
    );
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain(`Created administrator ${email}.`);
    const tokens = await session(server, email);
    expect(tokens.user).toMatchObject({ role: 'admin', profile: { first_name: 'Mphatso' } });
    expect((await adminMe(server.url, tokens.access_token)).status).toBe(200);
  });

  it('resets a password, signs the sessions out and lifts a lockout', async () => {
    server = await startTestServer({ content: 'empty', env: fast });
    const user = await createUser(server);
    const before = await session(server, user.email);
    for (let i = 0; i < 6; i++) await signIn(server, user.email, 'Wrong#Password1');
    expect((await signIn(server, user.email, PASSWORD)).status).toBe(429);
    const result = await cli(
      ['user:reset-password', '--email', user.email, '--password', OTHER_PASSWORD],
      server,
    );
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain(`Set a new password for ${user.email} and signed out 1 session(s).`);
    expect((await fetch(`${server.url}/auth/v1/user`, { headers: bearer(before.access_token) })).status).toBe(
      401,
    );
    expect((await signIn(server, user.email, OTHER_PASSWORD)).status).toBe(200);
  });

  it('turns the two-step requirement for admins on and off', async () => {
    server = await startTestServer({ content: 'empty', env: fast });
    const admin = await createUser(server, { role: 'admin' });
    const { access_token } = await session(server, admin.email);
    expect((await adminMe(server.url, access_token)).status).toBe(200);
    const on = await cli(['settings:admin-mfa', 'on'], server);
    expect(on.code, on.output).toBe(0);
    expect(on.output).toContain('The owner and administrators now need two-step verification');
    const refused = await adminMe(server.url, access_token);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as any).error.code).toBe('mfa_required');
    expect((await cli(['settings:admin-mfa', 'off'], server)).code).toBe(0);
    expect((await adminMe(server.url, access_token)).status).toBe(200);
    const wrong = await cli(['settings:admin-mfa', 'maybe'], server);
    expect(wrong.code).toBe(2);
    expect(wrong.output).toContain('Error: settings:admin-mfa needs on or off');
  });

  it('prints clear errors', async () => {
    const dataDir = tempDir();
    const existing = uniqueEmail('taken');
    expect((await cli(['user:create', '--email', existing, '--password', PASSWORD], dataDir)).code).toBe(0);
    const cases: [string[], number, string][] = [
      [
        ['user:create', '--email', existing, '--password', PASSWORD],
        1,
        'Error: An account with this email already exists',
      ],
      [
        ['user:create', '--email', 'x@example.mw', '--password', 'short'],
        1,
        'Error: Password must be at least 8 characters long',
      ],
      [
        ['user:create', '--email', 'not-an-email', '--password', PASSWORD],
        1,
        'Error: Please enter a valid email address',
      ],
      [
        ['user:create', '--email', 'x@example.mw', '--password', PASSWORD, '--role', 'boss'],
        2,
        'Error: --role must be one of user, owner, admin, editor, contributor',
      ],
      [['user:create', '--password', PASSWORD], 2, 'Error: user:create needs --email'],
      [
        ['user:reset-password', '--email', 'nobody@example.mw', '--password', PASSWORD],
        1,
        'Error: No account has the e-mail nobody@example.mw',
      ],
      [
        ['user:reset-password', '--email', existing, '--password', 'password1!'],
        1,
        'Error: Password must contain at least one uppercase letter',
      ],
    ];
    for (const [args, code, message] of cases) {
      const result = await cli(args, dataDir);
      expect(result.code, args.join(' ')).toBe(code);
      expect(result.output).toContain(message);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
