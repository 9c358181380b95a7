import fs from 'node:fs';
import path from 'node:path';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, importJWK, jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Browser,
  bearer,
  createUser,
  json,
  PASSWORD,
  session,
  signedInUser,
  signIn,
  uniqueEmail,
} from '../support/auth';
import { startTestServer, type TestServer } from '../support/server';
import { isoAt } from '../support/test-db';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ content: 'empty', env: { PASSWORD_HASH: 'fast', BENCH: 'true' } });
});
afterAll(() => server.stop());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, json(body, headers));
/** PUBLIC_URL, which the tokens carry as their issuer. */
const issuer = () => server.running.deps.env.publicUrl;
const errorOf = async (res: Response) => ((await res.json()) as any).error;
const getUser = (token: string) => fetch(`${server.url}/auth/v1/user`, { headers: bearer(token) });
const refresh = (refresh_token: string) => post('/auth/v1/token?grant_type=refresh_token', { refresh_token });

describe('sign-up validation', () => {
  it.each([
    ['no e-mail', { password: PASSWORD }, 'You must provide either an email or phone number and a password'],
    [
      'no password',
      { email: 'a@example.mw' },
      'You must provide either an email or phone number and a password',
    ],
    [
      'blank e-mail',
      { email: '   ', password: PASSWORD },
      'You must provide either an email or phone number and a password',
    ],
    [
      'an invalid e-mail',
      { email: 'not-an-email', password: PASSWORD },
      'Please enter a valid email address',
    ],
    [
      'a different confirmation',
      { email: 'a@example.mw', password: PASSWORD, password_confirmation: 'Kapenta#Lake43' },
      "Passwords don't match",
    ],
    [
      '7 characters',
      { email: 'a@example.mw', password: 'Ab1!xyz' },
      'Password must be at least 8 characters long',
    ],
    [
      'no uppercase',
      { email: 'a@example.mw', password: 'kapenta#lake42' },
      'Password must contain at least one uppercase letter',
    ],
    [
      'no lowercase',
      { email: 'a@example.mw', password: 'KAPENTA#LAKE42' },
      'Password must contain at least one lowercase letter',
    ],
    [
      'no digit',
      { email: 'a@example.mw', password: 'Kapenta#Lake' },
      'Password must contain at least one number',
    ],
    [
      'no special character',
      { email: 'a@example.mw', password: 'KapentaLake42' },
      'Password must contain at least one special character',
    ],
    [
      'a common password',
      { email: 'a@example.mw', password: 'Password123!' },
      'This password is too common. Please choose a less predictable one.',
    ],
    [
      'a dressed-up common word',
      { email: 'a@example.mw', password: 'P@ssw0rd2026!' },
      'This password is too common. Please choose a less predictable one.',
    ],
    [
      'an overlong password',
      { email: 'a@example.mw', password: `Aa1!${'x'.repeat(253)}` },
      'Password must be at most 256 characters long',
    ],
  ])('refuses %s with its message and creates nothing', async (_label, body, message) => {
    const before = (await server.db.get('SELECT count(*) AS n FROM users')) as { n: number };
    const res = await post('/auth/v1/signup', body);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code: 'validation_failed', message });
    expect(await server.db.get('SELECT count(*) AS n FROM users')).toEqual(before);
  });

  it.each(['Kapenta-Lake42', 'Kapenta Lake42', 'Kapenta_Lake42'])(
    'takes any character that is not a letter or digit as the special one: %s',
    async (password) => {
      const email = uniqueEmail('special');
      const res = await post('/auth/v1/signup', { email, password });
      expect(res.status).toBe(200);
      expect(await server.db.get('SELECT count(*) AS n FROM users WHERE email = ?', email)).toEqual({
        n: 1,
      });
    },
  );

  it('stores the e-mail trimmed and lowercased', async () => {
    const email = uniqueEmail('Mixed');
    const res = await post('/auth/v1/signup', { email: `  ${email.toUpperCase()} `, password: PASSWORD });
    expect(res.status).toBe(200);
    const row = (await server.db.get(
      'SELECT email, email_confirmed_at, password_hash FROM users WHERE email = ?',
      email.toLowerCase(),
    )) as any;
    expect(row).toMatchObject({ email: email.toLowerCase(), email_confirmed_at: null, password_hash: null });
  });
});

describe('password sign-in', () => {
  it.each([
    ['no e-mail', { password: PASSWORD }, 'You must provide either an email or phone number and a password'],
    [
      'no password',
      { email: 'a@example.mw' },
      'You must provide either an email or phone number and a password',
    ],
    ['an invalid e-mail', { email: 'nobody', password: PASSWORD }, 'Please enter a valid email address'],
  ])('refuses %s with its message', async (_label, body, message) => {
    const res = await post('/auth/v1/token?grant_type=password', body);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(message);
  });

  it('refuses an unknown grant type', async () => {
    const res = await post('/auth/v1/token?grant_type=magic', {});
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe('grant_type must be password or refresh_token');
  });

  it('answers a token pair, the user and a 15-minute ES256 access token for the right password', async () => {
    const user = await createUser(server);
    const res = await signIn(server, `  ${user.email.toUpperCase()}  `, PASSWORD);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as any;
    expect(body).toMatchObject({
      token_type: 'bearer',
      expires_in: 900,
      aal: 'aal1',
      mfa_required: false,
      user: { id: user.id, email: user.email, role: 'user', is_staff: false, factors: [] },
    });
    expect(body.refresh_token).toMatch(/^[\w-]{40,}$/);
    expect(decodeProtectedHeader(body.access_token)).toMatchObject({ alg: 'ES256', typ: 'JWT' });
    const claims = decodeJwt(body.access_token);
    expect(claims).toMatchObject({
      sub: user.id,
      aud: 'authenticated',
      role: 'user',
      aal: 'aal1',
      email: user.email,
    });
    expect(claims.exp! - claims.iat!).toBe(900);
    expect(claims.exp).toBe(body.expires_at);
    expect(claims.sid).toEqual(expect.any(String));
    // Verifiable by anyone with the published key set.
    const jwks = (await (await server.get('/auth/v1/.well-known/jwks.json')).json()) as any;
    await expect(
      jwtVerify(body.access_token, createLocalJWKSet(jwks), { audience: 'authenticated', issuer: issuer() }),
    ).resolves.toBeTruthy();
    const row = (await server.db.get('SELECT last_sign_in_at FROM users WHERE id = ?', user.id)) as any;
    expect(row.last_sign_in_at).toBeTruthy();
  });

  it('answers a wrong password, an unknown address and an unconfirmed account alike', async () => {
    const user = await createUser(server);
    const unconfirmed = uniqueEmail('unconfirmed');
    expect((await post('/auth/v1/signup', { email: unconfirmed, password: PASSWORD })).status).toBe(200);
    const answers = [];
    for (const [email, password] of [
      [user.email, 'Wrong#Password1'],
      [uniqueEmail('nobody'), PASSWORD],
      [unconfirmed, PASSWORD],
    ] as const) {
      const res = await signIn(server, email, password);
      answers.push({ status: res.status, body: await res.json() });
    }
    expect(answers[0]).toEqual({
      status: 400,
      body: { error: { code: 'invalid_credentials', message: 'Invalid login credentials' } },
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it('publishes its public key only', async () => {
    const res = await server.get('/auth/v1/.well-known/jwks.json');
    expect(res.status).toBe(200);
    const { keys } = (await res.json()) as any;
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(keys[0].kid).toEqual(expect.any(String));
    expect(keys[0]).not.toHaveProperty('d');
    const mode = fs.statSync(path.join(server.dataDir, 'keys', 'jwt-es256.json')).mode & 0o777;
    expect(mode).toBe(0o600);
  });
});

describe('refresh tokens', () => {
  it('rotates on every use: the new token works, the access token is new', async () => {
    const { tokens } = await signedInUser(server);
    const res = await refresh(tokens.refresh_token);
    expect(res.status).toBe(200);
    const next = (await res.json()) as any;
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect(decodeJwt(next.access_token).sid).toBe(decodeJwt(tokens.access_token).sid);
    expect((await getUser(next.access_token)).status).toBe(200);
    expect((await refresh(next.refresh_token)).status).toBe(200);
  });

  it('answers two refreshes of the same token at once (two tabs) within the grace period', async () => {
    const { tokens } = await signedInUser(server);
    const [a, b] = await Promise.all([refresh(tokens.refresh_token), refresh(tokens.refresh_token)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [first, second] = [(await a.json()) as any, (await b.json()) as any];
    expect((await refresh(first.refresh_token)).status).toBe(200);
    expect((await refresh(second.refresh_token)).status).toBe(200);
  });

  it('revokes the whole session when a rotated token is used again after the grace period', async () => {
    const { tokens } = await signedInUser(server);
    const next = (await (await refresh(tokens.refresh_token)).json()) as any;
    // The rotation happened a minute ago (arranged, rather than waited for).
    await server.db.run(
      'UPDATE refresh_tokens SET rotated_at = ? WHERE rotated_at IS NOT NULL AND session_id = ?',
      isoAt(-60_000),
      decodeJwt(tokens.access_token).sid,
    );
    const reused = await refresh(tokens.refresh_token);
    expect(reused.status).toBe(400);
    expect(await errorOf(reused)).toEqual({
      code: 'invalid_grant',
      message: 'Invalid Refresh Token: Already Used',
    });
    // The thief's and the owner's tokens are both dead now, and so is the session's access token.
    const stolen = await refresh(next.refresh_token);
    expect(stolen.status).toBe(400);
    expect((await errorOf(stolen)).message).toBe('Invalid Refresh Token: Session Revoked');
    expect((await getUser(next.access_token)).status).toBe(401);
  });

  it('refuses an unknown, a missing and an expired refresh token', async () => {
    expect(await errorOf(await refresh('nope'))).toMatchObject({ code: 'invalid_grant' });
    const missing = await fetch(`${server.url}/auth/v1/token?grant_type=refresh_token`, { method: 'POST' });
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).message).toBe('Invalid Refresh Token: Refresh Token Not Found');
    const { tokens } = await signedInUser(server);
    await server.db.run(
      'UPDATE refresh_tokens SET created_at = ? WHERE session_id = ?',
      isoAt(-2_678_400_000),
      decodeJwt(tokens.access_token).sid,
    );
    expect((await errorOf(await refresh(tokens.refresh_token))).message).toBe(
      'Invalid Refresh Token: Refresh Token Expired',
    );
  });
});

describe('sign-out', () => {
  const logout = (token: string, scope = 'local') =>
    fetch(`${server.url}/auth/v1/logout?scope=${scope}`, { method: 'POST', headers: bearer(token) });

  it('makes the refresh token and the access token of the session unusable at once', async () => {
    const { tokens } = await signedInUser(server);
    expect((await getUser(tokens.access_token)).status).toBe(200);
    expect((await logout(tokens.access_token)).status).toBe(204);
    const after = await getUser(tokens.access_token);
    expect(after.status).toBe(401);
    expect(after.headers.get('www-authenticate')).toContain('Bearer');
    expect((await refresh(tokens.refresh_token)).status).toBe(400);
  });

  it('signs out every other session with scope others, and every session with scope global', async () => {
    const user = await createUser(server);
    const [a, b, c] = [
      await session(server, user.email),
      await session(server, user.email),
      await session(server, user.email),
    ];
    expect((await logout(a.access_token, 'others')).status).toBe(204);
    expect((await getUser(a.access_token)).status).toBe(200);
    expect((await getUser(b.access_token)).status).toBe(401);
    expect((await refresh(c.refresh_token)).status).toBe(400);
    expect((await refresh(a.refresh_token)).status).toBe(200);

    const d = await session(server, user.email);
    expect((await logout(d.access_token, 'global')).status).toBe(204);
    expect((await getUser(a.access_token)).status).toBe(401);
    expect((await getUser(d.access_token)).status).toBe(401);
  });

  it('refuses an unknown scope and a request without credentials', async () => {
    const { tokens } = await signedInUser(server);
    expect((await logout(tokens.access_token, 'everyone')).status).toBe(400);
    expect((await fetch(`${server.url}/auth/v1/logout`, { method: 'POST' })).status).toBe(401);
  });
});

describe('access tokens', () => {
  const privateKey = async () => {
    const { privateJwk } = JSON.parse(
      fs.readFileSync(path.join(server.dataDir, 'keys', 'jwt-es256.json'), 'utf8'),
    );
    return importJWK(privateJwk, 'ES256');
  };
  const expectRefused = async (token: string) => {
    const res = await getUser(token);
    expect(res.status).toBe(401);
    expect(await errorOf(res)).toMatchObject({ code: 'unauthorized' });
  };
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('refuses a token whose payload was changed', async () => {
    const { tokens } = await signedInUser(server);
    const [header, payload, signature] = tokens.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    await expectRefused(`${header}.${b64({ ...claims, role: 'admin' })}.${signature}`);
    await expectRefused(`${header}.${payload}.${signature.slice(0, -4)}AAAA`);
  });

  it('refuses an expired token', async () => {
    const { tokens } = await signedInUser(server);
    const claims = decodeJwt(tokens.access_token) as any;
    const { token } = await server.running.deps.auth.tokens.issue(
      { sub: claims.sub, sid: claims.sid, role: 'user', aal: 'aal1', email: claims.email },
      { now: Date.now() - 16 * 60_000 },
    );
    await expectRefused(token);
  });

  it('refuses alg none, HS256 signed with the public key, and another audience or issuer', async () => {
    const { tokens } = await signedInUser(server);
    const claims = decodeJwt(tokens.access_token);
    await expectRefused(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`);
    const jwks = (await (await server.get('/auth/v1/.well-known/jwks.json')).json()) as any;
    const hs = await new SignJWT(claims as any)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(JSON.stringify(jwks.keys[0])));
    await expectRefused(hs);
    const key = await privateKey();
    const sign = (audience: string, issuer: string) =>
      new SignJWT({ ...claims, aud: undefined, iss: undefined })
        .setProtectedHeader({ alg: 'ES256' })
        .setAudience(audience)
        .setIssuer(issuer)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(key);
    expect((await getUser(await sign('authenticated', issuer()))).status).toBe(200);
    await expectRefused(await sign('service_role', issuer()));
    await expectRefused(await sign('authenticated', 'https://elsewhere.example'));
  });

  it('refuses a well-signed token for a session that does not exist', async () => {
    const { tokens } = await signedInUser(server);
    const claims = decodeJwt(tokens.access_token) as any;
    const { token } = await server.running.deps.auth.tokens.issue({ ...claims, sid: crypto.randomUUID() });
    await expectRefused(token);
  });
});

describe('the API document', () => {
  it('describes the accounts endpoints with their bearer security', async () => {
    const doc = (await (await server.get('/api/openapi.json')).json()) as any;
    for (const [path, method] of [
      ['/auth/v1/signup', 'post'],
      ['/auth/v1/token', 'post'],
      ['/auth/v1/logout', 'post'],
      ['/auth/v1/recover', 'post'],
      ['/auth/v1/verify', 'get'],
      ['/auth/v1/user', 'put'],
      ['/auth/v1/sessions', 'get'],
      ['/auth/v1/factors/{id}/verify', 'post'],
      ['/auth/v1/.well-known/jwks.json', 'get'],
      ['/auth/v1/admin-setup', 'post'],
      ['/api/profile/avatar', 'post'],
      ['/api/admin/me', 'get'],
    ])
      expect(doc.paths[path!], path).toHaveProperty([method!]);
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/auth/v1/user'].get.security).toEqual([{ bearer: [] }]);
  });

  it('answers unknown accounts paths with the error JSON', async () => {
    const res = await server.get('/auth/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
  });
});

describe('the admin gate', () => {
  it('answers 401 without a valid token, 403 for a user and 200 for an admin', async () => {
    expect((await server.get('/api/admin/me')).status).toBe(401);
    expect((await server.get('/api/admin/me', { headers: bearer('garbage') })).status).toBe(401);
    expect((await server.get('/api/admin/nothing-here')).status).toBe(401);
    const user = await signedInUser(server);
    const forbidden = await server.get('/api/admin/me', { headers: bearer(user.tokens.access_token) });
    expect(forbidden.status).toBe(403);
    expect(await errorOf(forbidden)).toEqual({
      code: 'forbidden',
      message: "You don't have admin privileges to access this page.",
    });
    const admin = await signedInUser(server, { role: 'admin' });
    const ok = await server.get('/api/admin/me', { headers: bearer(admin.tokens.access_token) });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    expect(await ok.json()).toMatchObject({ id: admin.id, email: admin.email, role: 'admin', aal: 'aal1' });
    // The answer is not kept for the next caller.
    expect((await server.get('/api/admin/me')).status).toBe(401);
  });

  it('takes the role from the database: a demoted admin is refused at once', async () => {
    const admin = await signedInUser(server, { role: 'admin' });
    const headers = bearer(admin.tokens.access_token);
    expect((await server.get('/api/admin/me', { headers })).status).toBe(200);
    await server.db.run("UPDATE profiles SET role = 'user' WHERE id = ?", admin.id);
    expect((await server.get('/api/admin/me', { headers })).status).toBe(403);
  });

  it('requires a verified second factor of admins when the setting asks for it', async () => {
    const admin = await signedInUser(server, { role: 'admin' });
    await server.db.run("UPDATE site_settings SET require_mfa_for = 'admins' WHERE id = 'default'");
    try {
      const res = await server.get('/api/admin/me', { headers: bearer(admin.tokens.access_token) });
      expect(res.status).toBe(403);
      expect(await errorOf(res)).toMatchObject({ code: 'mfa_required' });
    } finally {
      await server.db.run("UPDATE site_settings SET require_mfa_for = 'none' WHERE id = 'default'");
    }
  });
});

describe('the browser flow (cookie mode)', () => {
  it('keeps the refresh token in an HttpOnly SameSite=Strict cookie scoped to /auth/v1', async () => {
    const user = await createUser(server);
    const browser = new Browser(server);
    const res = await browser.signIn(user.email, PASSWORD);
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body.refresh_token).toBeUndefined();
    expect(body.access_token).toEqual(expect.any(String));
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('atelier_refresh='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/auth\/v1/);
    expect(cookie).not.toMatch(/Secure/); // http://127.0.0.1: no TLS in tests

    const first = browser.cookies.get('atelier_refresh');
    const refreshed = await browser.refresh();
    expect(refreshed.status).toBe(200);
    expect(((await refreshed.json()) as any).refresh_token).toBeUndefined();
    expect(browser.cookies.get('atelier_refresh')).not.toBe(first);
  });

  it('needs the anti-forgery header for a refresh and a sign-out by cookie', async () => {
    const user = await createUser(server);
    const browser = new Browser(server);
    await browser.signIn(user.email, PASSWORD);
    const withoutHeader = await browser.refresh({ csrf: false });
    expect(withoutHeader.status).toBe(403);
    expect(await errorOf(withoutHeader)).toMatchObject({ code: 'csrf_failed' });
    const wrong = await fetch(`${server.url}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { cookie: browser.cookieHeader(), 'x-csrf-token': 'x'.repeat(32) },
    });
    expect(wrong.status).toBe(403);
    const noCookie = await fetch(`${server.url}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: {
        cookie: `atelier_refresh=${browser.cookies.get('atelier_refresh')}`,
        'x-csrf-token': browser.csrf,
      },
    });
    expect(noCookie.status).toBe(403);
    expect((await browser.fetch('/auth/v1/logout', { method: 'POST', csrf: false })).status).toBe(403);
    // The refused attempts changed nothing: the cookie still refreshes.
    expect((await browser.refresh()).status).toBe(200);

    const out = await browser.fetch('/auth/v1/logout', { method: 'POST' });
    expect(out.status).toBe(204);
    expect(browser.cookies.has('atelier_refresh')).toBe(false);
  });

  it('sets a readable sign-in hint beside the refresh cookie, and clears both when the session ends', async () => {
    const user = await createUser(server);
    const browser = new Browser(server);
    const res = await browser.signIn(user.email, PASSWORD);
    const hint = res.headers.getSetCookie().find((c) => c.startsWith('atelier_signed_in='))!;
    expect(hint).toMatch(/^atelier_signed_in=1;/);
    expect(hint).toMatch(/Path=\//);
    expect(hint).toMatch(/SameSite=Strict/i);
    expect(hint).not.toMatch(/HttpOnly/i);
    expect((await browser.refresh()).status).toBe(200);
    expect(browser.cookies.get('atelier_signed_in')).toBe('1');

    expect((await browser.fetch('/auth/v1/logout', { method: 'POST' })).status).toBe(204);
    expect(browser.cookies.has('atelier_signed_in')).toBe(false);

    // A hint without a refresh cookie (it expired, or was removed) is cleared by the refused refresh.
    browser.cookies.set('atelier_signed_in', '1');
    const refused = await browser.refresh();
    expect(refused.status).toBe(400);
    expect(browser.cookies.has('atelier_signed_in')).toBe(false);
  });

  it('needs the header to sign in in cookie mode, but never for bearer requests', async () => {
    const user = await createUser(server);
    const res = await signIn(server, user.email, PASSWORD, { 'x-auth-mode': 'cookie' });
    expect(res.status).toBe(403);
    const { access_token } = await session(server, user.email);
    const put = await fetch(`${server.url}/auth/v1/user`, {
      method: 'PUT',
      headers: { ...bearer(access_token), 'content-type': 'application/json' },
      body: JSON.stringify({ first_name: 'Chisomo' }),
    });
    expect(put.status).toBe(200);
  });
});
