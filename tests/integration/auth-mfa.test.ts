import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, PASSWORD, session, signedInUser } from '../support/auth';
import { startTestServer, type TestServer } from '../support/server';
import { isoAt } from '../support/test-db';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ content: 'empty', env: { PASSWORD_HASH: 'fast', BENCH: 'true' } });
});
afterAll(() => server.stop());

const call = (pathname: string, token: string, body?: unknown, method = 'POST') =>
  fetch(`${server.url}${pathname}`, {
    ...(body === undefined ? { method } : { ...json(body), method }),
    headers: { ...bearer(token), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
  });
const errorOf = async (res: Response) => ((await res.json()) as any).error;
/** The code an authenticator app shows, `offset` steps from now. */
const code = (secret: string, offset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offset * 30_000 });

async function verify(token: string, factorId: string, totp: string) {
  const challenge = (await (await call(`/auth/v1/factors/${factorId}/challenge`, token)).json()) as any;
  return call(`/auth/v1/factors/${factorId}/verify`, token, { challenge_id: challenge.id, code: totp });
}

/** A signed-in user with a verified authenticator; answers its secret and recovery codes. */
async function userWithTotp(role: 'user' | 'admin' = 'user') {
  const user = await signedInUser(server, { role });
  const enrolled = (await (
    await call('/auth/v1/factors', user.tokens.access_token, { factor_type: 'totp', friendly_name: 'Phone' })
  ).json()) as any;
  const res = await verify(user.tokens.access_token, enrolled.id, code(enrolled.totp.secret));
  expect(res.status).toBe(200);
  const verified = (await res.json()) as any;
  return {
    ...user,
    factorId: enrolled.id,
    secret: enrolled.totp.secret,
    recoveryCodes: verified.recovery_codes,
  };
}

describe('TOTP enrolment', () => {
  it('answers a QR code and the otpauth URI, and turns the factor on with a code from the app', async () => {
    const user = await signedInUser(server);
    const res = await call('/auth/v1/factors', user.tokens.access_token, {
      factor_type: 'totp',
      friendly_name: 'Phone',
    });
    expect(res.status).toBe(200);
    const enrolled = (await res.json()) as any;
    expect(enrolled).toMatchObject({ type: 'totp', friendly_name: 'Phone' });
    expect(enrolled.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,%3Csvg/);
    expect(enrolled.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(enrolled.totp.uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(enrolled.totp.secret);
    expect(uri.searchParams.get('issuer')).toBe('ARCHITECT');
    expect(decodeURIComponent(uri.pathname)).toContain(user.email);
    // Not on until verified.
    expect(
      ((await (await call('/auth/v1/user', user.tokens.access_token, undefined, 'GET')).json()) as any)
        .factors,
    ).toEqual([]);

    const wrong = await verify(user.tokens.access_token, enrolled.id, '000000');
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).message).toBe('Invalid TOTP code entered');

    const ok = await verify(user.tokens.access_token, enrolled.id, code(enrolled.totp.secret));
    expect(ok.status).toBe(200);
    const verified = (await ok.json()) as any;
    expect(verified).toMatchObject({ aal: 'aal2', mfa_required: false });
    expect(verified.refresh_token).toBeUndefined();
    expect(verified.recovery_codes).toHaveLength(10);
    expect(new Set(verified.recovery_codes).size).toBe(10);
    expect(verified.user.factors).toEqual([
      expect.objectContaining({
        id: enrolled.id,
        factor_type: 'totp',
        status: 'verified',
        friendly_name: 'Phone',
      }),
    ]);
    const stored = (await server.db.all(
      'SELECT code_hash FROM mfa_recovery_codes WHERE user_id = ?',
      user.id,
    )) as any[];
    expect(stored).toHaveLength(10);
    expect(stored.map((r) => r.code_hash)).not.toContain(verified.recovery_codes[0]);
  });

  it('refuses a second authenticator while one is on', async () => {
    const user = await userWithTotp();
    const res = await call('/auth/v1/factors', user.tokens.access_token, { factor_type: 'totp' });
    expect(res.status).toBe(403);
    // With the second factor verified in this session, the refusal is the conflict itself.
    const aal2 = (await (
      await verify(user.tokens.access_token, user.factorId, code(user.secret, 1))
    ).json()) as any;
    const again = await call('/auth/v1/factors', aal2.access_token, { factor_type: 'totp' });
    expect(again.status).toBe(409);
  });
});

describe('signing in with a second factor', () => {
  it('answers aal1 with mfa_required, allows little until a code is verified, then aal2', async () => {
    const user = await userWithTotp();
    const first = await session(server, user.email);
    expect(first).toMatchObject({ aal: 'aal1', mfa_required: true });
    expect(first.user.factors).toHaveLength(1);
    expect((await call('/auth/v1/user', first.access_token, undefined, 'GET')).status).toBe(200);
    const blocked = await call('/auth/v1/sessions', first.access_token, undefined, 'GET');
    expect(blocked.status).toBe(403);
    expect(await errorOf(blocked)).toMatchObject({ code: 'mfa_required' });

    const res = await verify(first.access_token, user.factorId, code(user.secret, 1));
    expect(res.status).toBe(200);
    const second = (await res.json()) as any;
    expect(second).toMatchObject({ aal: 'aal2', mfa_required: false });
    expect(second.recovery_codes).toBeUndefined();
    expect((await call('/auth/v1/sessions', second.access_token, undefined, 'GET')).status).toBe(200);
    // The refresh token from the sign-in now yields aal2 access tokens.
    const refreshed = (await (
      await fetch(
        `${server.url}/auth/v1/token?grant_type=refresh_token`,
        json({ refresh_token: first.refresh_token }),
      )
    ).json()) as any;
    expect(refreshed).toMatchObject({ aal: 'aal2', mfa_required: false });
  });

  it('accepts a code once: the same code again is refused', async () => {
    const user = await userWithTotp();
    const first = await session(server, user.email);
    const totp = code(user.secret, 1);
    expect((await verify(first.access_token, user.factorId, totp)).status).toBe(200);
    const second = await session(server, user.email);
    const replay = await verify(second.access_token, user.factorId, totp);
    expect(replay.status).toBe(400);
    expect((await errorOf(replay)).message).toBe('Invalid TOTP code entered');
  });

  it('accepts each recovery code once instead of a TOTP code', async () => {
    const user = await userWithTotp();
    const first = await session(server, user.email);
    const [recovery] = user.recoveryCodes;
    const res = await call('/auth/v1/factors/recovery', first.access_token, { code: recovery.toUpperCase() });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ aal: 'aal2', mfa_required: false });

    const second = await session(server, user.email);
    const reused = await call('/auth/v1/factors/recovery', second.access_token, { code: recovery });
    expect(reused.status).toBe(400);
    expect((await errorOf(reused)).message).toBe('Invalid recovery code');
    expect(
      (await call('/auth/v1/factors/recovery', second.access_token, { code: user.recoveryCodes[1] })).status,
    ).toBe(200);
  });

  it('locks the second step after 5 wrong codes', async () => {
    const user = await userWithTotp();
    const first = await session(server, user.email);
    for (let i = 0; i < 5; i++)
      expect((await verify(first.access_token, user.factorId, '000000')).status).toBe(400);
    const locked = await verify(first.access_token, user.factorId, code(user.secret, 1));
    expect(locked.status).toBe(429);
    expect((await errorOf(locked)).message).toBe(
      'Too many verification attempts. Please try again in 180 minutes.',
    );
  });

  it('refuses an expired challenge', async () => {
    const user = await userWithTotp();
    const first = await session(server, user.email);
    const challenge = (await (
      await call(`/auth/v1/factors/${user.factorId}/challenge`, first.access_token)
    ).json()) as any;
    await server.db.run(
      'UPDATE mfa_challenges SET created_at = ? WHERE id = ?',
      isoAt(-360_000),
      challenge.id,
    );
    const res = await call(`/auth/v1/factors/${user.factorId}/verify`, first.access_token, {
      challenge_id: challenge.id,
      code: code(user.secret, 1),
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe('This challenge has expired. Please request a new one.');
  });

  it('lets an admin in when the setting requires MFA only after the code', async () => {
    const admin = await userWithTotp('admin');
    await server.db.run("UPDATE site_settings SET require_mfa_for = 'admins' WHERE id = 'default'");
    try {
      const first = await session(server, admin.email);
      expect(
        (await fetch(`${server.url}/api/admin/me`, { headers: bearer(first.access_token) })).status,
      ).toBe(403);
      const second = (await (
        await verify(first.access_token, admin.factorId, code(admin.secret, 1))
      ).json()) as any;
      const me = await fetch(`${server.url}/api/admin/me`, { headers: bearer(second.access_token) });
      expect(me.status).toBe(200);
      expect(((await me.json()) as any).aal).toBe('aal2');
    } finally {
      await server.db.run("UPDATE site_settings SET require_mfa_for = 'none' WHERE id = 'default'");
    }
  });
});

describe('turning MFA off', () => {
  it('needs a current code or a recovery code in an aal1 session, then sign-in needs no second step', async () => {
    const user = await userWithTotp();
    const first = await session(server, user.email);
    const path = `/auth/v1/factors/${user.factorId}`;
    const bare = await call(path, first.access_token, undefined, 'DELETE');
    expect(bare.status).toBe(400);
    expect((await errorOf(bare)).message).toBe('Enter a code from your authenticator app or a recovery code');
    expect((await call(path, first.access_token, { code: '123456' }, 'DELETE')).status).toBe(400);
    const removed = await call(path, first.access_token, { code: code(user.secret, 1) }, 'DELETE');
    expect(removed.status).toBe(200);
    expect(await session(server, user.email)).toMatchObject({ aal: 'aal1', mfa_required: false });
    expect(
      await server.db.get('SELECT count(*) AS n FROM mfa_recovery_codes WHERE user_id = ?', user.id),
    ).toEqual({
      n: 0,
    });
  });

  it('accepts a recovery code for it, or an aal2 session alone', async () => {
    const withCode = await userWithTotp();
    const aal1 = await session(server, withCode.email);
    const byRecovery = await call(
      `/auth/v1/factors/${withCode.factorId}`,
      aal1.access_token,
      { code: withCode.recoveryCodes[3] },
      'DELETE',
    );
    expect(byRecovery.status).toBe(200);

    const withSession = await userWithTotp();
    // The enrolling session verified its code: it is at aal2.
    const aal2 = (await (
      await verify(withSession.tokens.access_token, withSession.factorId, code(withSession.secret, 1))
    ).json()) as any;
    expect(
      (await call(`/auth/v1/factors/${withSession.factorId}`, aal2.access_token, undefined, 'DELETE')).status,
    ).toBe(200);
  });

  it("cannot touch another user's factor", async () => {
    const owner = await userWithTotp();
    const other = await signedInUser(server);
    const res = await call(
      `/auth/v1/factors/${owner.factorId}`,
      other.tokens.access_token,
      { code: code(owner.secret) },
      'DELETE',
    );
    expect(res.status).toBe(404);
    expect((await session(server, owner.email, PASSWORD)).mfa_required).toBe(true);
  });
});
