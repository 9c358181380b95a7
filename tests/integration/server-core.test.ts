import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('server core', () => {
  it('answers health with the version and database status', async () => {
    const res = await server.get('/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as any;
    expect(body).toMatchObject({ status: 'ok', database: { status: 'ok' } });
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(body.database.migrations).toBeGreaterThan(0);
  });

  it('sets security headers and a request id on every answer', async () => {
    for (const path of ['/api/settings', '/', '/no-such-page']) {
      const res = await server.get(path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
    }
  });

  it('revalidates public GETs with an ETag and answers 304 when unchanged', async () => {
    const first = await server.get('/api/projects?category=residential');
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const tag = first.headers.get('etag');
    expect(tag).toBeTruthy();
    const again = await server.get('/api/projects?category=residential', {
      headers: { 'if-none-match': tag! },
    });
    expect(again.status).toBe(304);

    await server.db.run(
      "UPDATE projects SET title = title || ' (revised)' WHERE category = 'residential' AND status = 'published'",
    );
    const changed = await server.get('/api/projects?category=residential', {
      headers: { 'if-none-match': tag! },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(tag);
  });

  it('compresses large answers for clients that accept it', async () => {
    const res = await server.get('/api/projects', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const body = (await res.json()) as any;
    expect(body.items).toHaveLength(20);
  });

  it('answers unknown API paths and methods with the error JSON', async () => {
    const res = await server.get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    const del = await fetch(`${server.url}/api/projects`, { method: 'DELETE' });
    expect(del.status).toBe(404);
  });

  it('serves an OpenAPI 3.1 document generated from the schemas', async () => {
    const doc = (await (await server.get('/api/openapi.json')).json()) as any;
    expect(doc.openapi).toBe('3.1.0');
    for (const path of [
      '/api/projects',
      '/api/projects/featured',
      '/api/projects/{id}',
      '/api/blog-posts',
      '/api/blog-posts/{id}',
      '/api/blog-posts/{id}/views',
      '/api/services',
      '/api/services/{id}',
      '/api/team-members',
      '/api/videos',
      '/api/settings',
      '/api/inquiries',
      '/api/health',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    const inquiry = doc.paths['/api/inquiries'].post.requestBody.content['application/json'].schema;
    const schema = inquiry.$ref ? doc.components.schemas[inquiry.$ref.split('/').at(-1)] : inquiry;
    expect(schema.required).toEqual(
      expect.arrayContaining([
        'client_name',
        'email',
        'phone',
        'subject',
        'project_type',
        'budget',
        'message',
      ]),
    );
    expect(doc.paths['/api/projects'].get.parameters.map((p: any) => p.name).sort()).toEqual([
      'category',
      'page',
    ]);
  });

  it('serves stored images with long-lived caching', async () => {
    const { items } = (await (await server.get('/api/projects/featured')).json()) as any;
    const res = await server.get(items[0].thumbnail);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(20_000);
  });
});

describe('start-up', () => {
  it('rejects a bad environment with a clear message', async () => {
    const { parseEnv } = await import('../../server/src/env');
    expect(() => parseEnv({ PORT: 'eighty', SEED: 'lots' })).toThrow(
      /Invalid environment:\n {2}PORT: .*\n {2}SEED: /,
    );
  });

  it('seeds the sample content once and never touches a database that has content', async () => {
    const counts = async () => {
      const counted: Record<string, number> = {};
      for (const t of ['projects', 'blog_posts', 'services', 'team_members', 'youtube_videos'])
        counted[t] = ((await server.db.get(`SELECT count(*) AS n FROM ${t}`)) as { n: number }).n;
      return counted;
    };
    const seeded = await counts();
    expect(seeded.projects).toBeGreaterThanOrEqual(24);
    expect(seeded.services).toBe(5);
    expect(seeded.blog_posts).toBe(6);
    expect(seeded.team_members).toBe(4);
    const { seedSampleContent } = await import('../../server/src/seed');
    const { localStorage } = await import('../../server/src/storage/local');
    const { createLogger } = await import('../../server/src/lib/logger');
    const again = await seedSampleContent(
      server.running.deps.db,
      localStorage(server.dataDir),
      createLogger('silent'),
    );
    expect(again).toBe(false);
    expect(await counts()).toEqual(seeded);
  });

  it('seeds believable sample content: categories, drafts, proposals, featured, 4–8 images each', async () => {
    const q = async (sql: string) => ((await server.db.get(sql)) as { n: number }).n;
    expect(await q('SELECT count(DISTINCT category) AS n FROM projects')).toBe(5);
    expect(await q("SELECT count(*) AS n FROM projects WHERE status = 'draft'")).toBeGreaterThan(0);
    expect(await q("SELECT count(*) AS n FROM projects WHERE project_type = 'proposal'")).toBeGreaterThan(0);
    expect(
      await q("SELECT count(*) AS n FROM projects WHERE featured AND status = 'published'"),
    ).toBeGreaterThanOrEqual(12);
    // The JSON columns read here, in JavaScript: each database spells JSON functions its own way.
    const projects = (await server.db.all('SELECT thumbnail, images FROM projects')).map((row) => ({
      thumbnail: row.thumbnail as string | null,
      images: JSON.parse(row.images) as string[],
    }));
    expect(projects.filter(({ images }) => images.length < 4 || images.length > 8)).toEqual([]);
    expect(projects.filter(({ thumbnail, images }) => thumbnail === null || thumbnail !== images[0])).toEqual(
      [],
    );
    expect(await q("SELECT count(*) AS n FROM blog_posts WHERE status = 'draft'")).toBe(1);
    const keywords = await server.db.all('SELECT seo_keywords FROM blog_posts');
    expect(keywords.filter((row) => JSON.parse(row.seo_keywords).length === 0)).toEqual([]);
    expect(await q('SELECT count(*) AS n FROM youtube_videos WHERE is_active')).toBe(3);
    // One stored file per project photograph, post and service; team members are shown by their initials.
    expect(await q('SELECT count(*) AS n FROM team_members WHERE image IS NOT NULL')).toBe(0);
    expect(await q('SELECT count(*) AS n FROM media_files')).toBe(
      projects.reduce((sum, { images }) => sum + images.length, 0) + 6 + 5,
    );
  });
});
