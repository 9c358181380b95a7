import type { UserRoleName } from '@atelier/shared';
import { bearer, signedInUser } from './auth';
import { startTestServer, type TestServer } from './server';

export interface AdminCall {
  status: number;
  body: any;
  headers: Headers;
}

/** A JSON caller of the API with a bearer access token. */
export function apiCaller(server: TestServer, token: string) {
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<AdminCall> => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        ...bearer(token),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {}
    return { status: res.status, body: parsed, headers: res.headers };
  };
  return {
    call,
    get: (path: string) => call('GET', path),
    post: (path: string, body: unknown) => call('POST', path, body),
    put: (path: string, body: unknown) => call('PUT', path, body),
    patch: (path: string, body: unknown) => call('PATCH', path, body),
    del: (path: string) => call('DELETE', path),
  };
}

/** A signed-in admin (bearer mode) and a JSON caller for the admin API. */
export async function adminClient(server: TestServer, role: UserRoleName = 'admin') {
  const user = await signedInUser(server, { role });
  const token: string = user.tokens.access_token;
  return { user, token, ...apiCaller(server, token) };
}
export type AdminClient = Awaited<ReturnType<typeof adminClient>>;

/** The number of rows of `table` (optionally matching `where`), read through the test's own connection. */
export const countRows = async (server: TestServer, table: string, where = '1 = 1', ...params: unknown[]) =>
  ((await server.db.get(`SELECT count(*) AS n FROM ${table} WHERE ${where}`, ...params)) as { n: number }).n;

/** A test server with no sample content and a signed-in admin, for a file of admin API tests. */
export async function startAdminServer() {
  const server = await startTestServer({ content: 'empty', env: { PASSWORD_HASH: 'fast', BENCH: 'true' } });
  return { server, admin: await adminClient(server) };
}

/** A test server with no sample content, an editor and a contributor, for a file of admin API tests. */
export async function startStaffServer() {
  const { server } = await startAdminServer();
  return {
    server,
    editor: await adminClient(server, 'editor'),
    contributor: await adminClient(server, 'contributor'),
  };
}
