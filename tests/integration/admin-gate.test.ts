import { STAFF_ROLES } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, adminClient } from '../support/admin';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
/** A signed-in caller of each role: the four staff roles and a visitor with an account. */
const clients: Record<string, AdminClient> = {};
let operations: { method: string; path: string }[];

beforeAll(async () => {
  server = await startTestServer({ content: 'empty', env: { PASSWORD_HASH: 'fast', BENCH: 'true' } });
  for (const role of [...STAFF_ROLES, 'user'] as const) clients[role] = await adminClient(server, role);
  const doc = (await (await server.get('/api/openapi.json')).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  operations = Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/admin'))
    .flatMap(([path, item]) =>
      Object.keys(item)
        // HEAD and OPTIONS too: the tus upload operations use them, and the gate covers them like the rest.
        .filter((method) => ['get', 'head', 'options', 'post', 'put', 'patch', 'delete'].includes(method))
        .map((method) => ({ method: method.toUpperCase(), path })),
    );
});
afterAll(() => server.stop());

/** A concrete URL for a documented path: every `{param}` gets a made-up id (a tus upload id for uploads). */
const concrete = (path: string) =>
  path.replace(/\{[^}]+\}/g, () =>
    path.startsWith('/api/admin/uploads')
      ? '0123456789abcdef0123456789abcdef'
      : '3f0c9a52-7d4e-4c1b-9e55-0a8d7c2b1f64',
  );

describe('the admin gate, route by route from the OpenAPI document', () => {
  it('documents the admin API (so the check below covers it)', () => {
    const paths = new Set(operations.map((o) => `${o.method} ${o.path}`));
    for (const expected of [
      'GET /api/admin/projects',
      'POST /api/admin/projects',
      'PUT /api/admin/projects/{id}',
      'DELETE /api/admin/projects/{id}',
      'PATCH /api/admin/projects/{id}/featured',
      'POST /api/admin/projects/{id}/submit',
      'POST /api/admin/projects/{id}/return',
      'POST /api/admin/projects/{id}/preview',
      'POST /api/admin/blog-posts',
      'POST /api/admin/blog-posts/{id}/preview',
      'POST /api/admin/blog-posts/{id}/submit',
      'POST /api/admin/blog-posts/{id}/return',
      'PUT /api/admin/services/{id}',
      'DELETE /api/admin/team-members/{id}',
      'POST /api/admin/videos',
      'PATCH /api/admin/inquiries/{id}/status',
      'GET /api/admin/inquiries/export.csv',
      'PUT /api/admin/settings',
      'GET /api/admin/dashboard',
      'GET /api/admin/activity',
      'OPTIONS /api/admin/uploads',
      'POST /api/admin/uploads',
      'HEAD /api/admin/uploads/{id}',
      'PATCH /api/admin/uploads/{id}',
      'DELETE /api/admin/uploads/{id}',
      'GET /api/admin/uploads/{id}/result',
      'GET /api/admin/users',
      'POST /api/admin/users/invitations',
      'POST /api/admin/users/invitations/{id}/resend',
      'DELETE /api/admin/users/invitations/{id}',
      'PUT /api/admin/users/{id}/role',
      'POST /api/admin/users/{id}/deactivate',
      'POST /api/admin/users/{id}/reactivate',
      'DELETE /api/admin/users/{id}',
      'POST /api/admin/users/transfer-ownership',
      'POST /api/admin/users/reauthenticate',
      'GET /api/admin/users/security',
      'PUT /api/admin/users/security',
    ])
      expect(paths).toContain(expected);
  });

  it('documents the tus upload operations with their headers, statuses and the final PATCH answer', async () => {
    const doc = (await (await server.get('/api/openapi.json')).json()) as any;
    const uploads = doc.paths['/api/admin/uploads'];
    const one = doc.paths['/api/admin/uploads/{id}'];
    const headers = (operation: any) =>
      (operation.parameters as { name: string; in: string }[])
        .filter((p) => p.in === 'header')
        .map((p) => p.name);
    expect(headers(uploads.post)).toEqual(
      expect.arrayContaining(['tus-resumable', 'upload-length', 'upload-metadata']),
    );
    expect(Object.keys(uploads.post.responses)).toEqual(
      expect.arrayContaining(['201', '200', '400', '401', '403', '404', '412', '413', '415']),
    );
    expect(Object.keys(uploads.post.responses['201'].headers)).toContain('Location');
    expect(Object.keys(uploads.options.responses['204'].headers)).toEqual(
      expect.arrayContaining(['Tus-Version', 'Tus-Extension', 'Tus-Max-Size']),
    );
    expect(Object.keys(one.head.responses['200'].headers)).toContain('Upload-Offset');
    expect(headers(one.patch)).toEqual(
      expect.arrayContaining(['tus-resumable', 'upload-offset', 'content-type']),
    );
    expect(Object.keys(one.patch.requestBody.content)).toEqual(['application/offset+octet-stream']);
    expect(Object.keys(one.patch.responses)).toEqual(
      expect.arrayContaining(['200', '204', '401', '403', '404', '409', '410', '413', '415']),
    );
    const final = one.patch.responses['200'].content['application/json'].schema;
    expect(Object.keys(final.properties).sort()).toEqual(['deduplicated', 'item']);
    expect(Object.keys(one.delete.responses)).toEqual(expect.arrayContaining(['204', '404', '410']));
  });

  it('declares on every admin operation which staff roles may call it', async () => {
    const doc = (await (await server.get('/api/openapi.json')).json()) as any;
    for (const { method, path } of operations) {
      const roles = doc.paths[path][method.toLowerCase()]['x-roles'];
      expect(roles, `${method} ${path} declares x-roles`).toBeInstanceOf(Array);
      expect(roles.length, `${method} ${path} names a role`).toBeGreaterThan(0);
      for (const role of roles) expect(STAFF_ROLES, `${method} ${path}`).toContain(role);
    }
    // The table of who may do what, for the operations that stand for each row.
    const editors = ['owner', 'admin', 'editor'];
    const staff = [...STAFF_ROLES];
    const expected: Record<string, string[]> = {
      'GET /api/admin/projects': staff,
      'POST /api/admin/projects': staff,
      'PUT /api/admin/blog-posts/{id}': staff,
      'DELETE /api/admin/videos/{id}': staff,
      'PATCH /api/admin/projects/{id}/featured': editors,
      'POST /api/admin/projects/{id}/submit': staff,
      'POST /api/admin/blog-posts/{id}/return': editors,
      // A team member is public as soon as saved: writing one is publishing.
      'GET /api/admin/team-members': staff,
      'POST /api/admin/team-members': editors,
      'PUT /api/admin/team-members/{id}': editors,
      'DELETE /api/admin/team-members/{id}': editors,
      'POST /api/admin/uploads': staff,
      'PATCH /api/admin/media/{id}': staff,
      'POST /api/admin/media/folders': editors,
      'GET /api/admin/inquiries': editors,
      'GET /api/admin/inquiries/export.csv': editors,
      'PATCH /api/admin/inquiries/{id}/status': editors,
      'GET /api/admin/settings': ['owner', 'admin'],
      'PUT /api/admin/settings': ['owner', 'admin'],
      'GET /api/admin/activity': ['owner', 'admin'],
      'GET /api/admin/users': ['owner', 'admin'],
      'POST /api/admin/users/invitations': ['owner', 'admin'],
      'PUT /api/admin/users/{id}/role': ['owner', 'admin'],
      'DELETE /api/admin/users/{id}': ['owner', 'admin'],
      'PUT /api/admin/users/security': ['owner', 'admin'],
      'POST /api/admin/users/transfer-ownership': ['owner'],
      'POST /api/admin/users/reauthenticate': staff,
    };
    for (const [operation, roles] of Object.entries(expected)) {
      const [method, path] = operation.split(' ') as [string, string];
      expect(doc.paths[path][method.toLowerCase()]['x-roles'], operation).toEqual(roles);
    }
  });

  it('answers 401 without a token, 403 to every role it does not declare, writing nothing; the declared roles get past the gate', async () => {
    const doc = (await (await server.get('/api/openapi.json')).json()) as any;
    const counts = async () =>
      await server.db.get(`SELECT (SELECT count(*) FROM projects) + (SELECT count(*) FROM blog_posts) + (SELECT count(*) FROM services)
           + (SELECT count(*) FROM team_members) + (SELECT count(*) FROM youtube_videos) + (SELECT count(*) FROM inquiries)
           + (SELECT count(*) FROM audit_log) + (SELECT count(*) FROM media_files) + (SELECT count(*) FROM media_folders)
           + (SELECT count(*) FROM users) + (SELECT count(*) FROM invitations) AS n`);
    const snapshot = async () => ({
      counts: await counts(),
      settings: await server.db.all('SELECT * FROM site_settings'),
      roles: await server.db.all('SELECT id, role FROM profiles ORDER BY id'),
      accounts: await server.db.all('SELECT id, deactivated_at FROM users ORDER BY id'),
      sessions: await server.db.all('SELECT id, revoked_at, password_at FROM sessions ORDER BY id'),
      invitations: await server.db.all('SELECT * FROM invitations ORDER BY id'),
    });
    expect(operations.length).toBeGreaterThan(20);
    for (const { method, path } of operations) {
      const declared: string[] = doc.paths[path][method.toLowerCase()]['x-roles'] ?? [];
      const url = concrete(path);
      const body = ['POST', 'PUT', 'PATCH'].includes(method) ? JSON.stringify({}) : undefined;
      const headers: Record<string, string> = body ? { 'content-type': 'application/json' } : {};
      const before = await snapshot();
      const anonymous = await server.get(url, { method, headers, body });
      expect(anonymous.status, `${method} ${path} without a token`).toBe(401);
      for (const [role, client] of Object.entries(clients)) {
        if (declared.includes(role)) continue;
        const refused = await client.call(method, url, body === undefined ? undefined : {});
        expect(refused.status, `${method} ${path} as ${role}`).toBe(403);
      }
      expect(await snapshot(), `${method} ${path}: the refused calls wrote nothing`).toEqual(before);
      for (const role of declared) {
        const allowed = await clients[role]!.call(method, url, body === undefined ? undefined : {});
        expect([401, 403], `${method} ${path} as ${role}: ${JSON.stringify(allowed.body)}`).not.toContain(
          allowed.status,
        );
        expect(allowed.status, `${method} ${path} as ${role}`).toBeLessThan(500);
      }
    }
  });
});
