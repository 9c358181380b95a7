import { Dashboard, REVIEW_MESSAGES } from '@atelier/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, adminClient, countRows } from '../support/admin';
import { bearer } from '../support/auth';
import { readEventStream } from '../support/events';
import { startTestServer, type TestServer } from '../support/server';
import { startSmtp, type TestSmtp } from '../support/smtp';
import { tusUpload } from '../support/tus';

let smtp: TestSmtp;
let server: TestServer;
let editor: AdminClient;
let contributor: AdminClient;
let other: AdminClient;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startTestServer({
    content: 'empty',
    env: { PASSWORD_HASH: 'fast', BENCH: 'true', SMTP_URL: smtp.url },
  });
  editor = await adminClient(server, 'editor');
  contributor = await adminClient(server, 'contributor');
  other = await adminClient(server, 'contributor');
  const name = 'UPDATE profiles SET first_name = ?, last_name = ? WHERE id = ?';
  await server.db.run(name, 'Chikondi', 'Banda', contributor.user.id);
  await server.db.run(name, 'Thoko', 'Phiri', editor.user.id);
});
afterAll(async () => {
  await server.stop();
  await smtp.close();
});

const project = (title: string, status: 'draft' | 'published' = 'draft') => ({
  title,
  description: 'A house of local brick by the lake.',
  category: 'residential',
  status,
  images: ['/media/projects/house.jpg'],
  image_alts: { '/media/projects/house.jpg': 'The house from the lake' },
  thumbnail: '/media/projects/house.jpg',
});
const post = (title: string, status: 'draft' | 'published' = 'draft') => ({
  title,
  content: 'Notes from the site, written by the studio.',
  status,
});
const service = (name: string, is_active = false) => ({
  name,
  description: 'Drawings and plans.',
  is_active,
});
const video = (title: string, is_active = false) => ({
  title,
  url: 'https://youtu.be/dQw4w9WgXcQ',
  is_active,
});

/** Everything a refused write could have touched. */
const snapshot = async () =>
  Promise.all(
    ['projects', 'blog_posts', 'services', 'youtube_videos', 'team_members', 'audit_log', 'media_files'].map(
      (table) => server.db.all(`SELECT * FROM ${table} ORDER BY id`),
    ),
  );

const forbidden = (call: { status: number; body: any }, message: string) => {
  expect(call.status, JSON.stringify(call.body)).toBe(403);
  expect(call.body.error.message).toBe(message);
};

describe("a contributor's limits", () => {
  it('creates and edits their own drafts, which are theirs', async () => {
    const created = await contributor.post('/api/admin/projects', project('Chikondi House'));
    expect(created.status).toBe(201);
    expect(created.body.user_id).toBe(contributor.user.id);
    const edited = await contributor.put(`/api/admin/projects/${created.body.id}`, {
      ...project('Chikondi House, revised'),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.title).toBe('Chikondi House, revised');

    const draft = await contributor.post('/api/admin/blog-posts', post('Site notes'));
    expect(draft.status).toBe(201);
    expect(draft.body.author_id).toBe(contributor.user.id);
    const inactive = await contributor.post('/api/admin/services', service('Site surveys'));
    expect(inactive.status).toBe(201);
    expect(inactive.body.author_id).toBe(contributor.user.id);
    const film = await contributor.post('/api/admin/videos', video('Site film'));
    expect(film.status).toBe(201);
    expect(film.body.author_id).toBe(contributor.user.id);
    expect((await contributor.put(`/api/admin/videos/${film.body.id}`, video('Site film, cut'))).status).toBe(
      200,
    );
    expect((await contributor.del(`/api/admin/videos/${film.body.id}`)).status).toBe(204);
    expect((await contributor.del(`/api/admin/services/${inactive.body.id}`)).status).toBe(204);
    // An editor's team member has its author too.
    const member = await editor.post('/api/admin/team-members', {
      name: 'Tiwonge Mvula',
      role: 'Architect',
      image: '/media/projects/tiwonge.jpg',
    });
    expect(member.status).toBe(201);
    expect(await countRows(server, 'team_members', 'author_id = ?', editor.user.id)).toBe(1);
  });

  it('refuses to publish (create, save, star, make active) with the review message, writing nothing', async () => {
    const own = (await contributor.post('/api/admin/projects', project('Lakeside Studio'))).body;
    const ownService = (await contributor.post('/api/admin/services', service('Interiors'))).body;
    const ownVideo = (await contributor.post('/api/admin/videos', video('Interiors film'))).body;
    const before = await snapshot();
    const attempts = [
      await contributor.post('/api/admin/projects', project('Published at once', 'published')),
      await contributor.post('/api/admin/blog-posts', post('Published at once', 'published')),
      await contributor.put(`/api/admin/projects/${own.id}`, project('Lakeside Studio', 'published')),
      await contributor.post('/api/admin/services', service('Active at once', true)),
      await contributor.put(`/api/admin/services/${ownService.id}`, service('Interiors', true)),
      await contributor.put(`/api/admin/videos/${ownVideo.id}`, video('Interiors film', true)),
    ];
    for (const attempt of attempts) forbidden(attempt, REVIEW_MESSAGES.cantPublish);
    // Featuring is the editors' choice, with a refusal of its own.
    forbidden(
      await contributor.patch(`/api/admin/projects/${own.id}/featured`, { featured: true }),
      REVIEW_MESSAGES.cantFeature,
    );
    expect(await snapshot()).toEqual(before);
  });

  it("refuses to edit or delete someone else's items, or their own once published", async () => {
    const editors = (await editor.post('/api/admin/projects', project('Editor Draft'))).body;
    const theirs = (await other.post('/api/admin/blog-posts', post('Another contributor'))).body;
    const mine = (await contributor.post('/api/admin/projects', project('Soon published'))).body;
    const published = await editor.put(
      `/api/admin/projects/${mine.id}`,
      project('Soon published', 'published'),
    );
    expect(published.status).toBe(200);
    const before = await snapshot();
    forbidden(
      await contributor.put(`/api/admin/projects/${editors.id}`, project('Mine now')),
      REVIEW_MESSAGES.notYours,
    );
    forbidden(await contributor.del(`/api/admin/projects/${editors.id}`), REVIEW_MESSAGES.notYours);
    forbidden(
      await contributor.put(`/api/admin/blog-posts/${theirs.id}`, post('Mine now')),
      REVIEW_MESSAGES.notYours,
    );
    forbidden(await contributor.del(`/api/admin/blog-posts/${theirs.id}`), REVIEW_MESSAGES.notYours);
    forbidden(
      await contributor.put(`/api/admin/projects/${mine.id}`, project('Unpublished')),
      REVIEW_MESSAGES.published,
    );
    forbidden(await contributor.del(`/api/admin/projects/${mine.id}`), REVIEW_MESSAGES.published);
    forbidden(
      await contributor.post(`/api/admin/projects/${editors.id}/submit`, {}),
      REVIEW_MESSAGES.notYours,
    );
    expect(await snapshot()).toEqual(before);
  });

  it('may not write team members, which are public at once', async () => {
    const member = (
      await editor.post('/api/admin/team-members', {
        name: 'Mphatso Kumwenda',
        role: 'Draughtsman',
        image: '/media/projects/mphatso.jpg',
      })
    ).body;
    const before = await snapshot();
    forbidden(
      await contributor.post('/api/admin/team-members', {
        name: 'A contributor',
        role: 'Intern',
        image: '/media/projects/intern.jpg',
      }),
      REVIEW_MESSAGES.teamMembers,
    );
    forbidden(await contributor.del(`/api/admin/team-members/${member.id}`), REVIEW_MESSAGES.teamMembers);
    expect(await snapshot()).toEqual(before);
    expect((await contributor.get(`/api/admin/team-members/${member.id}`)).status).toBe(200);
  });
});

describe('what a contributor sees', () => {
  it("lists and opens published items and their own drafts, never another's draft; the cache keeps each answer to its reader", async () => {
    const hidden = (await editor.post('/api/admin/projects', project('Hidden Draft Villa'))).body;
    const shown = (await editor.post('/api/admin/projects', project('Shown Villa', 'published'))).body;
    const mine = (await contributor.post('/api/admin/projects', project('My Own Villa'))).body;
    const theirs = (await other.post('/api/admin/projects', project('Their Own Villa'))).body;
    const titles = async (client: AdminClient) =>
      ((await client.get('/api/admin/projects?q=Villa')).body.items as { title: string }[])
        .map((row) => row.title)
        .sort();

    // The same URL, editor first, then each contributor, then the editor again: each gets their own answer.
    expect(await titles(editor)).toEqual([
      'Hidden Draft Villa',
      'My Own Villa',
      'Shown Villa',
      'Their Own Villa',
    ]);
    expect(await titles(contributor)).toEqual(['My Own Villa', 'Shown Villa']);
    expect(await titles(other)).toEqual(['Shown Villa', 'Their Own Villa']);
    expect(await titles(editor)).toEqual([
      'Hidden Draft Villa',
      'My Own Villa',
      'Shown Villa',
      'Their Own Villa',
    ]);

    expect((await contributor.get(`/api/admin/projects/${hidden.id}`)).status).toBe(404);
    expect((await contributor.get(`/api/admin/projects/${theirs.id}`)).status).toBe(404);
    expect((await contributor.get(`/api/admin/projects/${shown.id}`)).status).toBe(200);
    expect((await contributor.get(`/api/admin/projects/${mine.id}`)).status).toBe(200);

    const draftPost = (await editor.post('/api/admin/blog-posts', post('Hidden draft essay'))).body;
    expect((await contributor.get(`/api/admin/blog-posts/${draftPost.id}`)).status).toBe(404);
    const essays = (await contributor.get('/api/admin/blog-posts?q=essay')).body.items;
    expect(essays).toEqual([]);
    const inactive = (await editor.post('/api/admin/services', service('Hidden service'))).body;
    expect((await contributor.get(`/api/admin/services/${inactive.id}`)).status).toBe(404);
    expect((await contributor.get('/api/admin/services?q=Hidden')).body.total).toBe(0);
    expect((await editor.get('/api/admin/services?q=Hidden')).body.total).toBe(1);
  });

  it('gives a contributor a dashboard without inquiry figures, counting what they see', async () => {
    await server.post('/api/inquiries', {
      client_name: 'Dashboard Client',
      email: 'client@example.mw',
      phone: '+265 999 000 002',
      subject: 'A house',
      project_type: 'residential',
      budget: 'under-50k',
      message: 'A message only editors may read.',
    });
    const mine = Dashboard.parse((await contributor.get('/api/admin/dashboard')).body);
    expect(mine.totals).not.toHaveProperty('new_inquiries');
    expect(mine.recent.map((entry) => entry.entity_type)).not.toContain('inquiry');
    expect(mine).not.toHaveProperty('inquiries_per_week');
    expect(mine).not.toHaveProperty('waiting_for_review');
    expect(JSON.stringify(mine)).not.toContain('Dashboard Client');
    const visible = await countRows(
      server,
      'projects',
      "status = 'published' OR user_id = ?",
      contributor.user.id,
    );
    expect(mine.totals.projects).toBe(visible);
    expect(mine.totals.projects).toBeLessThan(await countRows(server, 'projects'));

    const editors = Dashboard.parse((await editor.get('/api/admin/dashboard')).body);
    expect(editors.totals.projects).toBe(await countRows(server, 'projects'));
    expect(editors.totals.new_inquiries).toBe(1);
    expect(editors.recent.find((entry) => entry.entity_type === 'inquiry')?.label).toBe('Dashboard Client');
    expect(editors.waiting_for_review).toEqual(expect.any(Array));
  });
});

describe('media a contributor uploads', () => {
  const png = (seed: number) =>
    sharp({ create: { width: 40 + seed, height: 30, channels: 3, background: { r: seed, g: 90, b: 60 } } })
      .png()
      .toBuffer();
  const upload = async (client: AdminClient, seed: number) => {
    const outcome = await tusUpload(server.url, client.token, await png(seed), {
      filename: `file-${seed}.png`,
      bucket: 'projects',
    });
    expect(outcome.status, JSON.stringify(outcome.body)).toBe(200);
    return outcome.body.item as { id: string; uploaded_by: string | null };
  };

  it('changes, moves and deletes only their own files; a bulk delete with another file deletes nothing', async () => {
    const mine = await upload(contributor, 1);
    const mine2 = await upload(contributor, 2);
    const editors = await upload(editor, 3);
    expect(mine.uploaded_by).toBe(contributor.user.id);
    const before = await snapshot();
    forbidden(
      await contributor.patch(`/api/admin/media/${editors.id}`, { alt_text: 'Mine now' }),
      REVIEW_MESSAGES.notYourFile,
    );
    forbidden(
      await contributor.post('/api/admin/media/move', { ids: [mine.id, editors.id], folder_id: null }),
      REVIEW_MESSAGES.someNotYours,
    );
    forbidden(await contributor.del(`/api/admin/media/${editors.id}`), REVIEW_MESSAGES.notYourFile);
    forbidden(
      await contributor.post('/api/admin/media/delete', { ids: [mine.id, editors.id] }),
      REVIEW_MESSAGES.someNotYours,
    );
    expect(await snapshot()).toEqual(before);

    const patched = await contributor.patch(`/api/admin/media/${mine.id}`, { alt_text: 'The lake house' });
    expect(patched.status).toBe(200);
    expect(patched.body.alt_text).toBe('The lake house');
    expect(
      (await contributor.post('/api/admin/media/move', { ids: [mine.id], folder_id: null })).status,
    ).toBe(200);
    expect((await contributor.post('/api/admin/media/delete', { ids: [mine.id, mine2.id] })).body).toEqual({
      deleted: 2,
      kept: [],
    });
    // An editor manages everyone's files.
    expect((await editor.del(`/api/admin/media/${editors.id}`)).status).toBe(204);
  });
});

describe('the review step', () => {
  it('submits, sends back with a note, resubmits and publishes a project; the public sees it once published', async () => {
    const draft = (await contributor.post('/api/admin/projects', project('Review Pavilion'))).body;
    const submitted = await contributor.post(`/api/admin/projects/${draft.id}/submit`, {});
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ review_status: 'in_review', review_note: null, status: 'draft' });

    const inReview = (await editor.get('/api/admin/projects?review=in_review')).body.items;
    expect(inReview.map((row: { id: string }) => row.id)).toContain(draft.id);
    expect(inReview.every((row: { review_status: string }) => row.review_status === 'in_review')).toBe(true);
    const waiting = Dashboard.parse((await editor.get('/api/admin/dashboard')).body).waiting_for_review;
    expect(waiting).toContainEqual({
      kind: 'project',
      id: draft.id,
      title: 'Review Pavilion',
      author: 'Chikondi Banda',
      submitted_at: expect.any(String),
    });

    // The note is required, 1 to 2000 characters; only a draft in review goes back; contributors may not.
    const before = await snapshot();
    expect(
      (await editor.post(`/api/admin/projects/${draft.id}/return`, { note: '  ' })).body.error.issues,
    ).toEqual([{ path: 'note', message: REVIEW_MESSAGES.noteRequired }]);
    expect(
      (await editor.post(`/api/admin/projects/${draft.id}/return`, { note: 'x'.repeat(2001) })).status,
    ).toBe(400);
    expect((await contributor.post(`/api/admin/projects/${draft.id}/return`, { note: 'Fine.' })).status).toBe(
      403,
    );
    expect(await snapshot()).toEqual(before);

    const note = 'Add a photograph of the entrance and name the client.';
    const returned = await editor.post(`/api/admin/projects/${draft.id}/return`, { note });
    expect(returned.status).toBe(200);
    expect(returned.body).toMatchObject({ review_status: 'changes_requested', review_note: note });
    expect((await editor.post(`/api/admin/projects/${draft.id}/return`, { note })).status).toBe(409);
    expect((await contributor.get(`/api/admin/projects/${draft.id}`)).body).toMatchObject({
      review_status: 'changes_requested',
      review_note: note,
    });
    const requested = (await contributor.get('/api/admin/projects?review=changes_requested')).body.items;
    expect(requested.map((row: { id: string }) => row.id)).toEqual([draft.id]);

    const fixed = await contributor.put(`/api/admin/projects/${draft.id}`, {
      ...project('Review Pavilion'),
      client: 'The Mwale family',
    });
    expect(fixed.status).toBe(200);
    const again = await contributor.post(`/api/admin/projects/${draft.id}/submit`, {});
    expect(again.body).toMatchObject({ review_status: 'in_review', review_note: null });

    expect((await server.get(`/api/projects/${draft.id}`)).status).toBe(404);
    const published = await editor.put(`/api/admin/projects/${draft.id}`, {
      ...project('Review Pavilion', 'published'),
      client: 'The Mwale family',
    });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ status: 'published', review_status: null, review_note: null });
    expect((await contributor.post(`/api/admin/projects/${draft.id}/submit`, {})).status).toBe(409);
    const pub = await server.get(`/api/projects/${draft.id}`);
    expect(pub.status).toBe(200);
    expect(((await pub.json()) as { client: string }).client).toBe('The Mwale family');
    const page = await server.get(`/projects/${draft.id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Review Pavilion');

    // Activity shows each step.
    const entries = (await server.db.all(
      'SELECT action, details FROM audit_log WHERE entity_id = ? ORDER BY rowid',
      draft.id,
    )) as { action: string; details: string }[];
    expect(entries.map((entry) => entry.action)).toEqual([
      'create',
      'submit',
      'return',
      'update',
      'submit',
      'update',
    ]);
    expect(JSON.parse(entries[2]!.details).changed_fields).toEqual(['review_status', 'review_note']);
    const admin = await adminClient(server, 'admin');
    const activity = (await admin.get('/api/admin/activity?action=return')).body.items;
    expect(activity[0]).toMatchObject({ action: 'return', entity_id: draft.id, label: 'Review Pavilion' });
  });

  it("tells an editor's stream of a submitted draft and never a contributor's", async () => {
    const first = (await contributor.post('/api/admin/blog-posts', post('Streamed essay'))).body;
    const editorText = await readEventStream(
      server.url,
      editor.token,
      (text) => text.includes('event: review'),
      async () => {
        expect((await contributor.post(`/api/admin/blog-posts/${first.id}/submit`, {})).status).toBe(200);
      },
    );
    expect(editorText).toContain(
      `event: review\ndata: ${JSON.stringify({ id: first.id, kind: 'post', title: 'Streamed essay', author: 'Chikondi Banda' })}`,
    );

    const second = (await contributor.post('/api/admin/blog-posts', post('Unseen essay'))).body;
    const contributorText = await readEventStream(
      server.url,
      contributor.token,
      () => false,
      async () => {
        expect((await contributor.post(`/api/admin/blog-posts/${second.id}/submit`, {})).status).toBe(200);
      },
    );
    expect(contributorText).toContain('event: ready');
    expect(contributorText).not.toContain('event: review');
  });

  it('e-mails the editors who asked for it (never the submitter), with a link to the draft', async () => {
    const quiet = await adminClient(server, 'editor');
    const turnOn = await fetch(`${server.url}/auth/v1/user`, {
      method: 'PUT',
      headers: { ...bearer(editor.token), 'content-type': 'application/json' },
      body: JSON.stringify({ notify_reviews: true }),
    });
    expect(turnOn.status).toBe(200);
    expect(((await turnOn.json()) as any).profile.notify_reviews).toBe(true);
    const bad = await fetch(`${server.url}/auth/v1/user`, {
      method: 'PUT',
      headers: { ...bearer(editor.token), 'content-type': 'application/json' },
      body: JSON.stringify({ notify_reviews: 'yes' }),
    });
    expect(bad.status).toBe(400);

    const draft = (await contributor.post('/api/admin/blog-posts', post('Mailed essay'))).body;
    expect((await contributor.post(`/api/admin/blog-posts/${draft.id}/submit`, {})).status).toBe(200);
    const mail = await smtp.waitFor(editor.user.email, /Mailed essay/);
    expect(mail.subject).toBe('For review: Mailed essay');
    expect(mail.text).toContain('Chikondi Banda submitted the blog post "Mailed essay" for review.');
    expect(mail.link).toMatch(new RegExp(`/admin/blog/edit/${draft.id}$`));
    // An editor submitting gets no mail of their own submission; the quiet editor none at all.
    const own = (await editor.post('/api/admin/blog-posts', post('Editor essay'))).body;
    expect((await editor.post(`/api/admin/blog-posts/${own.id}/submit`, {})).status).toBe(200);
    await server.running.deps.mail.flush();
    expect(smtp.messages.filter((m) => m.to.includes(quiet.user.email))).toEqual([]);
    expect(smtp.messages.filter((m) => /Editor essay/.test(m.subject))).toEqual([]);
  });

  it("publishes a post with its author's byline on the page and in the public API", async () => {
    const draft = (await contributor.post('/api/admin/blog-posts', post('Bylined essay'))).body;
    await contributor.post(`/api/admin/blog-posts/${draft.id}/submit`, {});
    const published = await editor.put(
      `/api/admin/blog-posts/${draft.id}`,
      post('Bylined essay', 'published'),
    );
    expect(published.body).toMatchObject({ status: 'published', review_status: null });
    const api = (await (await server.get(`/api/blog-posts/${draft.id}`)).json()) as any;
    expect(api.author).toEqual({ name: 'Chikondi Banda', avatar_url: null });
    const html = await (await server.get(`/blog/${draft.id}`)).text();
    expect(html).toContain('By Chikondi Banda');

    // A post whose author is gone has no byline.
    const orphan = (await editor.post('/api/admin/blog-posts', post('Orphan essay', 'published'))).body;
    await server.db.run('UPDATE blog_posts SET author_id = NULL WHERE id = ?', orphan.id);
    expect(((await (await server.get(`/api/blog-posts/${orphan.id}`)).json()) as any).author).toBeNull();
    expect(await (await server.get(`/blog/${orphan.id}`)).text()).not.toContain('class="post__byline"');
  });
});
