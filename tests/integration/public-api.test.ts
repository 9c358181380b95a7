import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  // Behind one trusted proxy, so a test can speak for several visitors (X-Forwarded-For).
  server = await startTestServer({ env: { TRUST_PROXY: '1' } });
});
afterAll(() => server.stop());

const json = async <T = any>(path: string, status = 200): Promise<T> => {
  const res = await server.get(path);
  expect(res.status, `${path} answered ${res.status}`).toBe(status);
  return (await res.json()) as T;
};
const count = async (sql: string, ...params: unknown[]) =>
  ((await server.db.get(sql, ...params)) as { n: number }).n;
const isDescending = (values: string[]) => values.every((v, i) => i === 0 || values[i - 1]! >= v);

describe('GET /api/projects', () => {
  it('lists published projects only, newest first, 20 a page, with the total', async () => {
    const page1 = await json('/api/projects');
    const published = await count("SELECT count(*) AS n FROM projects WHERE status = 'published'");
    expect(published).toBeGreaterThan(20);
    expect(page1.total).toBe(published);
    expect(page1.page).toBe(1);
    expect(page1.pageSize).toBe(20);
    expect(page1.items).toHaveLength(20);
    expect(page1.items.every((p: any) => p.status === 'published')).toBe(true);
    expect(isDescending(page1.items.map((p: any) => p.created_at))).toBe(true);

    const page2 = await json('/api/projects?page=2');
    expect(page2.items).toHaveLength(published - 20);
    const ids = new Set([...page1.items, ...page2.items].map((p: any) => p.id));
    expect(ids.size).toBe(published);
    expect(page1.items.at(-1).created_at >= page2.items[0].created_at).toBe(true);
  });

  it('filters by category and keeps the spec field names', async () => {
    for (const category of ['residential', 'commercial', 'landscape', 'interior', 'urban']) {
      const body = await json(`/api/projects?category=${category}`);
      const expected = await count(
        "SELECT count(*) AS n FROM projects WHERE status = 'published' AND category = ?",
        category,
      );
      expect(body.total).toBe(expected);
      expect(body.items.every((p: any) => p.category === category)).toBe(true);
    }
    const [project] = (await json('/api/projects?category=residential')).items;
    expect(Object.keys(project).sort()).toEqual(
      [
        'category',
        'client',
        'completion_date',
        'created_at',
        'description',
        'featured',
        'id',
        'image_alts',
        'image_focus',
        'images',
        'location',
        'project_type',
        'slug',
        'status',
        'thumbnail',
        'title',
        'updated_at',
        'user_id',
      ].sort(),
    );
    expect(Array.isArray(project.images)).toBe(true);
    expect(typeof project.featured).toBe('boolean');
  });

  it('rejects an unknown category', async () => {
    const body = await json('/api/projects?category=castles', 400);
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.issues[0].path).toBe('category');
  });

  it.each(['0', '-1', 'abc', '1.5', '2e3'])('rejects page=%s with 400', async (page) => {
    const body = await json(`/api/projects?page=${page}`, 400);
    expect(body.error.message).toBe('Page must be a whole number from 1');
  });

  it('answers an empty page past the end with the real total', async () => {
    const body = await json('/api/projects?page=99');
    expect(body.items).toEqual([]);
    expect(body.page).toBe(99);
    expect(body.total).toBeGreaterThan(0);
  });
});

describe('GET /api/projects/featured', () => {
  it('lists at most 12 published featured projects, newest first', async () => {
    const { items } = await json('/api/projects/featured');
    const featured = await count(
      "SELECT count(*) AS n FROM projects WHERE status = 'published' AND featured",
    );
    expect(featured).toBeGreaterThan(12);
    expect(items).toHaveLength(12);
    expect(items.every((p: any) => p.featured && p.status === 'published')).toBe(true);
    expect(isDescending(items.map((p: any) => p.created_at))).toBe(true);
  });

  it('never lists a featured draft', async () => {
    const id = randomUUID();
    await server.db.run(
      "INSERT INTO projects (id, title, description, category, status, featured, created_at) VALUES (?, 'Secret', 'x', 'urban', 'draft', true, '2099-01-01T00:00:00.000Z')",
      id,
    );
    const { items } = await json('/api/projects/featured');
    expect(items.map((p: any) => p.id)).not.toContain(id);
  });
});

describe('GET /api/projects/{id}', () => {
  it('answers a published project', async () => {
    const [first] = (await json('/api/projects')).items;
    expect(await json(`/api/projects/${first.id}`)).toEqual(first);
  });

  it('hides a draft, also by id', async () => {
    const { id } = (await server.db.get("SELECT id FROM projects WHERE status = 'draft' LIMIT 1")) as {
      id: string;
    };
    const body = await json(`/api/projects/${id}`, 404);
    expect(body).toEqual({ error: { code: 'not_found', message: 'Project not found' } });
    const list = await json('/api/projects?page=1');
    expect(list.items.map((p: any) => p.id)).not.toContain(id);
  });

  it('answers 404 for an unknown id and 400 "Invalid project ID" for a blank one', async () => {
    expect((await json(`/api/projects/${randomUUID()}`, 404)).error.message).toBe('Project not found');
    expect((await json('/api/projects/%20%20', 400)).error.message).toBe('Invalid project ID');
    expect((await json(`/api/projects/${'x'.repeat(101)}`, 400)).error.message).toBe('Invalid project ID');
  });
});

describe('blog posts', () => {
  it('lists published posts by publish date, with category and tag counts', async () => {
    const body = await json('/api/blog-posts');
    const published = await count("SELECT count(*) AS n FROM blog_posts WHERE status = 'published'");
    expect(body.total).toBe(published);
    expect(body.items).toHaveLength(published);
    expect(body.pageSize).toBe(9);
    expect(body.items.every((p: any) => p.status === 'published')).toBe(true);
    expect(isDescending(body.items.map((p: any) => p.publish_date))).toBe(true);

    const firstKeywords = body.items.map((p: any) => p.seo_keywords[0]);
    for (const { name, count: n } of body.categories) {
      expect(n).toBe(firstKeywords.filter((k: string) => k === name).length);
    }
    const allKeywords = body.items.flatMap((p: any) => p.seo_keywords);
    expect(body.tags.reduce((sum: number, t: any) => sum + t.count, 0)).toBe(allKeywords.length);
  });

  it('filters by category, by tag and by search text in title, excerpt and content', async () => {
    const all = (await json('/api/blog-posts')).items;
    const category = all[0].seo_keywords[0];
    const byCategory = await json(`/api/blog-posts?category=${encodeURIComponent(category.toUpperCase())}`);
    expect(byCategory.items.length).toBeGreaterThan(0);
    expect(byCategory.items.every((p: any) => p.seo_keywords[0] === category)).toBe(true);

    const tag = all[0].seo_keywords.at(-1);
    const byTag = await json(`/api/blog-posts?tag=${encodeURIComponent(tag)}`);
    expect(byTag.items.every((p: any) => p.seo_keywords.includes(tag))).toBe(true);
    expect(byTag.total).toBe(all.filter((p: any) => p.seo_keywords.includes(tag)).length);

    const word = all[1].content.split(/\s+/).find((w: string) => /^[a-z]{9,}$/i.test(w));
    const bySearch = await json(`/api/blog-posts?q=${encodeURIComponent(word)}`);
    expect(bySearch.items.map((p: any) => p.id)).toContain(all[1].id);
    expect(
      bySearch.items.every((p: any) =>
        `${p.title} ${p.excerpt} ${p.content}`.toLowerCase().includes(word.toLowerCase()),
      ),
    ).toBe(true);

    expect((await json('/api/blog-posts?q=%25')).total).toBe(0);
    expect((await json('/api/blog-posts?q=zzqxnothing')).items).toEqual([]);
  });

  it('hides the draft, also by id', async () => {
    const { id } = (await server.db.get("SELECT id FROM blog_posts WHERE status = 'draft' LIMIT 1")) as {
      id: string;
    };
    expect((await json(`/api/blog-posts/${id}`, 404)).error.message).toBe('Blog post not found');
    const before = await count('SELECT views AS n FROM blog_posts WHERE id = ?', id);
    const res = await server.post(`/api/blog-posts/${id}/views`, {});
    expect(res.status).toBe(404);
    expect(await count('SELECT views AS n FROM blog_posts WHERE id = ?', id)).toBe(before);
  });

  it('checks the id: blank and non-UUID ids get the spec messages', async () => {
    expect((await json('/api/blog-posts/%20', 400)).error.message).toBe('Invalid blog post ID');
    expect((await json('/api/blog-posts/not-a-uuid', 400)).error.message).toBe('Invalid blog post ID format');
    expect((await server.post('/api/blog-posts/not-a-uuid/views', {})).status).toBe(400);
    expect((await json(`/api/blog-posts/${randomUUID()}`, 404)).error.message).toBe('Blog post not found');
  });

  it('counts 100 concurrent views of 100 visitors exactly', async () => {
    const post = (await json('/api/blog-posts')).items[0];
    const before = await count('SELECT views AS n FROM blog_posts WHERE id = ?', post.id);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        server.post(
          `/api/blog-posts/${post.id}/views`,
          {},
          {
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.1.0.${i}` },
          },
        ),
      ),
    );
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const counts = await Promise.all(answers.map((r) => r.json()));
    expect(new Set(counts.map((c: any) => c.views)).size).toBe(100);
    expect(await count('SELECT views AS n FROM blog_posts WHERE id = ?', post.id)).toBe(before + 100);
    expect((await json(`/api/blog-posts/${post.id}`)).views).toBe(before + 100);
  });
});

describe('services, team, videos and settings', () => {
  it('lists active services by name and hides inactive ones, also by id', async () => {
    const id = randomUUID();
    await server.db.run(
      "INSERT INTO services (id, name, description, is_active) VALUES (?, 'Aardvark Consulting', 'x', false)",
      id,
    );
    const { items } = await json('/api/services');
    expect(items.map((s: any) => s.name)).toEqual([
      '3D Visualization',
      'Architectural Design',
      'Interior Design',
      'Landscape Design',
      'Urban Planning',
    ]);
    expect((await json(`/api/services/${id}`, 404)).error.message).toBe('Service not found');
    expect(await json(`/api/services/${items[0].id}`)).toEqual(items[0]);
    expect((await json('/api/services/%20', 400)).error.message).toBe('Invalid service ID');
  });

  it('lists the team in the order members joined', async () => {
    const { items } = await json('/api/team-members');
    expect(items).toHaveLength(4);
    const joined = items.map((m: any) => m.created_at);
    expect([...joined].sort()).toEqual(joined);
  });

  it('lists active videos newest first and never an inactive one', async () => {
    const { items } = await json('/api/videos');
    const active = await count('SELECT count(*) AS n FROM youtube_videos WHERE is_active');
    expect(items).toHaveLength(active);
    expect(await count('SELECT count(*) AS n FROM youtube_videos WHERE NOT is_active')).toBeGreaterThan(0);
    expect(items.every((v: any) => v.is_active === true)).toBe(true);
    expect(isDescending(items.map((v: any) => v.created_at))).toBe(true);
    expect(items.every((v: any) => /^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/.test(v.url))).toBe(
      true,
    );
  });

  it('answers the settings with founded year and the structured-data constants', async () => {
    const settings = await json('/api/settings');
    expect(settings.site_name).toBeTruthy();
    expect(settings.founded_year).toBe(2019);
    expect(settings.opening_hours).toBe('Mo-Fr 09:00-18:00');
    expect(settings.price_range).toBe('$$');
    expect(settings.theme_color).toBe('#D4B254');
    expect(settings).not.toHaveProperty('require_mfa_for');
  });
});
