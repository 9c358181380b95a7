import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../support/auth';
import { startTestServer, type TestServer } from '../support/server';

// Property-based requests for every operation of the OpenAPI document, plus malformed paths, encodings, headers
// and bodies: no answer may be a 5xx, and no body may carry a stack trace or other internal detail.

const RUNS_PER_OPERATION = 20;
const RUNS_MALFORMED = 300;
const INTERNAL =
  /\bat [\w.<>]+ \(|node_modules|\.ts:\d+|\.js:\d+|SqliteError|TypeError|ReferenceError|URIError/;

let server: TestServer;
let token: string;
let doc: any;
let sent = 0;
beforeAll(async () => {
  server = await startTestServer({ env: { BENCH: 'true', PASSWORD_HASH: 'fast' } });
  token = (await signedInUser(server)).tokens.access_token;
  doc = await (await server.get('/api/openapi.json')).json();
});
afterAll(async () => {
  console.info(`fuzzing: ${sent} requests`);
  await server.stop();
});

async function send(
  method: string,
  target: string,
  init: { headers?: Record<string, string>; body?: string } = {},
) {
  sent += 1;
  const res = await fetch(`${server.url}${target}`, {
    method,
    headers: init.headers,
    body: method === 'GET' || method === 'HEAD' ? undefined : init.body,
    redirect: 'manual',
  });
  const text = await res.text();
  return { status: res.status, text };
}

function expectSafe(answer: { status: number; text: string }, what: string) {
  expect(answer.status, `${what} → ${answer.status} ${answer.text.slice(0, 300)}`).toBeLessThan(500);
  expect(answer.text, what).not.toMatch(INTERNAL);
}

/** Values a field may be sent with: the right kind, the wrong kind, extremes and junk. */
const anyValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(''),
  fc.constant('x'.repeat(5000)),
  fc.constantFrom('00000000-0000-0000-0000-000000000000', 'a@b.mw', '2026-01-01', '-1', '1e309', 'NaN'),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

function propertiesOf(schema: any): string[] {
  if (!schema) return [];
  if (schema.$ref) return propertiesOf(doc.components?.schemas?.[schema.$ref.split('/').at(-1)]);
  const own = Object.keys(schema.properties ?? {});
  const nested = [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].flatMap(
    propertiesOf,
  );
  return [...new Set([...own, ...nested])];
}

const operations = () =>
  Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([route, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => ({ route, method: method.toUpperCase(), operation })),
  );

describe('fuzzing from the OpenAPI document', () => {
  it('answers every operation with generated input without a 5xx or internal detail', async () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(20);
    for (const { route, method, operation } of all) {
      // Signing out would end the fuzzing session; its parameters are fuzzed without a token instead.
      const mayUseToken = !route.endsWith('/logout') && !/sessions\/\{id\}/.test(route);
      const params = (operation.parameters ?? []) as { name: string; in: string }[];
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      const fields = propertiesOf(bodySchema);
      const arbitrary = fc.record({
        path: fc.array(fc.oneof(fc.string({ maxLength: 30 }), fc.uuid()), {
          minLength: params.length,
          maxLength: params.length,
        }),
        query: fc.dictionary(
          fc.constantFrom(...params.filter((p) => p.in === 'query').map((p) => p.name), 'x'),
          fc.string({ maxLength: 30 }),
          { maxKeys: 3 },
        ),
        body: fc.oneof(
          fc.dictionary(fc.constantFrom(...fields, 'extra'), anyValue, { maxKeys: fields.length + 1 }),
          fc.jsonValue({ maxDepth: 2 }),
        ),
        signedIn: fc.boolean(),
        contentType: fc.constantFrom('application/json', 'text/plain', 'multipart/form-data', ''),
      });
      await fc.assert(
        fc.asyncProperty(arbitrary, async (input) => {
          let i = 0;
          const pathname = route.replace(/\{[^}]+\}/g, () => encodeURIComponent(input.path[i++] ?? ''));
          const query = new URLSearchParams(input.query).toString();
          const target = `${pathname}${query ? `?${query}` : ''}`;
          const headers: Record<string, string> = {};
          if (input.contentType) headers['content-type'] = input.contentType;
          if (input.signedIn && mayUseToken) headers.authorization = `Bearer ${token}`;
          expectSafe(
            await send(method, target, { headers, body: JSON.stringify(input.body) }),
            `${method} ${target}`,
          );
        }),
        { numRuns: RUNS_PER_OPERATION },
      );
    }
  }, 300_000);
});

describe('fuzzing malformed requests', () => {
  const segment = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom('%', '%ff', '%E0%A4%A', '%00', '%2e%2e', '..', '%c0%af', '%25', '~', 'index.html', '🙂'),
    fc.constantFrom('api', 'auth', 'v1', 'media', 'avatars', 'projects', 'blog', 'assets', 'admin', 'events'),
  );

  it('answers malformed paths, encodings, headers and bodies without a 5xx or internal detail', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'),
          segments: fc.array(segment, { minLength: 1, maxLength: 5 }),
          query: fc.oneof(
            fc.constant(''),
            fc.string({ maxLength: 20 }),
            fc.constantFrom('w=%ff', 'w=99999&f=gif', 'page=-1'),
          ),
          body: fc.oneof(
            fc.string({ maxLength: 200 }),
            fc.constantFrom('{', '{"a":', 'null', '[]', '"', '\u0000', '{"email":{"$gt":""}}'),
            fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
          ),
          contentType: fc.constantFrom(
            'application/json',
            'application/json; charset=latin1',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'text/html',
            '',
          ),
          authorization: fc.oneof(
            fc.constant(''),
            fc.string({ maxLength: 40 }).map((value) => `Bearer ${value}`),
            fc.constantFrom('Bearer ', 'Basic Og==', 'Bearer a.b.c', 'Bearer eyJhbGciOiJub25lIn0.e30.'),
          ),
          cookie: fc.oneof(
            fc.constant(''),
            fc.string({ maxLength: 40 }).map((value) => `atelier_refresh=${value}`),
          ),
          csrf: fc.oneof(fc.constant(''), fc.string({ maxLength: 30 })),
        }),
        async (input) => {
          const target = `/${input.segments.map((s) => (/%/.test(s) ? s : encodeURIComponent(s))).join('/')}${
            input.query ? `?${input.query}` : ''
          }`;
          const headers: Record<string, string> = {};
          const safe = (value: string) => /^[\t\x20-\x7e]*$/.test(value);
          if (input.contentType) headers['content-type'] = input.contentType;
          if (input.authorization && safe(input.authorization)) headers.authorization = input.authorization;
          if (input.cookie && safe(input.cookie)) headers.cookie = input.cookie;
          if (input.csrf && safe(input.csrf)) {
            headers['x-csrf-token'] = input.csrf;
            headers['x-auth-mode'] = 'cookie';
          }
          expectSafe(
            await send(input.method, target, { headers, body: input.body }),
            `${input.method} ${target}`,
          );
        },
      ),
      { numRuns: RUNS_MALFORMED },
    );
  }, 300_000);
});
