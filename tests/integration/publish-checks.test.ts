import { factsQueryOf, PUBLISH_MESSAGES, postContent, projectContent, publishChecks } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, countRows, startStaffServer } from '../support/admin';
import type { TestServer } from '../support/server';
import { uploadSolidPng } from '../support/tus';

let server: TestServer;
let editor: AdminClient;
let contributor: AdminClient;

beforeAll(async () => {
  ({ server, editor, contributor } = await startStaffServer());
});
afterAll(() => server.stop());

let seed = 0;
const upload = (width = 40, height = 30) =>
  uploadSolidPng(server.url, editor.token, `photo-${++seed}.png`, { seed, width, height });

const DESCRIPTION = 'A house of local brick by the lake, shaded by a deep veranda on three sides.';
const project = (url: string, extra: Record<string, unknown> = {}) => ({
  title: `Lakeshore House ${++seed}`,
  description: DESCRIPTION,
  category: 'residential',
  status: 'published',
  images: [url],
  thumbnail: url,
  ...extra,
});
const post = (extra: Record<string, unknown>) => ({
  title: `Notes from the site ${++seed}`,
  excerpt: DESCRIPTION,
  content: 'Notes from the site, written by the studio.',
  status: 'published',
  ...extra,
});
const facts = async (content: ReturnType<typeof projectContent>) => {
  const res = await editor.post('/api/admin/media/publish-facts', factsQueryOf(content));
  expect(res.status).toBe(200);
  return res.body;
};

describe('publishing refuses images without alt text', () => {
  it('refuses a published project whose image has no alt text (422 with the list), writing nothing', async () => {
    const image = await upload();
    const before = await countRows(server, 'projects');
    const res = await editor.post('/api/admin/projects', project(image.url));
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe(PUBLISH_MESSAGES.altMissing);
    expect(res.body.error.issues).toEqual([{ path: 'images', message: `No alt text: ${image.url}` }]);
    expect(await countRows(server, 'projects')).toBe(before);
    // As a draft it is saved: the check holds only what goes public.
    expect((await editor.post('/api/admin/projects', project(image.url, { status: 'draft' }))).status).toBe(
      201,
    );
  });

  it("lets it through with the project's own alt text, the library's, or the image marked decorative", async () => {
    const own = await upload();
    const withOwn = project(own.url, { image_alts: { [own.url]: 'The veranda at dusk' } });
    expect((await editor.post('/api/admin/projects', withOwn)).status).toBe(201);

    const described = await upload();
    expect(
      (await editor.patch(`/api/admin/media/${described.id}`, { alt_text: 'A brick wall' })).status,
    ).toBe(200);
    expect((await editor.post('/api/admin/projects', project(described.url))).status).toBe(201);

    const decorative = await upload();
    const marked = await editor.patch(`/api/admin/media/${decorative.id}`, { decorative: true });
    expect(marked.status).toBe(200);
    expect(marked.body.decorative).toBe(true);
    expect((await editor.post('/api/admin/projects', project(decorative.url))).status).toBe(201);
  });

  it('refuses every way to publish: an update, the bulk publish, and approving a draft in review', async () => {
    const image = await upload();
    const draft = await editor.post('/api/admin/projects', project(image.url, { status: 'draft' }));
    expect(draft.status).toBe(201);
    const id = draft.body.id;

    const updated = await editor.put(`/api/admin/projects/${id}`, {
      ...project(image.url),
      title: draft.body.title,
    });
    expect(updated.status).toBe(422);
    expect(updated.body.error.issues.map((i: any) => i.message)).toEqual([`No alt text: ${image.url}`]);

    const bulk = await editor.post('/api/admin/projects/bulk', { action: 'publish', ids: [id] });
    expect(bulk.body).toEqual({ done: [], failed: [{ id, message: PUBLISH_MESSAGES.altMissing }] });

    // A contributor's draft sent for review, approved by the editor (published through the form's save).
    const theirs = await contributor.post('/api/admin/projects', project(image.url, { status: 'draft' }));
    expect((await contributor.post(`/api/admin/projects/${theirs.body.id}/submit`, {})).status).toBe(200);
    const approved = await editor.put(`/api/admin/projects/${theirs.body.id}`, {
      ...project(image.url),
      title: theirs.body.title,
    });
    expect(approved.status).toBe(422);
    expect(
      await countRows(server, 'projects', "status = 'published' AND id IN (?, ?)", id, theirs.body.id),
    ).toBe(0);

    // Described, the same ways go through.
    await editor.patch(`/api/admin/media/${image.id}`, { alt_text: 'The courtyard' });
    expect(
      (await editor.post('/api/admin/projects/bulk', { action: 'publish', ids: [id] })).body.done,
    ).toEqual([id]);
  });

  it('lets an already published page keep its old images, but not add an undescribed one', async () => {
    const old = await upload();
    const described = await upload();
    await editor.patch(`/api/admin/media/${described.id}`, { alt_text: 'The roof' });
    const created = await editor.post('/api/admin/projects', project(described.url));
    const id = created.body.id;
    // Published before the rule: its image has no alt text.
    await server.db.run(
      'UPDATE projects SET images = ? WHERE id = ?',
      JSON.stringify([described.url, old.url]),
      id,
    );
    const body = { ...project(described.url), title: 'Renamed', images: [described.url, old.url] };
    expect((await editor.put(`/api/admin/projects/${id}`, body)).status).toBe(200);
    const added = await upload();
    const adding = await editor.put(`/api/admin/projects/${id}`, {
      ...body,
      images: [...body.images, added.url],
    });
    expect(adding.status).toBe(422);
    expect(adding.body.error.issues).toEqual([{ path: 'images', message: `No alt text: ${added.url}` }]);
  });

  it('refuses a post whose featured image or an image in its text has no alt text', async () => {
    const image = await upload();
    const featured = await editor.post('/api/admin/blog-posts', post({ featured_image: image.url }));
    expect(featured.status).toBe(422);
    const inline = await editor.post(
      '/api/admin/blog-posts',
      post({ content: 'The kiln:\n\n![](/media/blog/kiln.jpg)' }),
    );
    expect(inline.body.error.issues).toEqual([
      { path: 'images', message: 'No alt text: /media/blog/kiln.jpg' },
    ]);
    const described = await editor.post(
      '/api/admin/blog-posts',
      post({ content: 'The kiln:\n\n![The brick kiln at dawn](/media/blog/kiln.jpg)' }),
    );
    expect(described.status).toBe(201);
    const draft = await editor.post(
      '/api/admin/blog-posts',
      post({ featured_image: image.url, status: 'draft' }),
    );
    expect(draft.status).toBe(201);
    const published = await editor.put(
      `/api/admin/blog-posts/${draft.body.id}`,
      post({ featured_image: image.url }),
    );
    expect(published.status).toBe(422);
  });
});

describe('the other checks warn and do not block', () => {
  it('publishes with a long title, a long description, a small preview image and a broken link', async () => {
    const small = await upload(600, 400);
    await editor.patch(`/api/admin/media/${small.id}`, { alt_text: 'A small sketch' });
    const target = await editor.post('/api/admin/projects', {
      ...project(small.url),
      title: 'Mangochi Lodge',
      slug: 'mangochi-lodge',
    });
    expect(target.status).toBe(201);
    const values = {
      ...project(small.url),
      title: 'A very long title for a project that no search result will ever show in full',
      description: `See [the lodge](/projects/mangochi-lodge) and [gone](/projects/nowhere). ${'Brick. '.repeat(30)}`,
    };
    const created = await editor.post('/api/admin/projects', values);
    expect(created.status).toBe(201);

    const content = projectContent(values);
    const known = await facts(content);
    expect(known.broken_links).toEqual(['/projects/nowhere']);
    expect(known.images[small.url]).toEqual({
      id: small.id,
      alt: 'A small sketch',
      decorative: false,
      width: 600,
      height: 400,
    });
    const checks = publishChecks(content, known);
    const failed = checks.filter((check) => !check.ok);
    expect(failed.map((check) => [check.id, check.blocking])).toEqual([
      ['title', false],
      ['description', false],
      ['og_image', false],
      ['links', false],
    ]);
    expect(failed.find((check) => check.id === 'links')?.items).toEqual(['/projects/nowhere']);
  });

  it('passes a complete project, and names a missing cover and missing alt text', async () => {
    const big = await upload(1200, 630);
    await editor.patch(`/api/admin/media/${big.id}`, { alt_text: 'The lake house from the water' });
    const complete = projectContent(project(big.url));
    expect(publishChecks(complete, await facts(complete)).every((check) => check.ok)).toBe(true);

    const bare = await upload();
    const content = projectContent(project(bare.url, { thumbnail: null }));
    const checks = publishChecks(content, await facts(content));
    expect(
      checks.filter((check) => !check.ok).map((check) => [check.id, check.blocking, check.items]),
    ).toEqual([
      ['alt', true, [bare.url]],
      ['cover', false, []],
    ]);
  });

  it("reads a post's excerpt and inline images for the checks", async () => {
    const content = postContent(post({ excerpt: '', content: '![](https://images.example.com/a.jpg)' }));
    const checks = publishChecks(content, await facts(content));
    expect(checks.filter((check) => !check.ok).map((check) => check.id)).toEqual([
      'alt',
      'cover',
      'description',
    ]);
  });
});
