import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, adminClient, countRows } from '../support/admin';
import { onPostgres, sqliteOnly } from '../support/backend';
import { startTestServer, type TestServer } from '../support/server';
import { isStored } from '../support/stored';

let server: TestServer;
let owner: AdminClient;
beforeAll(async () => {
  // This server deletes sample files: it gets its own copy of the template's images.
  server = await startTestServer({ env: { PASSWORD_HASH: 'fast', BENCH: 'true' }, ownFiles: true });
  owner = await adminClient(server, 'owner');
});
afterAll(() => server.stop());

const column = async (sql: string) =>
  ((await server.db.all(sql)).map((row: any) => Object.values(row)[0]) as string[]).filter(Boolean);
const PUBLIC_PAGES = ['/', '/projects', '/blog', '/services', '/about', '/contact'];

/** Every public page, the sitemap's pages, the sitemap and the RSS feed, and the public API's lists. */
async function everythingPublic(): Promise<string> {
  const sitemap = await (await server.get('/sitemap.xml')).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const paths = [
    ...new Set([...PUBLIC_PAGES, ...listed]),
    '/blog/rss.xml',
    '/api/projects',
    '/api/blog-posts',
    '/api/services',
    '/api/team-members',
    '/api/videos',
  ];
  const bodies = await Promise.all(
    paths.map(async (p) => {
      const res = await server.get(p);
      expect(res.status, p).toBe(200);
      return res.text();
    }),
  );
  return [sitemap, ...bodies].join('\n');
}

describe('Remove sample content', () => {
  it.skipIf(onPostgres)(
    sqliteOnly(
      "marks an existing install's seeded rows as the sample (the migration's hand-written part)",
      "the backfill is SQLite's migration's: PostgreSQL's migrations start with the flags",
    ),
    async () => {
      const migration = fs.readFileSync(
        path.resolve(import.meta.dirname, '../../server/src/db/migrations/0010_sample-and-inquiry-notes.sql'),
        'utf8',
      );
      const backfill = migration.split('-- hand-written')[1]!.split('--> statement-breakpoint');
      const tables = ['projects', 'blog_posts', 'services', 'team_members', 'youtube_videos', 'media_files'];
      const marked = () => Promise.all(tables.map((table) => countRows(server, table, 'sample')));
      const seeded = await marked();
      expect(seeded.every((n) => n > 0)).toBe(true);
      for (const table of tables) await server.db.run(`UPDATE ${table} SET sample = false`);
      for (const statement of backfill) await server.db.exec(statement);
      expect(await marked()).toEqual(seeded);
    },
  );

  it('counts what will go, then removes it in one go, keeping what the studio made and changed', async () => {
    const titles = [
      ...(await column('SELECT title FROM projects WHERE sample')),
      ...(await column('SELECT title FROM blog_posts WHERE sample')),
      // Not the names: "Interior Design" and "Urban Planning" are also the contact form's fixed project types.
      ...(await column('SELECT description FROM services WHERE sample')),
      ...(await column('SELECT name FROM team_members WHERE sample')),
      ...(await column('SELECT quote FROM team_members WHERE sample')),
      ...(await column('SELECT title FROM youtube_videos WHERE sample')),
    ];
    const files = await column('SELECT path FROM media_files WHERE sample');
    expect(titles.length).toBeGreaterThan(30);
    expect(files.length).toBeGreaterThan(20);
    const before = await everythingPublic();
    expect(before).toContain(titles[0]);

    // The studio's own work: a project that uses one of the sample photographs, a post; changed settings.
    const keptPhoto = `/media/${files[0]}`;
    const project = await owner.post('/api/admin/projects', {
      title: 'Our Library in Mzuzu',
      description: 'The studio’s first own project.',
      category: 'commercial',
      status: 'published',
      images: [keptPhoto],
      thumbnail: keptPhoto,
    });
    expect(project.status).toBe(201);
    const post = await owner.post('/api/admin/blog-posts', {
      title: 'We Opened Our Doors',
      content: 'The studio’s first post.',
      status: 'published',
    });
    expect(post.status).toBe(201);
    const settings = (await owner.get('/api/admin/settings')).body;
    const { created_at: _c, updated_at: _u, ...form } = settings;
    const saved = await owner.put('/api/admin/settings', {
      ...form,
      site_name: 'Mzuzu Atelier',
      facebook_url: 'https://www.facebook.com/mzuzuatelier',
    });
    expect(saved.status).toBe(200);

    const editor = await adminClient(server, 'editor');
    expect((await editor.get('/api/admin/sample-content')).status).toBe(403);
    expect((await editor.del('/api/admin/sample-content')).status).toBe(403);

    const preview = await owner.get('/api/admin/sample-content');
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      projects: await countRows(server, 'projects', 'sample'),
      blog_posts: await countRows(server, 'blog_posts', 'sample'),
      services: await countRows(server, 'services', 'sample'),
      team_members: await countRows(server, 'team_members', 'sample'),
      videos: await countRows(server, 'youtube_videos', 'sample'),
      media: files.length - 1,
      social_links: 3,
    });
    // The preview removed nothing.
    expect(await countRows(server, 'media_files', 'sample')).toBe(files.length);
    expect(await countRows(server, 'projects', 'sample')).toBe(preview.body.projects);

    const removed = await owner.del('/api/admin/sample-content');
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual(preview.body);
    const audit = (await server.db.all(
      "SELECT entity_type, details FROM audit_log WHERE action = 'remove_sample'",
    )) as { entity_type: string; details: string }[];
    expect(audit).toHaveLength(1);
    expect(audit[0]!.entity_type).toBe('sample_content');

    const after = await everythingPublic();
    expect(titles.filter((title) => after.includes(title))).toEqual([]);
    expect(files.slice(1).filter((file) => after.includes(file))).toEqual([]);
    for (const file of files.slice(1)) expect((await server.get(`/media/${file}`)).status, file).toBe(404);
    expect(await isStored(server, `/media/${files[1]}`)).toBe(false);
    expect(after).toContain('Our Library in Mzuzu');
    expect(after).toContain('We Opened Our Doors');
    expect(after).toContain(files[0]);
    expect((await server.get(keptPhoto)).status).toBe(200);
    expect(after).toContain('https://www.facebook.com/mzuzuatelier');
    expect(after).not.toContain('twitter.com/khondestudio');

    const now = (await owner.get('/api/admin/settings')).body;
    expect(now).toMatchObject({
      site_name: 'Mzuzu Atelier',
      facebook_url: 'https://www.facebook.com/mzuzuatelier',
      twitter_url: '',
      instagram_url: '',
      linkedin_url: '',
      contact_email: settings.contact_email,
    });
    expect(await countRows(server, 'users', 'id = ?', owner.user.id)).toBe(1);

    const again = await owner.get('/api/admin/sample-content');
    expect(Object.values(again.body).every((n) => n === 0)).toBe(true);
    expect((await owner.del('/api/admin/sample-content')).body).toEqual(again.body);
    expect(await countRows(server, 'audit_log', "action = 'remove_sample'")).toBe(1);
  });
});
