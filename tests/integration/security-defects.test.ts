import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteOf } from '../../server/src/db/client';
import { Browser, bearer, createUser, json, PASSWORD, session, signedInUser, signIn } from '../support/auth';
import { onPostgres, sqliteOnly } from '../support/backend';
import { inquiry } from '../support/load';
import { startTestServer, type TestServer } from '../support/server';

// Regression tests of the defects an outside probe found (issue 10, §1), one block per defect.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { PASSWORD_HASH: 'fast', TRUST_PROXY: '1' } });
});
afterAll(() => server.stop());

const post = (pathname: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${pathname}`, json(body, headers));
const refresh = (token: string, headers: Record<string, string> = {}) =>
  post('/auth/v1/token?grant_type=refresh_token', { refresh_token: token }, headers);

describe('1. the client address behind a proxy', () => {
  it('takes the address the trusted proxy saw, not what the client put on the left of X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await post('/api/inquiries', inquiry(i), {
        'x-forwarded-for': `203.0.113.${i}, 198.51.100.7`,
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
  });

  it('records the proxy-seen address on the session', async () => {
    const user = await createUser(server);
    const res = await signIn(server, user.email, PASSWORD, { 'x-forwarded-for': '6.6.6.6, 198.51.100.8' });
    const { access_token } = (await res.json()) as any;
    const { sessions } = (await (
      await fetch(`${server.url}/auth/v1/sessions`, { headers: bearer(access_token) })
    ).json()) as any;
    expect(sessions[0].ip).toBe('198.51.100.8');
  });
});

describe('2. the refresh grace period', () => {
  it('answers a replay within the grace with the successor already issued: one chain, not two', async () => {
    const { tokens } = await signedInUser(server);
    const [a, b] = await Promise.all([refresh(tokens.refresh_token), refresh(tokens.refresh_token)]);
    const [first, second] = [(await a.json()) as any, (await b.json()) as any];
    expect(first.refresh_token).toBe(second.refresh_token);
  });

  it('revokes the family when an older token comes back after its successor was used', async () => {
    const { tokens } = await signedInUser(server);
    const next = (await (await refresh(tokens.refresh_token)).json()) as any;
    const after = (await (await refresh(next.refresh_token)).json()) as any;
    expect((await refresh(tokens.refresh_token)).status).toBe(400);
    const res = await refresh(after.refresh_token);
    expect(((await res.json()) as any).error.message).toBe('Invalid Refresh Token: Session Revoked');
  });
});

/** A PNG whose header says 7000×7000, 16 bits per channel, RGBA: 392 MB once decoded (its data is absent). */
function hugePngHeader(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(7000, 0);
  ihdr.writeUInt32BE(7000, 4);
  ihdr.set([16, 6, 0, 0, 0], 8);
  const idat = zlib.deflateSync(Buffer.alloc(64));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('3. image decoding', () => {
  const upload = (token: string, bytes: Buffer, name = 'a.png') => {
    const form = new FormData();
    form.set('file', new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
    return fetch(`${server.url}/api/profile/avatar`, { method: 'POST', headers: bearer(token), body: form });
  };

  it('refuses an image whose decoded size exceeds the memory budget, before decoding it', async () => {
    const { tokens } = await signedInUser(server);
    const res = await upload(tokens.access_token, hugePngHeader());
    expect(res.status).toBe(413);
    expect(((await res.json()) as any).error.message).toMatch(/too large to process/);
  });

  it('limits uploads per account', async () => {
    const { tokens } = await signedInUser(server);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await upload(tokens.access_token, Buffer.from('not an image'))).status);
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('4. event streams', () => {
  it('caps the streams of one address with a clear 429, and frees a slot when a stream closes', async () => {
    const from = { 'x-forwarded-for': '192.0.2.44' };
    const open: AbortController[] = [];
    for (let i = 0; i < 8; i++) {
      const controller = new AbortController();
      const res = await fetch(`${server.url}/api/events`, { headers: from, signal: controller.signal });
      expect(res.status).toBe(200);
      open.push(controller);
    }
    const refused = await fetch(`${server.url}/api/events`, { headers: from });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as any).error.message).toBe(
      'Too many open event streams from this address',
    );
    expect(
      (await fetch(`${server.url}/api/events`, { headers: { 'x-forwarded-for': '192.0.2.45' } })).status,
    ).toBe(200);
    open.pop()!.abort();
    let status = 429;
    for (let i = 0; i < 50 && status === 429; i++) {
      await new Promise((r) => setTimeout(r, 20));
      const res = await fetch(`${server.url}/api/events`, { headers: from });
      status = res.status;
      await res.body?.cancel();
    }
    expect(status).toBe(200);
    for (const controller of open) controller.abort();
  });
});

describe('5. malformed percent-encoding', () => {
  it.each(['/%ff', '/projects/%', '/blog/%E0%A4%A', '/media/avatars/%ff', '/api/projects/%'])(
    'answers %s with 400 and no internal detail',
    async (pathname) => {
      const res = await fetch(`${server.url}${pathname}`);
      expect(res.status).toBe(400);
      const text = await res.text();
      expect(text).not.toMatch(/URIError|at .*\.(js|ts):\d+/);
    },
  );
});

describe('7. the lockout cannot lock the owner out', () => {
  it("lets the owner's browser, which signed in before, keep signing in while strangers are locked out", async () => {
    const user = await createUser(server);
    const owner = new Browser(server);
    expect((await owner.signIn(user.email, PASSWORD)).status).toBe(200);
    expect(owner.cookies.get('atelier_device')).toBeTruthy();
    for (let i = 0; i < 5; i++) await signIn(server, user.email, 'Wrong#Password1');
    expect((await signIn(server, user.email, PASSWORD)).status).toBe(429);
    expect((await owner.signIn(user.email, PASSWORD)).status).toBe(200);
    // A stranger's browser without the cookie stays locked out.
    expect((await new Browser(server).signIn(user.email, PASSWORD)).status).toBe(429);
  });

  it('gives the desktop app a device token that works the same way, and only for its own account', async () => {
    const user = await createUser(server);
    const other = await createUser(server);
    const first = await session(server, user.email);
    expect(first.device_token).toEqual(expect.any(String));
    for (let i = 0; i < 5; i++) await signIn(server, user.email, 'Wrong#Password1');
    const withDevice = await post('/auth/v1/token?grant_type=password', {
      email: user.email,
      password: PASSWORD,
      device_token: first.device_token,
    });
    expect(withDevice.status).toBe(200);
    for (let i = 0; i < 5; i++) await signIn(server, other.email, 'Wrong#Password1');
    const borrowed = await post('/auth/v1/token?grant_type=password', {
      email: other.email,
      password: PASSWORD,
      device_token: first.device_token,
    });
    expect(borrowed.status).toBe(429);
  });

  it('gives a device its own limit: five wrong passwords from it lock that device too', async () => {
    const user = await createUser(server);
    const { device_token } = await session(server, user.email);
    const attempt = (password: string) =>
      post('/auth/v1/token?grant_type=password', { email: user.email, password, device_token });
    for (let i = 0; i < 5; i++) expect((await attempt('Wrong#Password1')).status).toBe(400);
    // Those five locked the device, not the account: another client still signs in.
    expect((await signIn(server, user.email, PASSWORD)).status).toBe(200);
  });
});

describe('8. data at rest', () => {
  const mode = (file: string) => fs.statSync(file).mode & 0o777;
  it('keeps the data folder 0700', () => {
    expect(mode(server.dataDir)).toBe(0o700);
  });

  it.skipIf(onPostgres)(
    sqliteOnly('keeps the database files 0600', 'the files are the SQLite database'),
    () => {
      for (const file of ['atelier.db', 'atelier.db-wal', 'atelier.db-shm'])
        expect(mode(path.join(server.dataDir, file)), file).toBe(0o600);
    },
  );

  it('stores TOTP secrets encrypted and recovery codes under a keyed hash', async () => {
    const { id, tokens } = await signedInUser(server);
    const enrolled = (await (
      await fetch(`${server.url}/auth/v1/factors`, json({ factor_type: 'totp' }, bearer(tokens.access_token)))
    ).json()) as any;
    const stored = (await server.db.get('SELECT secret FROM mfa_factors WHERE id = ?', enrolled.id)) as {
      secret: string;
    };
    expect(stored.secret).not.toContain(enrolled.totp.secret);
    expect(stored.secret).toMatch(/^enc:v1:/);
    const { TOTP, Secret } = await import('otpauth');
    const code = new TOTP({ secret: Secret.fromBase32(enrolled.totp.secret) }).generate();
    const challenge = (await (
      await fetch(
        `${server.url}/auth/v1/factors/${enrolled.id}/challenge`,
        json({}, bearer(tokens.access_token)),
      )
    ).json()) as any;
    const verified = (await (
      await fetch(
        `${server.url}/auth/v1/factors/${enrolled.id}/verify`,
        json({ challenge_id: challenge.id, code }, bearer(tokens.access_token)),
      )
    ).json()) as any;
    const unkeyed = createHash('sha256').update(`${id}:${verified.recovery_codes[0]}`).digest('base64url');
    const hashes = (
      (await server.db.all('SELECT code_hash FROM mfa_recovery_codes WHERE user_id = ?', id)) as {
        code_hash: string;
      }[]
    ).map((row) => row.code_hash);
    expect(hashes).toHaveLength(10);
    expect(hashes).not.toContain(unkeyed);
  });
});

describe('9. power loss', () => {
  it.skipIf(onPostgres)(sqliteOnly('commits with synchronous=FULL', "it is SQLite's setting"), () => {
    expect(sqliteOf(server.running.deps.db)!.pragma('synchronous', { simple: true })).toBe(2);
  });
});

describe('10. view counts', () => {
  it('counts one view per visitor per post per day, and a view leaves the answer cache alone', async () => {
    const [post0] = ((await (await fetch(`${server.url}/api/blog-posts`)).json()) as any).items;
    const views = async () =>
      ((await server.db.get('SELECT views FROM blog_posts WHERE id = ?', post0.id)) as { views: number })
        .views;
    const before = await views();
    const cached = await fetch(`${server.url}/api/projects`);
    const etag = cached.headers.get('etag')!;
    const visitor = { 'x-forwarded-for': '192.0.2.77' };
    for (let i = 0; i < 50; i++) await post(`/api/blog-posts/${post0.id}/views`, {}, visitor);
    for (let i = 0; i < 10; i++) await fetch(`${server.url}/blog/${post0.id}`, { headers: visitor });
    expect(await views()).toBe(before + 1);
    const again = await fetch(`${server.url}/api/projects`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });
});

describe('11. the per-address auth limit', () => {
  it('does not count successful refreshes, so a busy office is not signed out', async () => {
    const { tokens } = await signedInUser(server);
    const office = { 'x-forwarded-for': '192.0.2.99' };
    let token = tokens.refresh_token;
    for (let i = 0; i < 120; i++) {
      const res = await refresh(token, office);
      expect(res.status, `refresh ${i + 1}`).toBe(200);
      token = ((await res.json()) as any).refresh_token;
    }
    const user = await createUser(server);
    expect((await signIn(server, user.email, PASSWORD, office)).status).toBe(200);
  });

  it('still counts failed refreshes', async () => {
    const from = { 'x-forwarded-for': '192.0.2.98' };
    const statuses: number[] = [];
    for (let i = 0; i < 101; i++) statuses.push((await refresh(`forged-${i}`, from)).status);
    expect(statuses.slice(0, 100).every((status) => status === 400)).toBe(true);
    expect(statuses[100]).toBe(429);
  });
});

describe('12. headers', () => {
  it('sends Permissions-Policy, and no HSTS over plain http', async () => {
    const res = await fetch(`${server.url}/`);
    expect(res.headers.get('permissions-policy')).toMatch(/camera=\(\)/);
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('sends HSTS and marks the seen_ cookie Secure when PUBLIC_URL is https', async () => {
    const secure = await startTestServer({ env: { PUBLIC_URL: 'https://studio.example.mw' } });
    try {
      const [post0] = ((await (await secure.get('/api/blog-posts')).json()) as any).items;
      const res = await secure.get(`/blog/${post0.id}`);
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      expect(res.headers.get('set-cookie')).toMatch(/seen_\w+=.*Secure/);
    } finally {
      await secure.stop();
    }
  });
});
