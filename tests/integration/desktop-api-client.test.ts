/**
 * The desktop app's main-process API client and server check against the real server: the bearer
 * flow of docs/auth.md as the app runs it (refresh token in the token store, rotation, second factor,
 * sign-out). Tokens pass through an in-memory stand-in for safeStorage.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isRequestFailure } from '@atelier/shared';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../desktop/src/main/api-client';
import { checkServer } from '../../desktop/src/main/server-check';
import type { Cipher, TokenStore } from '../../desktop/src/main/token-store';
import { createTokenStore } from '../../desktop/src/main/token-store';
import { bearer, createUser, json, signedInUser } from '../support/auth';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ content: 'empty', env: { PASSWORD_HASH: 'fast', BENCH: 'true' } });
});
afterAll(() => server.stop());

const keychain: Cipher = {
  isEncryptionAvailable: () => true,
  encryptString: (plain) => Buffer.from(plain).reverse(),
  decryptString: (encrypted) => Buffer.from(encrypted).reverse().toString(),
};
const noKeychain: Cipher = { ...keychain, isEncryptionAvailable: () => false };

function tokenFile() {
  return `${server.dataDir}/desktop-${Math.random().toString(36).slice(2)}/session.bin`;
}

function client(tokens: TokenStore = createTokenStore(tokenFile(), keychain), now = Date.now) {
  return createApiClient({ serverUrl: server.url, tokens, now });
}

describe('server check', () => {
  it('connects to an Atelier server of the same version', async () => {
    expect(await checkServer(server.url, '0.1.0')).toMatchObject({ state: 'connected', version: '0.1.0' });
  });

  it('says when nothing answers, when another server answers, and when versions differ', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const nobody = await checkServer(`http://127.0.0.1:${closedPort}`, '0.1.0');
    expect(nobody).toMatchObject({
      state: 'unreachable',
      reason: expect.stringContaining('Nothing answers'),
    });

    const other = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Hi'),
    );
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
      expect(await checkServer(url, '0.1.0')).toMatchObject({
        state: 'not-atelier',
        reason: expect.stringContaining('not an Atelier server'),
      });
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }

    expect(await checkServer(server.url, '1.0.0')).toMatchObject({
      state: 'incompatible',
      reason: expect.stringContaining('Update the server'),
    });
    expect(await checkServer(server.url, '0.2.0')).toMatchObject({ state: 'incompatible' });
  });
});

describe('API client', () => {
  it('signs in with the password, calls admin routes with the bearer token, and keeps only the refresh token', async () => {
    const admin = await createUser(server, { role: 'admin' });
    const file = tokenFile();
    const api = client(createTokenStore(file, keychain));
    const session = await api.signIn(admin.email, admin.password);
    expect(session).toMatchObject({
      user: { email: admin.email, is_staff: true },
      aal: 'aal1',
      mfaRequired: false,
      persistent: true,
    });
    expect(JSON.stringify(session)).not.toMatch(/ey[A-Za-z0-9_-]{10,}\./);
    const me = await api.request<{ email: string }>('/api/admin/me');
    expect(me.email).toBe(admin.email);

    // A new app start restores the session from the stored refresh token alone.
    const restarted = client(createTokenStore(file, keychain));
    expect(await restarted.restore()).toMatchObject({ user: { email: admin.email } });
    expect((await restarted.request<{ email: string }>('/api/admin/me')).email).toBe(admin.email);
  });

  it('answers the server errors with their code and message', async () => {
    const admin = await createUser(server, { role: 'admin' });
    const api = client();
    await expect(api.signIn(admin.email, 'Wrong#Password1')).rejects.toMatchObject({
      status: 400,
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });
    await expect(api.request('/api/admin/me')).rejects.toMatchObject({ status: 401 });

    const user = await createUser(server);
    await api.signIn(user.email, user.password);
    const refused = await api.request('/api/admin/me').catch((error: unknown) => error);
    expect(isRequestFailure(refused)).toBe(true);
    expect(refused).toMatchObject({
      status: 403,
      message: "You don't have admin privileges to access this page.",
    });
  });

  it('refreshes before the access token expires, rotating the refresh token', async () => {
    const admin = await createUser(server, { role: 'admin' });
    const tokens = createTokenStore(tokenFile(), keychain);
    let clock = Date.now();
    const api = client(tokens, () => clock);
    await api.signIn(admin.email, admin.password);
    const first = await tokens.load(server.url);

    clock += 15 * 60_000; // the access token is now within a minute of its end
    expect((await api.request<{ email: string }>('/api/admin/me')).email).toBe(admin.email);
    const second = await tokens.load(server.url);
    expect(second).not.toBe(first);

    // The new one works from a fresh start of the app.
    const restarted = client(tokens);
    expect(await restarted.restore()).toMatchObject({ user: { email: admin.email } });
    expect(await tokens.load(server.url)).not.toBe(second);
  });

  it('takes the second factor with a code from the authenticator or a recovery code', async () => {
    const user = await signedInUser(server, { role: 'admin' });
    const call = (path: string, token: string, body: unknown) =>
      fetch(`${server.url}${path}`, {
        ...json(body),
        headers: { ...bearer(token), 'content-type': 'application/json' },
      });
    const enrolled = (await (
      await call('/auth/v1/factors', user.tokens.access_token, { factor_type: 'totp' })
    ).json()) as any;
    const totp = new TOTP({ secret: Secret.fromBase32(enrolled.totp.secret) });
    const challenge = (await (
      await call(`/auth/v1/factors/${enrolled.id}/challenge`, user.tokens.access_token, {})
    ).json()) as any;
    const verified = (await (
      await call(`/auth/v1/factors/${enrolled.id}/verify`, user.tokens.access_token, {
        challenge_id: challenge.id,
        code: totp.generate(),
      })
    ).json()) as any;

    const api = client();
    expect(await api.signIn(user.email, user.password)).toMatchObject({ mfaRequired: true, aal: 'aal1' });
    await expect(api.request('/api/admin/me')).rejects.toMatchObject({ status: 403, code: 'mfa_required' });
    await expect(api.verifySecondFactor('totp', '000000')).rejects.toMatchObject({
      message: 'Invalid TOTP code entered',
    });
    // The code already used at enrolment is refused (a code works once): take the next step's.
    const next = totp.generate({ timestamp: Date.now() + 30_000 });
    expect(await api.verifySecondFactor('totp', next)).toMatchObject({ mfaRequired: false, aal: 'aal2' });
    expect((await api.request<{ aal: string }>('/api/admin/me')).aal).toBe('aal2');

    const other = client();
    await other.signIn(user.email, user.password);
    expect(await other.verifySecondFactor('recovery', verified.recovery_codes[0])).toMatchObject({
      aal: 'aal2',
    });
  });

  it('signs out this app, or every device of the account', async () => {
    const admin = await createUser(server, { role: 'admin' });
    const tokens = createTokenStore(tokenFile(), keychain);
    const api = client(tokens);
    const seen: (string | null)[] = [];
    api.subscribe((session) => seen.push(session?.user.email ?? null));
    await api.signIn(admin.email, admin.password);
    await api.signOut('local');
    expect(api.session()).toBeNull();
    expect(await tokens.load(server.url)).toBeNull();
    expect(seen).toEqual([admin.email, null]);

    const laptop = client();
    await laptop.signIn(admin.email, admin.password);
    const desktop = client();
    await desktop.signIn(admin.email, admin.password);
    await desktop.signOut('global');
    await expect(laptop.request('/api/admin/me')).rejects.toMatchObject({ status: 401 });
    expect(laptop.session()).toBeNull();
  });

  it('keeps the session in memory when there is no keychain, and says so', async () => {
    const admin = await createUser(server, { role: 'admin' });
    const file = tokenFile();
    const api = client(createTokenStore(file, noKeychain));
    expect(await api.signIn(admin.email, admin.password)).toMatchObject({ persistent: false });
    expect(await client(createTokenStore(file, noKeychain)).restore()).toBeNull();
  });

  it('keeps signing in with its device token while strangers have locked the account out', async () => {
    const admin = await createUser(server, { role: 'admin' });
    const file = tokenFile();
    const app = client(createTokenStore(file, keychain));
    await app.signIn(admin.email, admin.password);
    await app.signOut('local');

    // Five wrong passwords from someone else lock the account for everyone without the device token.
    for (let i = 0; i < 5; i++) {
      const wrong = await fetch(
        `${server.url}/auth/v1/token?grant_type=password`,
        json({ email: admin.email, password: 'Wrong-password-1!' }),
      );
      expect(wrong.status).toBe(400);
    }
    await expect(client().signIn(admin.email, admin.password)).rejects.toMatchObject({ status: 429 });

    // The app that signed in before (its device token kept across sign-out and restart) still gets in.
    const restarted = client(createTokenStore(file, keychain));
    expect(await restarted.signIn(admin.email, admin.password)).toMatchObject({
      user: { email: admin.email },
    });
  });
});
