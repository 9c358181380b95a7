import { ADMIN_MESSAGES, MESSAGES } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, countRows, startAdminServer } from '../support/admin';
import type { TestServer } from '../support/server';
import { isStored } from '../support/stored';

let server: TestServer;
let admin: AdminClient;
beforeAll(async () => {
  ({ server, admin } = await startAdminServer());
});
afterAll(() => server.stop());

const post = (overrides: Record<string, unknown> = {}) => ({
  title: 'Building with burnt brick',
  content: 'Brick **walls** breathe.\n\nA second paragraph.',
  excerpt: 'Why we still use brick',
  featured_image: null,
  status: 'published',
  seo_keywords: ['Materials', 'Brick'],
  ...overrides,
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A file in the media store's blog bucket, with its media row, as an upload leaves it. */
async function storedImage(name: string) {
  const { storage } = server.running.deps;
  const stored = await storage.put('blog', name, Buffer.from(`image ${name}`));
  await server.db.run(
    `INSERT INTO media_files (id, bucket, path, content_hash, mime_type, size_bytes, alt_text) VALUES (?, 'blog', ?, ?, 'image/png', 10, 'A brick wall')`,
    crypto.randomUUID(),
    stored.path,
    stored.hash,
  );
  return { url: stored.url };
}

describe('admin blog posts', () => {
  it('publishing on create sets publish_date to now; an edit keeps it; a draft clears it', async () => {
    const started = new Date().toISOString();
    const created = await admin.post('/api/admin/blog-posts', post());
    expect(created.status).toBe(201);
    const { id, publish_date } = created.body;
    expect(publish_date >= started).toBe(true);
    expect(created.body.author_id).toBe(admin.user.id);
    expect((await server.get(`/api/blog-posts/${id}`)).status).toBe(200);

    await sleep(5);
    const edited = await admin.put(`/api/admin/blog-posts/${id}`, post({ title: 'Burnt brick, again' }));
    expect(edited.body.publish_date).toBe(publish_date);

    const draft = await admin.put(`/api/admin/blog-posts/${id}`, post({ status: 'draft' }));
    expect(draft.body.publish_date).toBeNull();
    expect((await server.get(`/api/blog-posts/${id}`)).status).toBe(404);

    const republished = await admin.put(`/api/admin/blog-posts/${id}`, post());
    expect(republished.body.publish_date > publish_date).toBe(true);

    const draftCreated = await admin.post('/api/admin/blog-posts', post({ status: 'draft' }));
    expect(draftCreated.body.publish_date).toBeNull();
  });

  it('a tag keeps one spelling: capitalised on write, one tag in the sidebar whatever the case it was stored in', async () => {
    const created = await admin.post(
      '/api/admin/blog-posts',
      post({
        title: 'Tag spelling',
        seo_keywords: ['sustainability', '  Sustainability ', 'rat-trap  bond', 'BIM'],
      }),
    );
    expect(created.status).toBe(201);
    expect(created.body.seo_keywords).toEqual(['Sustainability', 'Rat-trap bond', 'BIM']);
    // A row written before the rule (another case) is counted with it, under the one spelling.
    const older = await admin.post('/api/admin/blog-posts', post({ title: 'Older spelling' }));
    await server.db.run(
      'UPDATE blog_posts SET seo_keywords = ? WHERE id = ?',
      JSON.stringify(['sustainability']),
      older.body.id,
    );
    const list = (await (await server.get('/api/blog-posts')).json()) as any;
    const tags = list.tags.filter((t: any) => t.name.toLowerCase() === 'sustainability');
    expect(tags).toEqual([{ name: 'Sustainability', count: 2 }]);
    expect(list.categories.filter((c: any) => c.name.toLowerCase() === 'sustainability')).toEqual([
      { name: 'Sustainability', count: 2 },
    ]);
    const byTag = (await (await server.get('/api/blog-posts?tag=SUSTAINABILITY')).json()) as any;
    expect(byTag.items.map((p: any) => p.title).sort()).toEqual(['Older spelling', 'Tag spelling']);
    for (const id of [created.body.id, older.body.id])
      expect((await admin.del(`/api/admin/blog-posts/${id}`)).status).toBeLessThan(300);
  });

  it('a post scheduled for later is hidden from the API, sitemap and feed until its date comes', async () => {
    const soon = new Date(Date.now() + 1500).toISOString();
    const created = await admin.post(
      '/api/admin/blog-posts',
      post({ title: 'Scheduled essay', publish_date: soon }),
    );
    expect(created.body.publish_date).toBe(soon);
    const { id, slug } = created.body;

    const scheduled = await admin.get('/api/admin/blog-posts?status=scheduled');
    expect(scheduled.body.items.map((p: any) => p.id)).toContain(id);
    expect(
      (await admin.get('/api/admin/blog-posts?status=published')).body.items.map((p: any) => p.id),
    ).not.toContain(id);
    expect((await server.get(`/api/blog-posts/${id}`)).status).toBe(404);
    const listed = async () =>
      ((await (await server.get('/api/blog-posts')).json()) as any).items.map((p: any) => p.id);
    expect(await listed()).not.toContain(id);
    expect(await (await server.get('/sitemap.xml')).text()).not.toContain(slug);
    expect(await (await server.get('/blog/rss.xml')).text()).not.toContain(slug);

    await sleep(1700);
    // The post itself was not written: the public answers (cached ones too) follow the clock.
    expect(await listed()).toContain(id);
    expect((await server.get(`/api/blog-posts/${id}`)).status).toBe(200);
    expect(await (await server.get('/sitemap.xml')).text()).toContain(slug);
    expect(await (await server.get('/blog/rss.xml')).text()).toContain(slug);
  });

  it('sending publish_date null takes a schedule back and publishes now', async () => {
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const { body } = await admin.post('/api/admin/blog-posts', post({ publish_date: later }));
    const now = await admin.put(`/api/admin/blog-posts/${body.id}`, post({ publish_date: null }));
    expect(now.body.publish_date < later).toBe(true);
    expect((await server.get(`/api/blog-posts/${body.id}`)).status).toBe(200);
  });

  it('requires title and content, with the spec message, and writes nothing', async () => {
    const before = await countRows(server, 'blog_posts');
    const res = await admin.post('/api/admin/blog-posts', post({ content: '  \n ' }));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(ADMIN_MESSAGES.blogRequired);
    expect(await countRows(server, 'blog_posts')).toBe(before);
  });

  it('takes a long article (over the public API body limit), and refuses a body over the admin limit', async () => {
    const content = 'Ŵ'.repeat(90_000); // 180 KB of UTF-8
    const long = await admin.post('/api/admin/blog-posts', post({ content }));
    expect(long.status).toBe(201);
    expect(long.body.content).toBe(content);
    const before = await countRows(server, 'blog_posts');
    const huge = await admin.post('/api/admin/blog-posts', post({ content: 'x'.repeat(600_000) }));
    expect(huge.status).toBe(413);
    const tooLong = await admin.post('/api/admin/blog-posts', post({ content: 'x'.repeat(100_001) }));
    expect(tooLong.status).toBe(400);
    expect(await countRows(server, 'blog_posts')).toBe(before);
  });

  it('requires a UUID id: the spec messages, and 404 for an unknown one', async () => {
    const bad = await admin.put('/api/admin/blog-posts/123', post());
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(MESSAGES.invalidBlogPostIdFormat);
    const missing = await admin.get(`/api/admin/blog-posts/${crypto.randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(MESSAGES.blogPostNotFound);
  });

  it('releases a replaced featured image, and the image of a post deleted forever', async () => {
    const first = await storedImage('featured-one.png');
    const second = await storedImage('featured-two.png');
    const created = await admin.post('/api/admin/blog-posts', post({ featured_image: first.url }));
    expect(await isStored(server, first.url)).toBe(true);

    await admin.put(`/api/admin/blog-posts/${created.body.id}`, post({ featured_image: second.url }));
    expect(await isStored(server, first.url)).toBe(false);
    expect(await countRows(server, 'media_files', 'path = ?', 'blog/featured-one.png')).toBe(0);
    expect(await isStored(server, second.url)).toBe(true);

    expect((await admin.del(`/api/admin/blog-posts/${created.body.id}`)).status).toBe(204);
    // In the Trash, the post keeps its image; deleted forever, it releases it.
    expect(await isStored(server, second.url)).toBe(true);
    expect((await admin.del(`/api/admin/trash/${created.body.id}`)).status).toBe(204);
    expect(await isStored(server, second.url)).toBe(false);
  });

  it('keeps a featured image another post still uses', async () => {
    const shared = await storedImage('featured-shared.png');
    const a = await admin.post('/api/admin/blog-posts', post({ featured_image: shared.url }));
    await admin.post('/api/admin/blog-posts', post({ featured_image: shared.url }));
    await admin.del(`/api/admin/blog-posts/${a.body.id}`);
    expect(await isStored(server, shared.url)).toBe(true);
  });

  it('lists by title search and the All/Published/Drafts filter', async () => {
    await admin.post('/api/admin/blog-posts', post({ title: 'Zebra crossing notes', status: 'draft' }));
    const found = await admin.get('/api/admin/blog-posts?q=zebra');
    expect(found.body.total).toBe(1);
    const drafts = await admin.get('/api/admin/blog-posts?status=draft');
    expect(drafts.body.items.every((p: any) => p.status === 'draft')).toBe(true);
    const sorted = await admin.get('/api/admin/blog-posts?sort=title&order=desc');
    expect(sorted.body.items[0].title).toBe('Zebra crossing notes');
  });
});
