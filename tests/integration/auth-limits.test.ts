import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, json, OTHER_PASSWORD, PASSWORD, signIn, uniqueEmail } from '../support/auth';
import { startTestServer, type TestServer } from '../support/server';
import { isoAt } from '../support/test-db';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ content: 'empty', env: { PASSWORD_HASH: 'fast', BENCH: 'true' } });
});
afterAll(() => server.stop());

const recover = (email: string) => fetch(`${server.url}/auth/v1/recover`, json({ email }));
const signUp = (email: string, password = PASSWORD) =>
  fetch(`${server.url}/auth/v1/signup`, json({ email, password }));
const answer = async (res: Response) => ({
  status: res.status,
  retryAfter: res.headers.get('retry-after'),
  body: (await res.json()) as any,
});

describe('the login lockout', () => {
  it('locks an address for 180 minutes at the 6th attempt after 5 failures, even with the right password', async () => {
    const user = await createUser(server);
    for (let i = 1; i <= 5; i++) {
      const res = await answer(await signIn(server, user.email, 'Wrong#Password1'));
      expect(res.status, `attempt ${i}`).toBe(400);
      expect(res.body.error.message).toBe('Invalid login credentials');
    }
    const sixth = await answer(await signIn(server, user.email, PASSWORD));
    expect(sixth).toEqual({
      status: 429,
      retryAfter: String(180 * 60),
      body: {
        error: { code: 'rate_limited', message: 'Too many login attempts. Please try again in 180 minutes.' },
      },
    });
    // Another address is not affected.
    const other = await createUser(server);
    expect((await signIn(server, other.email, PASSWORD)).status).toBe(200);
  });

  it('locks an unknown address the same way, so the lockout tells nothing', async () => {
    const email = uniqueEmail('ghost');
    for (let i = 0; i < 5; i++) expect((await signIn(server, email, PASSWORD)).status).toBe(400);
    const sixth = await answer(await signIn(server, email, PASSWORD));
    expect(sixth.status).toBe(429);
    expect(sixth.body.error.message).toBe('Too many login attempts. Please try again in 180 minutes.');
  });

  it('counts the address however it is typed', async () => {
    const user = await createUser(server);
    for (let i = 0; i < 5; i++)
      await signIn(server, i % 2 ? user.email.toUpperCase() : ` ${user.email} `, 'Wrong#Password1');
    expect((await signIn(server, user.email, PASSWORD)).status).toBe(429);
  });

  it('resets the counter on a successful sign-in', async () => {
    const user = await createUser(server);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++)
        expect((await signIn(server, user.email, 'Wrong#Password1')).status).toBe(400);
      expect((await signIn(server, user.email, PASSWORD)).status, `round ${round}`).toBe(200);
    }
    const row = await server.db.get('SELECT * FROM login_attempts WHERE key = ?', `login:${user.email}`);
    expect(row).toBeUndefined();
  });

  it('lets the address in again once the lock has run out', async () => {
    const user = await createUser(server);
    for (let i = 0; i < 5; i++) await signIn(server, user.email, 'Wrong#Password1');
    expect((await signIn(server, user.email, PASSWORD)).status).toBe(429);
    await server.db.run(
      `UPDATE login_attempts SET locked_until = ?,
           first_attempt_at = ? WHERE key = ?`,
      isoAt(-1_000),
      isoAt(-10_860_000),
      `login:${user.email}`,
    );
    expect((await signIn(server, user.email, PASSWORD)).status).toBe(200);
  });

  it('says how many minutes are left, rounded up', async () => {
    const user = await createUser(server);
    for (let i = 0; i < 5; i++) await signIn(server, user.email, 'Wrong#Password1');
    await server.db.run(
      'UPDATE login_attempts SET locked_until = ? WHERE key = ?',
      isoAt(3_630_000),
      `login:${user.email}`,
    );
    const res = await answer(await signIn(server, user.email, PASSWORD));
    expect(res.body.error.message).toBe('Too many login attempts. Please try again in 61 minutes.');
  });
});

describe('the password-reset limit', () => {
  it('allows 5 reset requests per address, then refuses with its own message', async () => {
    const user = await createUser(server);
    for (let i = 0; i < 5; i++) expect((await recover(user.email)).status).toBe(200);
    const sixth = await answer(await recover(user.email));
    expect(sixth).toEqual({
      status: 429,
      retryAfter: String(180 * 60),
      body: {
        error: {
          code: 'rate_limited',
          message: 'Too many password reset attempts. Please try again in 180 minutes.',
        },
      },
    });
    // Counted apart from sign-ins: the account still signs in.
    expect((await signIn(server, user.email, PASSWORD)).status).toBe(200);
  });

  it('counts unknown addresses the same way', async () => {
    const email = uniqueEmail('ghost');
    for (let i = 0; i < 5; i++) expect((await recover(email)).status).toBe(200);
    expect((await recover(email)).status).toBe(429);
  });

  it('is not used up by failed sign-ins', async () => {
    const user = await createUser(server);
    for (let i = 0; i < 5; i++) await signIn(server, user.email, 'Wrong#Password1');
    expect((await recover(user.email)).status).toBe(200);
  });

  it('checks the address first', async () => {
    for (const body of [{}, { email: '' }, { email: 'not-an-email' }]) {
      const res = await fetch(`${server.url}/auth/v1/recover`, json(body));
      expect(res.status).toBe(400);
      expect(((await res.json()) as any).error.message).toBe('Please enter a valid email address');
    }
  });
});

describe('answers that do not tell whether an address is registered', () => {
  it('answers sign-up alike for a new, a waiting and an existing address', async () => {
    const existing = await createUser(server);
    const waiting = uniqueEmail('waiting');
    await signUp(waiting);
    const answers = await Promise.all(
      [uniqueEmail('new'), waiting, existing.email].map(async (email) =>
        answer(await signUp(email, OTHER_PASSWORD)),
      ),
    );
    expect(answers[0]).toEqual({
      status: 200,
      retryAfter: null,
      body: { message: 'Please check your email to verify your account.' },
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    // The existing account keeps its password.
    expect((await signIn(server, existing.email, PASSWORD)).status).toBe(200);
  });

  it('answers a reset request alike for a known and an unknown address', async () => {
    const user = await createUser(server);
    const known = await answer(await recover(user.email));
    const unknown = await answer(await recover(uniqueEmail('nobody')));
    expect(known).toEqual({
      status: 200,
      retryAfter: null,
      body: { message: 'Please check your email for reset instructions.' },
    });
    expect(unknown).toEqual(known);
  });

  it('stops sending sign-up mails to one address after 5, still answering alike', async () => {
    const email = uniqueEmail('flooded');
    for (let i = 0; i < 7; i++) expect((await signUp(email)).status).toBe(200);
    const mails = (await server.db.get(
      'SELECT count(*) AS n FROM mail_outbox WHERE to_address = ?',
      email,
    )) as any;
    expect(mails.n).toBe(5);
  });
});

describe('the per-address request limit', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ content: 'empty', env: { PASSWORD_HASH: 'fast' } });
  });
  afterAll(() => limited.stop());

  it('allows 100 auth requests per address per 15 minutes, then answers 429 with Retry-After', async () => {
    for (let i = 0; i < 100; i++) {
      const res = await fetch(`${limited.url}/auth/v1/user`);
      expect(res.status, `request ${i + 1}`).toBe(401);
    }
    const res = await fetch(
      `${limited.url}/auth/v1/token?grant_type=password`,
      json({ email: 'a@b.mw', password: 'x' }),
    );
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(800);
    expect(((await res.json()) as any).error.code).toBe('rate_limited');
    // The public key set stays readable, and the rest of the site is not affected.
    expect((await fetch(`${limited.url}/auth/v1/.well-known/jwks.json`)).status).toBe(200);
    expect((await fetch(`${limited.url}/api/settings`)).status).toBe(200);
  });
});
