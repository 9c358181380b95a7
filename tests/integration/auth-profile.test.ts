import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, OTHER_PASSWORD, PASSWORD, session, signedInUser, signIn } from '../support/auth';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ content: 'empty', env: { PASSWORD_HASH: 'fast', BENCH: 'true' } });
});
afterAll(() => server.stop());

const api = (pathname: string, token: string, init: RequestInit = {}) =>
  fetch(`${server.url}${pathname}`, { ...init, headers: { ...bearer(token), ...(init.headers ?? {}) } });
const putUser = (token: string, body: unknown) =>
  api('/auth/v1/user', token, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const errorOf = async (res: Response) => ((await res.json()) as any).error;

describe('the user and profile', () => {
  it('answers the signed-in user with profile and factors, and 401 without a token', async () => {
    const { id, email, tokens } = await signedInUser(server);
    const res = await api('/auth/v1/user', tokens.access_token);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toMatchObject({
      id,
      email,
      role: 'user',
      is_staff: false,
      factors: [],
      profile: { id, first_name: null, last_name: null, avatar_url: null, role: 'user' },
    });
    expect((await fetch(`${server.url}/auth/v1/user`)).status).toBe(401);
  });

  it('saves first and last name, trimmed, and clears a blank one', async () => {
    const { tokens } = await signedInUser(server);
    const res = await putUser(tokens.access_token, { first_name: '  Chikondi ', last_name: 'Phiri' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).profile).toMatchObject({ first_name: 'Chikondi', last_name: 'Phiri' });
    const cleared = (await (await putUser(tokens.access_token, { last_name: '  ' })).json()) as any;
    expect(cleared.profile).toMatchObject({ first_name: 'Chikondi', last_name: null });
    const fetched = (await (await api('/auth/v1/user', tokens.access_token)).json()) as any;
    expect(fetched.profile.first_name).toBe('Chikondi');
  });

  it('refuses an e-mail change and an overlong name', async () => {
    const { tokens } = await signedInUser(server);
    const email = await putUser(tokens.access_token, { email: 'new@example.mw' });
    expect(email.status).toBe(400);
    expect((await errorOf(email)).message).toBe('To change your email, please contact support.');
    const long = await putUser(tokens.access_token, { first_name: 'x'.repeat(101) });
    expect((await errorOf(long)).message).toBe('Must be at most 100 characters');
  });
});

describe('changing the password', () => {
  it.each([
    [
      'no current password',
      { password: OTHER_PASSWORD, password_confirmation: OTHER_PASSWORD },
      'All fields are required',
    ],
    ['no confirmation', { current_password: PASSWORD, password: OTHER_PASSWORD }, 'All fields are required'],
    [
      'no new password',
      { current_password: PASSWORD, password_confirmation: OTHER_PASSWORD },
      'All fields are required',
    ],
    [
      'a different confirmation',
      { current_password: PASSWORD, password: OTHER_PASSWORD, password_confirmation: 'Mulanje*Peak2027' },
      'New passwords do not match',
    ],
    [
      'a weak new password',
      { current_password: PASSWORD, password: 'mulanje*peak1', password_confirmation: 'mulanje*peak1' },
      'Password must contain at least one uppercase letter',
    ],
    [
      'a common new password',
      { current_password: PASSWORD, password: 'Welcome1!', password_confirmation: 'Welcome1!' },
      'This password is too common. Please choose a less predictable one.',
    ],
    [
      'a wrong current password',
      {
        current_password: 'Wrong#Password1',
        password: OTHER_PASSWORD,
        password_confirmation: OTHER_PASSWORD,
      },
      'Current password is incorrect',
    ],
  ])('refuses %s with its message and keeps the password', async (_label, body, message) => {
    const user = await signedInUser(server);
    const res = await putUser(user.tokens.access_token, body);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(message);
    expect((await signIn(server, user.email, PASSWORD)).status).toBe(200);
  });

  it('changes it with the current password and signs every other session out', async () => {
    const user = await signedInUser(server);
    const other = await session(server, user.email);
    const res = await putUser(user.tokens.access_token, {
      current_password: PASSWORD,
      password: OTHER_PASSWORD,
      password_confirmation: OTHER_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect((await signIn(server, user.email, PASSWORD)).status).toBe(400);
    expect((await signIn(server, user.email, OTHER_PASSWORD)).status).toBe(200);
    expect((await api('/auth/v1/user', other.access_token)).status).toBe(401);
    expect((await api('/auth/v1/user', user.tokens.access_token)).status).toBe(200);
  });

  it('counts wrong current passwords toward the login lockout', async () => {
    const user = await signedInUser(server);
    const wrong = {
      current_password: 'Wrong#Password1',
      password: OTHER_PASSWORD,
      password_confirmation: OTHER_PASSWORD,
    };
    for (let i = 0; i < 5; i++) expect((await putUser(user.tokens.access_token, wrong)).status).toBe(400);
    const locked = await putUser(user.tokens.access_token, { ...wrong, current_password: PASSWORD });
    expect(locked.status).toBe(429);
    expect((await errorOf(locked)).message).toBe('Too many login attempts. Please try again in 180 minutes.');
  });
});

describe('active sessions', () => {
  it('lists the devices with the current one marked, and signs one out', async () => {
    const user = await createUser(server);
    const phone = (await (
      await signIn(server, user.email, PASSWORD, { 'user-agent': 'Phone/1.0' })
    ).json()) as any;
    const laptop = (await (
      await signIn(server, user.email, PASSWORD, { 'user-agent': 'Laptop/2.0' })
    ).json()) as any;
    const res = await api('/auth/v1/sessions', laptop.access_token);
    expect(res.status).toBe(200);
    const { sessions } = (await res.json()) as any;
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({
      user_agent: 'Laptop/2.0',
      ip: '127.0.0.1',
      aal: 'aal1',
      current: true,
    });
    expect(sessions[1]).toMatchObject({ user_agent: 'Phone/1.0', current: false });
    expect(sessions[0].created_at).toMatch(/Z$/);

    expect(
      (await api(`/auth/v1/sessions/${sessions[1].id}`, laptop.access_token, { method: 'DELETE' })).status,
    ).toBe(204);
    expect((await api('/auth/v1/user', phone.access_token)).status).toBe(401);
    const left = (await (await api('/auth/v1/sessions', laptop.access_token)).json()) as any;
    expect(left.sessions.map((s: any) => s.current)).toEqual([true]);
  });

  it("signs out everywhere else with scope others, and cannot touch another user's session", async () => {
    const user = await createUser(server);
    const a = await session(server, user.email);
    await session(server, user.email);
    await session(server, user.email);
    const stranger = await signedInUser(server);
    const strangers = (await (await api('/auth/v1/sessions', stranger.tokens.access_token)).json()) as any;
    const foreign = await api(`/auth/v1/sessions/${strangers.sessions[0].id}`, a.access_token, {
      method: 'DELETE',
    });
    expect(foreign.status).toBe(404);
    expect((await api('/auth/v1/user', stranger.tokens.access_token)).status).toBe(200);

    expect((await api('/auth/v1/logout?scope=others', a.access_token, { method: 'POST' })).status).toBe(204);
    const { sessions } = (await (await api('/auth/v1/sessions', a.access_token)).json()) as any;
    expect(sessions).toHaveLength(1);
    expect(sessions[0].current).toBe(true);
  });
});

describe('the avatar', () => {
  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 180, g: 140, b: 60 } } })
      .png()
      .toBuffer();
  const upload = (token: string, bytes: Buffer | string, name = 'me.png', type = 'image/png') => {
    const form = new FormData();
    form.append(
      'file',
      new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }),
      name,
    );
    return api('/api/profile/avatar', token, { method: 'POST', body: form });
  };

  it('stores an upload as a 512 px square WebP with its media row, and replaces the previous one', async () => {
    const user = await signedInUser(server);
    const res = await upload(user.tokens.access_token, await png(1200, 800));
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body.avatar_url).toMatch(new RegExp(`^/media/avatars/${user.id}-[\\w-]+\\.webp$`));
    expect(body.profile.avatar_url).toBe(body.avatar_url);
    const image = await server.get(body.avatar_url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    const row = (await server.db.get('SELECT * FROM media_files WHERE uploaded_by = ?', user.id)) as any;
    expect(row).toMatchObject({ bucket: 'avatars', mime_type: 'image/webp', width: 512, height: 512 });

    const second = (await (
      await upload(user.tokens.access_token, await png(300, 300), 'again.jpg', 'image/jpeg')
    ).json()) as any;
    expect(second.avatar_url).not.toBe(body.avatar_url);
    expect((await server.get(body.avatar_url)).status).toBe(404);
    const rows = (await server.db.all(
      'SELECT path FROM media_files WHERE uploaded_by = ?',
      user.id,
    )) as any[];
    expect(rows.map((r) => `/media/${r.path}`)).toEqual([second.avatar_url]);

    // Removing it clears the profile, the file and the row.
    const removed = await putUser(user.tokens.access_token, { avatar_url: null });
    expect(((await removed.json()) as any).profile.avatar_url).toBeNull();
    expect((await server.get(second.avatar_url)).status).toBe(404);
    expect(
      await server.db.get('SELECT count(*) AS n FROM media_files WHERE uploaded_by = ?', user.id),
    ).toEqual({ n: 0 });
  });

  it('rejects a file that is not an image although it is named .png, and writes nothing', async () => {
    const user = await signedInUser(server);
    const res = await upload(
      user.tokens.access_token,
      'just some text, not a picture',
      'photo.png',
      'image/png',
    );
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe('Please upload an image file (PNG, JPEG, GIF or WebP)');
    const svg = await upload(
      user.tokens.access_token,
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>',
      'x.png',
    );
    expect(svg.status).toBe(400);
    const profile = (await (await api('/auth/v1/user', user.tokens.access_token)).json()) as any;
    expect(profile.profile.avatar_url).toBeNull();
    expect(
      await server.db.get('SELECT count(*) AS n FROM media_files WHERE uploaded_by = ?', user.id),
    ).toEqual({ n: 0 });
  });

  it('refuses a request without a file, and one without a token', async () => {
    const user = await signedInUser(server);
    const res = await api('/api/profile/avatar', user.tokens.access_token, {
      method: 'POST',
      body: new FormData(),
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe('No file provided');
    const anonymous = await fetch(`${server.url}/api/profile/avatar`, {
      method: 'POST',
      body: new FormData(),
    });
    expect(anonymous.status).toBe(401);
  });
});
