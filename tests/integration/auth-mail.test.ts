import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Browser,
  bearer,
  createUser,
  json,
  OTHER_PASSWORD,
  PASSWORD,
  session,
  signIn,
  uniqueEmail,
} from '../support/auth';
import { startTestServer, type TestServer } from '../support/server';
import { parseMail, startSmtp, type TestSmtp } from '../support/smtp';
import { isoAt } from '../support/test-db';

let smtp: TestSmtp;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtp();
  server = await startTestServer({
    content: 'empty',
    env: {
      PASSWORD_HASH: 'fast',
      BENCH: 'true',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Studio <studio@example.mw>',
    },
  });
  await server.db.run("UPDATE site_settings SET site_name = 'Atelier Kamuzu' WHERE id = 'default'");
});
afterAll(async () => {
  await server.stop();
  await smtp.close();
});

const post = (pathname: string, body: unknown) => fetch(`${server.url}${pathname}`, json(body));
/** The mailed link, against the test server (tests listen on a port chosen after PUBLIC_URL was set). */
const local = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};
const putUser = (token: string, body: unknown) =>
  fetch(`${server.url}/auth/v1/user`, {
    method: 'PUT',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('sign-up confirmation by mail', () => {
  it('signs up, mails a link that confirms and signs in, and then the password signs in', async () => {
    const email = uniqueEmail('newcomer');
    const res = await post('/auth/v1/signup', {
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      data: { first_name: 'Thoko', last_name: 'Banda' },
    });
    expect(res.status).toBe(200);
    // Not before the e-mail is confirmed.
    expect((await signIn(server, email, PASSWORD)).status).toBe(400);

    const mail = await smtp.waitFor(email, /Confirm your sign-up/);
    expect(mail.subject).toBe('Confirm your sign-up to Atelier Kamuzu');
    expect(mail.from).toBe('studio@example.mw');
    expect(mail.text).toContain('Atelier Kamuzu');
    expect(mail.html).toContain('Atelier Kamuzu');
    expect(mail.html).toContain('<a href=');
    expect(mail.link).toMatch(/\/auth\/v1\/verify\?type=signup&token=[\w-]{40,}&redirect_to=%2Fauth$/);

    // The link lands on /auth, signed in: the refresh cookie is set and gives the session.
    const browser = new Browser(server);
    const landed = await browser.fetch(local(mail.link!), { csrf: false });
    expect(landed.status).toBe(303);
    expect(landed.headers.get('location')).toBe('/auth#type=signup');
    expect(browser.cookies.get('atelier_refresh')).toBeTruthy();
    const refreshed = await browser.refresh();
    expect(refreshed.status).toBe(200);
    const signedIn = (await refreshed.json()) as any;
    expect(signedIn.user).toMatchObject({
      email,
      profile: { first_name: 'Thoko', last_name: 'Banda', role: 'user' },
    });
    expect(signedIn.user.email_confirmed_at).toBeTruthy();

    expect((await signIn(server, email, PASSWORD)).status).toBe(200);
    // The link works once.
    const again = await fetch(`${server.url}${local(mail.link!)}`, { redirect: 'manual' });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toMatch(/^\/auth#error=invalid_link&error_description=/);
  });

  it('sets the password chosen with the followed link, so nobody can pre-register an address', async () => {
    const email = uniqueEmail('victim');
    await post('/auth/v1/signup', { email, password: 'Attacker#Pass99' });
    const attackerMail = await smtp.waitFor(email, /Confirm/);
    await post('/auth/v1/signup', { email, password: OTHER_PASSWORD });
    await vi_waitForCount(email, 2);
    const ownerMail = smtp.messages.filter((m) => m.to.includes(email))[1]!;
    // Only the newest link works; it sets the owner's password.
    expect(
      (await fetch(`${server.url}${local(attackerMail.link!)}`, { redirect: 'manual' })).headers.get(
        'location',
      ),
    ).toMatch(/#error=invalid_link/);
    expect(
      (await fetch(`${server.url}${local(ownerMail.link!)}`, { redirect: 'manual' })).headers.get('location'),
    ).toBe('/auth#type=signup');
    expect((await signIn(server, email, 'Attacker#Pass99')).status).toBe(400);
    expect((await signIn(server, email, OTHER_PASSWORD)).status).toBe(200);
  });

  it('confirms in the bearer flow too: POST /verify answers the token pair', async () => {
    const email = uniqueEmail('desktop');
    await post('/auth/v1/signup', { email, password: PASSWORD });
    const mail = await smtp.waitFor(email, /Confirm/);
    const token = new URL(mail.link!).searchParams.get('token');
    const res = await post('/auth/v1/verify', { type: 'signup', token });
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body.refresh_token).toEqual(expect.any(String));
    expect(body.user.email).toBe(email);
    const reused = await post('/auth/v1/verify', { type: 'signup', token });
    expect(reused.status).toBe(400);
    expect(((await reused.json()) as any).error.message).toBe('This link is invalid or has expired.');
  });

  it('mails an existing account a sign-in pointer instead of a confirmation', async () => {
    const user = await createUser(server);
    await post('/auth/v1/signup', { email: user.email, password: OTHER_PASSWORD });
    const mail = await smtp.waitFor(user.email);
    expect(mail.subject).toBe('Your Atelier Kamuzu account');
    expect(mail.text).toContain('already has an account');
    expect(mail.link).toMatch(/\/auth$/);
  });
});

async function vi_waitForCount(email: string, count: number) {
  const until = Date.now() + 10_000;
  while (smtp.messages.filter((m) => m.to.includes(email)).length < count) {
    if (Date.now() > until) throw new Error(`fewer than ${count} mails to ${email}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('password reset by mail', () => {
  it('mails a link that opens a recovery session, sets a new password, and the new password signs in', async () => {
    const user = await createUser(server);
    const elsewhere = await session(server, user.email);
    expect((await post('/auth/v1/recover', { email: ` ${user.email.toUpperCase()} ` })).status).toBe(200);
    const mail = await smtp.waitFor(user.email, /Reset your/);
    expect(mail.subject).toBe('Reset your Atelier Kamuzu password');
    expect(mail.html).toContain('Atelier Kamuzu');
    expect(mail.link).toContain('redirect_to=%2Freset-password');

    const browser = new Browser(server);
    const landed = await browser.fetch(local(mail.link!), { csrf: false });
    expect(landed.headers.get('location')).toBe('/reset-password#type=recovery');
    const { access_token } = (await (await browser.refresh()).json()) as any;

    for (const [body, message] of [
      [{ password: OTHER_PASSWORD }, 'All fields are required'],
      [{ password: OTHER_PASSWORD, password_confirmation: 'Mulanje*Peak2027' }, 'Passwords do not match'],
      [{ password: 'short', password_confirmation: 'short' }, 'Password must be at least 8 characters long'],
    ] as const) {
      const res = await putUser(access_token, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as any).error.message).toBe(message);
    }
    const reset = await putUser(access_token, {
      password: OTHER_PASSWORD,
      password_confirmation: OTHER_PASSWORD,
    });
    expect(reset.status).toBe(200);

    expect((await signIn(server, user.email, PASSWORD)).status).toBe(400);
    expect((await signIn(server, user.email, OTHER_PASSWORD)).status).toBe(200);
    // Every other session was signed out; this one stays.
    expect(
      (await fetch(`${server.url}/auth/v1/user`, { headers: bearer(elsewhere.access_token) })).status,
    ).toBe(401);
    expect((await fetch(`${server.url}/auth/v1/user`, { headers: bearer(access_token) })).status).toBe(200);
    // The recovery session set its password once; a further change needs the current one.
    const again = await putUser(access_token, { password: PASSWORD, password_confirmation: PASSWORD });
    expect(((await again.json()) as any).error.message).toBe('All fields are required');
  });

  it('sends an expired or used reset link to the reset page with an error', async () => {
    const user = await createUser(server);
    await post('/auth/v1/recover', { email: user.email });
    const mail = await smtp.waitFor(user.email, /Reset your/);
    await server.db.run(
      'UPDATE one_time_tokens SET expires_at = ? WHERE user_id = ?',
      isoAt(-1_000),
      user.id,
    );
    const res = await fetch(`${server.url}${local(mail.link!)}`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location).toMatch(/^\/reset-password#error=invalid_link/);
    expect(decodeURIComponent(location)).toContain('This password reset link is invalid or has expired.');
    expect(res.headers.getSetCookie().some((c) => c.startsWith('atelier_refresh='))).toBe(false);
  });

  it('only redirects within the site', async () => {
    const user = await createUser(server);
    await post('/auth/v1/recover', { email: user.email });
    const mail = await smtp.waitFor(user.email, /Reset your/);
    const hostile = local(mail.link!).replace(
      'redirect_to=%2Freset-password',
      'redirect_to=%2F%2Fevil.example',
    );
    const res = await fetch(`${server.url}${hostile}`, { redirect: 'manual' });
    expect(res.headers.get('location')).toBe('/reset-password#type=recovery');
  });
});

describe('mail delivery', () => {
  it('keeps a mail the SMTP server refuses and delivers it on a later attempt', async () => {
    const email = uniqueEmail('retry');
    smtp.failNext(1);
    await post('/auth/v1/recover', { email: (await createUser(server, { email })).email });
    const row = async () =>
      (await server.db.get(
        'SELECT * FROM mail_outbox WHERE to_address = ? ORDER BY created_at DESC',
        email,
      )) as any;
    const until = Date.now() + 10_000;
    while ((await row())?.attempts !== 1 && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
    expect(await row()).toMatchObject({ attempts: 1, sent_at: null });
    expect((await row()).last_error).toContain('451');
    expect(Date.parse((await row()).next_attempt_at)).toBeGreaterThan(Date.now() + 20_000);
    expect(smtp.messages.some((m) => m.to.includes(email))).toBe(false);

    // Due now (instead of waiting out the backoff), and the sender runs.
    await server.db.run(
      'UPDATE mail_outbox SET next_attempt_at = ? WHERE to_address = ?',
      isoAt(-1_000),
      email,
    );
    await server.running.deps.mail.flush();
    const mail = await smtp.waitFor(email, /Reset your/);
    expect(mail.link).toContain('type=recovery');
    expect(await row()).toMatchObject({
      attempts: 2,
      last_error: null,
      text_body: '',
      html_body: '',
      link: null,
    });
    expect((await row()).sent_at).toBeTruthy();
  });
});

describe('without SMTP_URL', () => {
  let offline: TestServer;
  beforeAll(async () => {
    offline = await startTestServer({ content: 'empty', env: { PASSWORD_HASH: 'fast', BENCH: 'true' } });
  });
  afterAll(() => offline.stop());

  it('writes each mail to DATA_DIR/outbox as an .eml file with both parts and the link', async () => {
    const email = uniqueEmail('offline');
    await fetch(`${offline.url}/auth/v1/signup`, json({ email, password: PASSWORD }));
    const dir = path.join(offline.dataDir, 'outbox');
    const until = Date.now() + 10_000;
    let files: string[] = [];
    while (Date.now() < until) {
      files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
      if (files.length) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(files).toHaveLength(1);
    const raw = fs.readFileSync(path.join(dir, files[0]!), 'utf8');
    expect(raw).toMatch(new RegExp(`^To: ${email.replace(/\./g, '\\.')}$`, 'm'));
    const parsed = parseMail(raw);
    expect(parsed.subject).toBe('Confirm your sign-up to ARCHITECT');
    expect(parsed.text).toMatch(/\/auth\/v1\/verify\?type=signup&token=/);
    expect(parsed.html).toContain('ARCHITECT');
    // The link in the file confirms the account.
    const link = /https?:\/\/\S+/.exec(parsed.text)![0];
    const res = await fetch(`${offline.url}${local(link)}`, { redirect: 'manual' });
    expect(res.headers.get('location')).toBe('/auth#type=signup');
  });
});
