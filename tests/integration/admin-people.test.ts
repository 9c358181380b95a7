import { AUTH_MESSAGES, PEOPLE_MESSAGES } from '@atelier/shared';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, adminClient, apiCaller } from '../support/admin';
import { createUser, json, OTHER_PASSWORD, PASSWORD, session, signIn, uniqueEmail } from '../support/auth';
import { runCli } from '../support/process';
import { startTestServer, type TestServer } from '../support/server';
import { startSmtp, type TestSmtp } from '../support/smtp';

let smtp: TestSmtp;
let server: TestServer;
let owner: AdminClient;
beforeAll(async () => {
  smtp = await startSmtp();
  server = await startTestServer({
    content: 'empty',
    env: { PASSWORD_HASH: 'fast', BENCH: 'true', SMTP_URL: smtp.url },
  });
  await server.db.run("UPDATE site_settings SET site_name = 'Studio Chisomo' WHERE id = 'default'");
  owner = await adminClient(server, 'owner');
});
afterAll(async () => {
  await server.stop();
  await smtp.close();
});

const errorOf = (answer: { body: any }) => answer.body?.error;
const post = (pathname: string, body: unknown) => fetch(`${server.url}${pathname}`, json(body));
const roleOf = async (id: string) =>
  ((await server.db.get('SELECT role FROM profiles WHERE id = ?', id)) as { role: string } | undefined)?.role;

/** The mails to `to` received so far. */
const mailsTo = (to: string) => smtp.messages.filter((mail) => mail.to.includes(to));
/** Waits for the `count`th mail to `to` and answers the token of its invitation link. */
async function invitationToken(to: string, count = 1): Promise<string> {
  const until = Date.now() + 10_000;
  while (mailsTo(to).length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
  const mail = mailsTo(to)[count - 1];
  if (!mail?.link) throw new Error(`no invitation mail number ${count} to ${to}`);
  const link = new URL(mail.link);
  expect(link.pathname).toBe('/admin/invite');
  return link.searchParams.get('token')!;
}

const lookup = (token: string) =>
  fetch(`${server.url}/auth/v1/invitations?token=${encodeURIComponent(token)}`);
const accept = (body: Record<string, unknown>) => post('/auth/v1/invitations/accept', body);

/** Invites `email` as `role` (by the owner unless told) and answers the mailed link's token. */
async function invited(email: string, role: string, by: AdminClient = owner) {
  const to = email.trim().toLowerCase();
  const before = mailsTo(to).length;
  const res = await by.post('/api/admin/users/invitations', { email, role });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { person: res.body, token: await invitationToken(to, before + 1) };
}

/** A new staff member of `role`, invited and accepted, signed in: their caller and their tokens. */
async function newStaff(role: 'admin' | 'editor' | 'contributor', label: string = role) {
  const email = uniqueEmail(label);
  const { token } = await invited(email, role);
  const res = await accept({ token, first_name: 'Chikondi', last_name: label, password: PASSWORD });
  expect(res.status, await res.clone().text()).toBe(200);
  const tokens = (await res.json()) as any;
  return { email, id: tokens.user.id as string, tokens, ...apiCaller(server, tokens.access_token) };
}

/** Makes the session of `client` look as if its password was last typed `minutes` ago. */
const passwordTypedAgo = async (client: AdminClient | { token: string }, minutes: number) => {
  const sid = JSON.parse(Buffer.from(client.token.split('.')[1]!, 'base64url').toString()).sid;
  await server.db.run(
    'UPDATE sessions SET password_at = ? WHERE id = ?',
    new Date(Date.now() - minutes * 60_000).toISOString(),
    sid,
  );
};

/** Opens the event stream of `token`; resolves once it is ready, with a promise of its end. */
async function openStream(token: string) {
  const controller = new AbortController();
  const res = await fetch(`${server.url}/api/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  while (!text.includes('event: ready')) {
    const chunk = await reader.read();
    if (chunk.done) throw new Error('the stream ended before it was ready');
    text += chunk.value;
  }
  const ended = (async () => {
    const deadline = setTimeout(() => controller.abort(), 5_000);
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read());
      return 'ended';
    } catch {
      return 'still open after 5 s';
    } finally {
      clearTimeout(deadline);
    }
  })();
  return { ended, close: () => controller.abort() };
}

describe('invitations', () => {
  it('mails a link; the invitee sees it, makes an account, lands signed in with the role and its limits', async () => {
    const email = uniqueEmail('editor');
    const { person, token } = await invited(` ${email.toUpperCase()} `, 'editor');
    expect(person).toMatchObject({ kind: 'invitation', email, role: 'editor', status: 'invited' });
    const mail = mailsTo(email)[0]!;
    expect(mail.subject).toBe("You're invited to Studio Chisomo");
    expect(mail.text).toContain('as an editor');
    expect(mail.html).toContain('Accept the invitation');
    // Stored hashed: the token itself is nowhere in the database.
    expect(JSON.stringify(await server.db.all('SELECT * FROM invitations'))).not.toContain(token);

    const info = await lookup(token);
    expect(info.status).toBe(200);
    expect(info.headers.get('cache-control')).toBe('no-store');
    expect(await info.json()).toMatchObject({
      site_name: 'Studio Chisomo',
      email,
      role: 'editor',
      has_account: false,
    });
    const listed = await owner.get(`/api/admin/users?q=${encodeURIComponent(email)}`);
    expect(listed.body.items).toEqual([expect.objectContaining({ email, status: 'invited' })]);

    for (const [body, field, message] of [
      [{ token, last_name: 'Phiri', password: PASSWORD }, 'first_name', PEOPLE_MESSAGES.firstNameRequired],
      [{ token, first_name: 'Thoko', password: PASSWORD }, 'last_name', PEOPLE_MESSAGES.lastNameRequired],
      [
        { token, first_name: 'Thoko', last_name: 'Phiri', password: 'lakeside' },
        'password',
        'Password must contain at least one uppercase letter',
      ],
      [
        { token, first_name: 'Thoko', last_name: 'Phiri', password: PASSWORD, password_confirmation: 'x' },
        'password_confirmation',
        AUTH_MESSAGES.passwordsDontMatch,
      ],
    ] as const) {
      const refused = await accept(body);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as any).error).toMatchObject({ message, issues: [{ path: field }] });
    }
    expect(await server.db.get('SELECT count(*) AS n FROM users WHERE email = ?', email)).toEqual({
      n: 0,
    });

    const res = await accept({ token, first_name: 'Thoko', last_name: 'Phiri', password: PASSWORD });
    expect(res.status).toBe(200);
    const tokens = (await res.json()) as any;
    expect(tokens.user).toMatchObject({ email, role: 'editor', is_staff: true });
    expect(tokens.user.email_confirmed_at).toBeTruthy();
    expect(tokens.refresh_token).toBeTruthy();

    // The link worked once; the password signs in.
    expect((await accept({ token, first_name: 'A', last_name: 'B', password: PASSWORD })).status).toBe(400);
    const used = await lookup(token);
    expect(used.status).toBe(404);
    expect(((await used.json()) as any).error.message).toBe('This invitation is invalid or has expired.');
    const editor = apiCaller(server, (await session(server, email)).access_token);
    expect((await editor.get('/api/admin/inquiries')).status).toBe(200);
    expect((await editor.get('/api/admin/projects')).status).toBe(200);
    expect((await editor.get('/api/admin/users')).status).toBe(403);
    expect((await editor.put('/api/admin/settings', { site_name: 'Mine' })).status).toBe(403);

    const row = (await owner.get(`/api/admin/users?q=${encodeURIComponent(email)}`)).body.items;
    expect(row).toEqual([
      expect.objectContaining({
        kind: 'account',
        first_name: 'Thoko',
        last_name: 'Phiri',
        role: 'editor',
        status: 'active',
        mfa_enabled: false,
      }),
    ]);
    expect(row[0].last_active_at).toBeTruthy();
  });

  it('accepts with an existing account by its own password, which stays as it was', async () => {
    const visitor = await createUser(server);
    const { token } = await invited(visitor.email, 'contributor');
    expect(await (await lookup(token)).json()).toMatchObject({ has_account: true, role: 'contributor' });

    // A new password is no way in: the account's own is asked, and checked.
    for (const password of [OTHER_PASSWORD, 'Wrong#Password1']) {
      const refused = await accept({ token, first_name: 'New', last_name: 'Name', password });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as any).error.message).toBe(AUTH_MESSAGES.invalidCredentials);
    }
    expect(await roleOf(visitor.id)).toBe('user');

    const res = await accept({ token, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).user).toMatchObject({ id: visitor.id, role: 'contributor' });
    expect((await signIn(server, visitor.email, PASSWORD)).status).toBe(200);
    expect((await signIn(server, visitor.email, OTHER_PASSWORD)).status).toBe(400);
  });

  it('refuses expired, resent, canceled and forged links, and invitations to people who have access', async () => {
    const email = uniqueEmail('late');
    const { person, token } = await invited(email, 'contributor');

    // Pending: a second invitation to the address is refused (resend it instead).
    const again = await owner.post('/api/admin/users/invitations', { email, role: 'editor' });
    expect(again.status).toBe(409);
    expect(errorOf(again).message).toBe(PEOPLE_MESSAGES.invitationPending);

    // Resent: a new link, the old one dead.
    const resent = await owner.post(`/api/admin/users/invitations/${person.id}/resend`, {});
    expect(resent.status).toBe(200);
    const fresh = await invitationToken(email, 2);
    expect(fresh).not.toBe(token);
    expect((await lookup(token)).status).toBe(404);
    expect((await lookup(fresh)).status).toBe(200);

    // Expired: seven days are up.
    await server.db.run(
      'UPDATE invitations SET expires_at = ? WHERE id = ?',
      new Date(Date.now() - 1000).toISOString(),
      person.id,
    );
    expect((await lookup(fresh)).status).toBe(404);
    const late = await accept({ token: fresh, first_name: 'A', last_name: 'B', password: PASSWORD });
    expect(late.status).toBe(400);
    expect(((await late.json()) as any).error.message).toBe(PEOPLE_MESSAGES.invalidInvitation);
    const listed = await owner.get(`/api/admin/users?q=${encodeURIComponent(email)}`);
    expect(listed.body.items[0].expires_at < new Date().toISOString()).toBe(true);

    // An expired invitation makes way for a new one; canceling that one kills its link.
    const { person: second, token: third } = await invited(email, 'contributor');
    expect((await owner.del(`/api/admin/users/invitations/${second.id}`)).status).toBe(204);
    expect((await lookup(third)).status).toBe(404);
    expect((await accept({ token: third, first_name: 'A', last_name: 'B', password: PASSWORD })).status).toBe(
      400,
    );
    expect((await owner.del(`/api/admin/users/invitations/${second.id}`)).status).toBe(409);
    expect((await owner.get(`/api/admin/users?q=${encodeURIComponent(email)}`)).body.items).toEqual([]);

    // Forged.
    expect((await lookup('forged-token-forged-token-forged-token-123')).status).toBe(404);
    expect((await fetch(`${server.url}/auth/v1/invitations`)).status).toBe(404);
    const forged = await accept({
      token: 'x'.repeat(43),
      first_name: 'A',
      last_name: 'B',
      password: PASSWORD,
    });
    expect(forged.status).toBe(400);
    expect(await server.db.get('SELECT count(*) AS n FROM users WHERE email = ?', email)).toEqual({
      n: 0,
    });

    // Someone who has access already, or the owner, cannot be invited; nor can anyone as owner.
    const staff = await newStaff('editor');
    const taken = await owner.post('/api/admin/users/invitations', {
      email: staff.email,
      role: 'contributor',
    });
    expect(taken.status).toBe(409);
    expect(errorOf(taken).message).toBe(PEOPLE_MESSAGES.alreadyStaff);
    const asOwner = await owner.post('/api/admin/users/invitations', { email: uniqueEmail(), role: 'owner' });
    expect(asOwner.status).toBe(400);
    expect(errorOf(asOwner).message).toBe(PEOPLE_MESSAGES.roleRequired);
    const notEmail = await owner.post('/api/admin/users/invitations', { email: 'nobody', role: 'editor' });
    expect(notEmail.status).toBe(400);
    expect(errorOf(notEmail).message).toBe(AUTH_MESSAGES.invalidEmail);
  });
});

describe('the list', () => {
  it('lists the staff and waiting invitations, not visitors; searches by name or e-mail; filters by role', async () => {
    const visitor = await createUser(server);
    const contributor = await newStaff('contributor', 'listed');
    const { items } = (await owner.get('/api/admin/users')).body;
    const emails = items.map((p: any) => p.email);
    expect(emails).not.toContain(visitor.email);
    expect(items[0]).toMatchObject({ role: 'owner', email: owner.user.email });

    const byName = await owner.get('/api/admin/users?q=chikondi%20listed');
    expect(byName.body.items.map((p: any) => p.email)).toEqual([contributor.email]);
    const editors = await owner.get('/api/admin/users?role=editor');
    expect(editors.body.items.length).toBeGreaterThan(0);
    expect(editors.body.items.every((p: any) => p.role === 'editor')).toBe(true);
    const wrong = await owner.get('/api/admin/users?role=user');
    expect(wrong.status).toBe(400);
  });
});

describe('deactivation', () => {
  it('signs the person out at once (requests, refresh, event stream) and refuses their sign-in until reactivated', async () => {
    const editor = await newStaff('editor', 'leaving');
    const stream = await openStream(editor.tokens.access_token);
    expect((await editor.get('/api/admin/inquiries')).status).toBe(200);

    const res = await owner.post(`/api/admin/users/${editor.id}/deactivate`, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'deactivated', role: 'editor' });
    expect(await stream.ended).toBe('ended');
    expect((await editor.get('/api/admin/inquiries')).status).toBe(401);
    const refresh = await post('/auth/v1/token?grant_type=refresh_token', {
      refresh_token: editor.tokens.refresh_token,
    });
    expect(refresh.status).toBe(400);
    expect(((await refresh.json()) as any).error.code).toBe('invalid_grant');

    const refused = await signIn(server, editor.email, PASSWORD);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as any).error).toMatchObject({
      code: 'account_deactivated',
      message: AUTH_MESSAGES.deactivated,
    });
    // A wrong password learns nothing of it.
    expect((await signIn(server, editor.email, OTHER_PASSWORD)).status).toBe(400);

    const back = await owner.post(`/api/admin/users/${editor.id}/reactivate`, {});
    expect(back.body).toMatchObject({ status: 'active', role: 'editor' });
    expect((await signIn(server, editor.email, PASSWORD)).status).toBe(200);
  });

  it('ends a demoted person’s stream, and their next request is judged by the new role', async () => {
    const editor = await newStaff('editor', 'demoted');
    const stream = await openStream(editor.tokens.access_token);
    expect((await editor.get('/api/admin/inquiries')).status).toBe(200);
    const res = await owner.put(`/api/admin/users/${editor.id}/role`, { role: 'contributor' });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('contributor');
    expect(await stream.ended).toBe('ended');
    expect((await editor.get('/api/admin/inquiries')).status).toBe(403);
    expect((await editor.get('/api/admin/projects')).status).toBe(200);
  });
});

describe("the owner's protections and the administrators' limits", () => {
  it('keeps the owner out of reach, and administrators to editors and contributors', async () => {
    const admin = await newStaff('admin', 'second');
    const otherAdmin = await newStaff('admin', 'third');
    const editor = await newStaff('editor', 'managed');
    const ownerId = owner.user.id;
    const roles = async () => await server.db.all('SELECT id, role FROM profiles ORDER BY id');
    const before = await roles();
    const refusals: [Promise<any>, string][] = [
      [admin.put(`/api/admin/users/${ownerId}/role`, { role: 'editor' }), PEOPLE_MESSAGES.ownerProtected],
      [admin.post(`/api/admin/users/${ownerId}/deactivate`, {}), PEOPLE_MESSAGES.ownerProtected],
      [admin.del(`/api/admin/users/${ownerId}`), PEOPLE_MESSAGES.ownerProtected],
      [
        admin.put(`/api/admin/users/${otherAdmin.id}/role`, { role: 'editor' }),
        PEOPLE_MESSAGES.adminsByOwner,
      ],
      [admin.post(`/api/admin/users/${otherAdmin.id}/deactivate`, {}), PEOPLE_MESSAGES.adminsByOwner],
      [admin.del(`/api/admin/users/${otherAdmin.id}`), PEOPLE_MESSAGES.adminsByOwner],
      [admin.put(`/api/admin/users/${editor.id}/role`, { role: 'admin' }), PEOPLE_MESSAGES.adminsByOwner],
      [
        admin.post('/api/admin/users/invitations', { email: uniqueEmail(), role: 'admin' }),
        PEOPLE_MESSAGES.adminsByOwner,
      ],
      [admin.put(`/api/admin/users/${admin.id}/role`, { role: 'editor' }), PEOPLE_MESSAGES.notYourself],
      [owner.put(`/api/admin/users/${ownerId}/role`, { role: 'admin' }), PEOPLE_MESSAGES.ownerProtected],
      [owner.post(`/api/admin/users/${ownerId}/deactivate`, {}), PEOPLE_MESSAGES.ownerProtected],
      [owner.del(`/api/admin/users/${ownerId}`), PEOPLE_MESSAGES.ownerProtected],
      [admin.post('/api/admin/users/transfer-ownership', { user_id: admin.id, password: PASSWORD }), ''],
    ];
    for (const [call, message] of refusals) {
      const res = await call;
      expect(res.status, JSON.stringify(res.body)).toBe(403);
      if (message) expect(errorOf(res).message).toBe(message);
    }
    const toOwner = await owner.put(`/api/admin/users/${editor.id}/role`, { role: 'owner' });
    expect(toOwner.status).toBe(400);
    expect(await roles()).toEqual(before);

    // What an administrator may do: an editor's role, deactivation, back.
    expect((await admin.put(`/api/admin/users/${editor.id}/role`, { role: 'contributor' })).status).toBe(200);
    expect((await admin.post(`/api/admin/users/${editor.id}/deactivate`, {})).status).toBe(200);
    expect((await admin.post(`/api/admin/users/${editor.id}/reactivate`, {})).status).toBe(200);
    expect(
      (await admin.put('/api/admin/users/3f0c9a52-7d4e-4c1b-9e55-0a8d7c2b1f64/role', { role: 'editor' }))
        .status,
    ).toBe(404);
  });
});

describe('re-authentication', () => {
  it("asks again for the password of whoever changes an administrator's role or deletes someone, after 10 minutes", async () => {
    const editor = await newStaff('editor', 'promoted');
    await passwordTypedAgo(owner, 11);
    const stale = await owner.put(`/api/admin/users/${editor.id}/role`, { role: 'admin' });
    expect(stale.status).toBe(403);
    expect(errorOf(stale)).toMatchObject({
      code: 'reauthentication_required',
      message: PEOPLE_MESSAGES.reauthenticationRequired,
    });
    expect((await owner.del(`/api/admin/users/${editor.id}`)).status).toBe(403);
    expect(await roleOf(editor.id)).toBe('editor');
    // Editors and contributors change role without it.
    expect((await owner.put(`/api/admin/users/${editor.id}/role`, { role: 'contributor' })).status).toBe(200);

    const wrong = await owner.post('/api/admin/users/reauthenticate', { password: OTHER_PASSWORD });
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong).message).toBe(AUTH_MESSAGES.currentPasswordIncorrect);
    expect((await owner.post('/api/admin/users/reauthenticate', { password: PASSWORD })).status).toBe(204);
    const promoted = await owner.put(`/api/admin/users/${editor.id}/role`, { role: 'admin' });
    expect(promoted.status).toBe(200);
    expect(promoted.body.role).toBe('admin');

    // Nine minutes on, still good; the sign-in itself counts as typing it.
    await passwordTypedAgo(owner, 9);
    expect((await owner.put(`/api/admin/users/${editor.id}/role`, { role: 'editor' })).status).toBe(200);
    const fresh = apiCaller(server, (await session(server, owner.user.email)).access_token);
    expect((await fresh.put(`/api/admin/users/${editor.id}/role`, { role: 'admin' })).status).toBe(200);
  });
});

describe('deletion', () => {
  it('removes the account and hands its content to the person chosen, or to nobody (Former staff)', async () => {
    await passwordTypedAgo(owner, 0);
    const leaving = await newStaff('contributor', 'deleted');
    const heir = await newStaff('editor', 'heir');
    const project = await owner.post('/api/admin/projects', {
      title: 'Lakeshore House',
      description: 'A house by the lake.',
      category: 'residential',
      status: 'draft',
      project_type: 'project',
      images: [],
      image_alts: {},
    });
    expect(project.status, JSON.stringify(project.body)).toBe(201);
    const post = await owner.post('/api/admin/blog-posts', {
      title: 'Burnt brick',
      content: 'Brick walls breathe.',
      status: 'draft',
      seo_keywords: [],
    });
    expect(post.status, JSON.stringify(post.body)).toBe(201);
    await server.db.run('UPDATE projects SET user_id = ? WHERE id = ?', leaving.id, project.body.id);
    await server.db.run('UPDATE blog_posts SET author_id = ? WHERE id = ?', leaving.id, post.body.id);

    const deactivatedHeir = await newStaff('editor', 'gone-heir');
    await owner.post(`/api/admin/users/${deactivatedHeir.id}/deactivate`, {});
    for (const target of [deactivatedHeir.id, leaving.id, 'nobody']) {
      const refused = await owner.del(`/api/admin/users/${leaving.id}?reassign_to=${target}`);
      expect(refused.status).toBe(400);
      expect(errorOf(refused).message).toBe(PEOPLE_MESSAGES.reassignTarget);
    }
    expect(await roleOf(leaving.id)).toBe('contributor');

    expect((await owner.del(`/api/admin/users/${leaving.id}?reassign_to=${heir.id}`)).status).toBe(204);
    expect(await server.db.get('SELECT count(*) AS n FROM users WHERE id = ?', leaving.id)).toEqual({
      n: 0,
    });
    expect((await leaving.get('/api/admin/projects')).status).toBe(401);
    expect(await server.db.get('SELECT user_id FROM projects WHERE id = ?', project.body.id)).toEqual({
      user_id: heir.id,
    });
    expect(await server.db.get('SELECT author_id FROM blog_posts WHERE id = ?', post.body.id)).toEqual({
      author_id: heir.id,
    });

    expect((await owner.del(`/api/admin/users/${heir.id}`)).status).toBe(204);
    expect(await server.db.get('SELECT user_id FROM projects WHERE id = ?', project.body.id)).toEqual({
      user_id: null,
    });
    expect((await owner.get(`/api/admin/projects/${project.body.id}`)).status).toBe(200);
    expect((await owner.del(`/api/admin/users/${heir.id}`)).status).toBe(404);
  });
});

describe('the two-step verification rule', () => {
  const code = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate();

  it('is read and set by the owner and administrators, never so as to shut out whoever sets it', async () => {
    expect((await owner.get('/api/admin/users/security')).body).toEqual({ require_mfa_for: 'none' });
    const lockout = await owner.put('/api/admin/users/security', { require_mfa_for: 'admins' });
    expect(lockout.status).toBe(409);
    expect(errorOf(lockout).message).toBe(PEOPLE_MESSAGES.mfaLockout);
    expect((await owner.put('/api/admin/users/security', { require_mfa_for: 'all' })).status).toBe(400);

    // An administrator with an authenticator, at aal2.
    const admin = await newStaff('admin', 'secure');
    const enrolled = (await admin.post('/auth/v1/factors', { factor_type: 'totp' })).body;
    const challenge = (await admin.post(`/auth/v1/factors/${enrolled.id}/challenge`, {})).body;
    const verified = await admin.post(`/auth/v1/factors/${enrolled.id}/verify`, {
      challenge_id: challenge.id,
      code: code(enrolled.totp.secret),
    });
    expect(verified.status).toBe(200);
    const secure = apiCaller(server, verified.body.access_token);
    const editor = await newStaff('editor', 'no-factor');

    const set = await secure.put('/api/admin/users/security', { require_mfa_for: 'staff' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toEqual({ require_mfa_for: 'staff' });
    const refused = await editor.get('/api/admin/me');
    expect(refused.status).toBe(403);
    expect(errorOf(refused).code).toBe('mfa_required');
    const listed = (await secure.get(`/api/admin/users?q=${encodeURIComponent(admin.email)}`)).body.items;
    expect(listed[0].mfa_enabled).toBe(true);

    expect((await secure.put('/api/admin/users/security', { require_mfa_for: 'none' })).status).toBe(200);
    expect((await editor.get('/api/admin/me')).status).toBe(200);
  });
});

describe('the CLI', () => {
  const cli = (...args: string[]) =>
    runCli(args, { ...server.env, DATA_DIR: server.dataDir, PASSWORD_HASH: 'fast' });

  it('lists the accounts and sets roles, the owner’s included (the owner there was becomes an administrator)', async () => {
    const visitor = await createUser(server);
    const list = await cli('user:list');
    expect(list.code, list.output).toBe(0);
    expect(list.output).toMatch(/^E-mail\s+Role\s+Status$/m);
    expect(list.output).toMatch(
      new RegExp(`^${owner.user.email.replace(/\./g, '\\.')}\\s+Owner\\s+active$`, 'm'),
    );
    expect(list.output).toMatch(
      new RegExp(`^${visitor.email.replace(/\./g, '\\.')}\\s+Visitor\\s+active$`, 'm'),
    );

    const editor = await cli('user:role', '--email', visitor.email, '--role', 'editor');
    expect(editor.code, editor.output).toBe(0);
    expect(editor.output).toContain(`${visitor.email} is now an editor.`);
    expect(await roleOf(visitor.id)).toBe('editor');

    const demoteOwner = await cli('user:role', '--email', owner.user.email, '--role', 'admin');
    expect(demoteOwner.code).toBe(1);
    expect(demoteOwner.output).toContain('is the owner: make someone else the owner');
    for (const [args, message] of [
      [['user:role', '--email', visitor.email, '--role', 'boss'], '--role must be one of'],
      [['user:role', '--email', visitor.email], 'user:role needs --role'],
      [['user:role', '--role', 'admin'], 'user:role needs --email'],
      [['settings:mfa', 'maybe'], 'settings:mfa needs none, admins or staff'],
    ] as const) {
      const wrong = await cli(...args);
      expect(wrong.code, args.join(' ')).toBe(2);
      expect(wrong.output).toContain(message);
    }
    const nobody = await cli('user:role', '--email', 'nobody@example.mw', '--role', 'admin');
    expect(nobody.code).toBe(1);
    expect(nobody.output).toContain('No account has the e-mail nobody@example.mw');

    const mfa = await cli('settings:mfa', 'staff');
    expect(mfa.code, mfa.output).toBe(0);
    expect(mfa.output).toContain('All staff now need two-step verification');
    expect((await owner.get('/api/admin/users/security')).status).toBe(403);
    expect((await cli('settings:admin-mfa', 'off')).code).toBe(0);
    expect((await owner.get('/api/admin/users/security')).body).toEqual({ require_mfa_for: 'none' });
  });
});

describe('ownership', () => {
  it('moves by the owner’s transfer with the right password, to an active staff member; the owner becomes an administrator', async () => {
    const heir = await newStaff('editor', 'new-owner');
    const inactive = await newStaff('contributor', 'inactive');
    await owner.post(`/api/admin/users/${inactive.id}/deactivate`, {});
    const roles = () => server.db.all("SELECT id FROM profiles WHERE role = 'owner'");
    const ownerId = owner.user.id;

    const wrong = await owner.post('/api/admin/users/transfer-ownership', {
      user_id: heir.id,
      password: OTHER_PASSWORD,
    });
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong).message).toBe(AUTH_MESSAGES.currentPasswordIncorrect);
    for (const target of [inactive.id, ownerId, 'nobody']) {
      const refused = await owner.post('/api/admin/users/transfer-ownership', {
        user_id: target,
        password: PASSWORD,
      });
      expect(refused.status).toBe(400);
      expect(errorOf(refused).message).toBe(PEOPLE_MESSAGES.transferTarget);
    }
    expect(await roles()).toEqual([{ id: ownerId }]);

    const done = await owner.post('/api/admin/users/transfer-ownership', {
      user_id: heir.id,
      password: PASSWORD,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ id: heir.id, role: 'owner' });
    expect(await roles()).toEqual([{ id: heir.id }]);
    expect(await roleOf(ownerId)).toBe('admin');
    // The former owner is an administrator now: no second transfer, no reach over the new owner.
    expect(
      (await owner.post('/api/admin/users/transfer-ownership', { user_id: ownerId, password: PASSWORD }))
        .status,
    ).toBe(403);
    expect((await owner.put(`/api/admin/users/${heir.id}/role`, { role: 'editor' })).status).toBe(403);

    // The CLI gives it back (for an owner who lost access).
    const back = await runCli(['user:role', '--email', owner.user.email, '--role', 'owner'], {
      ...server.env,
      DATA_DIR: server.dataDir,
    });
    expect(back.code, back.output).toBe(0);
    expect(back.output).toContain(`${heir.email} is now an administrator.`);
    expect(await roles()).toEqual([{ id: ownerId }]);
  });
});

describe('the activity list', () => {
  it('records every action on people and invitations: who, what, whom', async () => {
    const entries = async (type: string) => {
      const all: any[] = [];
      for (let page = 1; ; page++) {
        const { body } = await owner.get(`/api/admin/activity?entity_type=${type}&page=${page}`);
        all.push(...body.items);
        if (page * body.pageSize >= body.total) return all;
      }
    };
    const invitations = await entries('invitation');
    const people = await entries('person');
    expect(new Set(invitations.map((e) => e.action))).toEqual(
      new Set(['invite', 'resend', 'cancel', 'accept']),
    );
    expect(new Set(people.map((e) => e.action))).toEqual(
      new Set(['role', 'deactivate', 'reactivate', 'delete', 'transfer']),
    );
    const invite = invitations.find((e) => e.action === 'invite');
    expect(invite.actor.email).toBe(owner.user.email);
    expect(invite.label).toMatch(/@example\.mw as (Editor|Contributor|Administrator)$/);
    const accepted = invitations.find((e) => e.action === 'accept');
    expect(accepted.actor.email).not.toBe(owner.user.email);
    const role = people.find((e) => e.action === 'role' && e.actor);
    expect(role.label).toMatch(/→/);
    expect(role.changed_fields).toEqual(['role']);
    const fromCli = people.find((e) => e.action === 'transfer' && !e.actor);
    expect(fromCli.label).toContain('(command line)');
    const settings = await entries('settings');
    expect(settings.some((e) => e.changed_fields.includes('require_mfa_for'))).toBe(true);
  });
});
