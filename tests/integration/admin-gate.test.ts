import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, adminClient } from '../support/admin';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let member: AdminClient;
let operations: { method: string; path: string }[];

beforeAll(async () => {
  server = await startTestServer({ content: 'empty', env: { PASSWORD_HASH: 'fast', BENCH: 'true' } });
  member = await adminClient(server, 'user');
  const doc = (await (await server.get('/api/openapi.json')).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  operations = Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/admin'))
    .flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map((method) => ({ method: method.toUpperCase(), path })),
    );
});
afterAll(() => server.stop());

/** A concrete URL for a documented path: every `{param}` gets a made-up id. */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, '3f0c9a52-7d4e-4c1b-9e55-0a8d7c2b1f64');

describe('the admin gate, route by route from the OpenAPI document', () => {
  it('documents the admin API (so the check below covers it)', () => {
    const paths = new Set(operations.map((o) => `${o.method} ${o.path}`));
    for (const expected of [
      'GET /api/admin/projects',
      'POST /api/admin/projects',
      'PUT /api/admin/projects/{id}',
      'DELETE /api/admin/projects/{id}',
      'PATCH /api/admin/projects/{id}/featured',
      'POST /api/admin/blog-posts',
      'PUT /api/admin/services/{id}',
      'DELETE /api/admin/team-members/{id}',
      'POST /api/admin/videos',
      'PATCH /api/admin/inquiries/{id}/status',
      'GET /api/admin/inquiries/export.csv',
      'PUT /api/admin/settings',
      'GET /api/admin/dashboard',
      'GET /api/admin/activity',
    ])
      expect(paths).toContain(expected);
  });

  it('answers 401 without a token and 403 to a signed-in non-admin on every admin operation, writing nothing', async () => {
    const counts = () =>
      server.sql
        .prepare(
          `SELECT (SELECT count(*) FROM projects) + (SELECT count(*) FROM blog_posts) + (SELECT count(*) FROM services)
           + (SELECT count(*) FROM team_members) + (SELECT count(*) FROM youtube_videos) + (SELECT count(*) FROM inquiries)
           + (SELECT count(*) FROM audit_log) + (SELECT count(*) FROM media_files) + (SELECT count(*) FROM media_folders) AS n`,
        )
        .get();
    const before = counts();
    const settingsBefore = server.sql.prepare('SELECT * FROM site_settings').all();
    expect(operations.length).toBeGreaterThan(20);
    for (const { method, path } of operations) {
      const url = concrete(path);
      const body = ['POST', 'PUT', 'PATCH'].includes(method) ? JSON.stringify({}) : undefined;
      const headers: Record<string, string> = body ? { 'content-type': 'application/json' } : {};
      const anonymous = await server.get(url, { method, headers, body });
      expect(anonymous.status, `${method} ${path} without a token`).toBe(401);
      const forbidden = await member.call(method, url, body === undefined ? undefined : {});
      expect(forbidden.status, `${method} ${path} as a non-admin`).toBe(403);
    }
    expect(counts()).toEqual(before);
    expect(server.sql.prepare('SELECT * FROM site_settings').all()).toEqual(settingsBefore);
  });
});
