import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ content: 'empty', env: { BENCH: 'true' } });
});
afterAll(() => server.stop());

const valid = {
  client_name: 'Tiyamike Chirwa',
  email: '  Tiya.Chirwa@Example.MW ',
  phone: '+265 999 123 456',
  subject: 'A family house in Area 43',
  project_type: 'residential',
  budget: '100k-250k',
  message: 'We have a plot in Area 43 and would like to talk about a four-bedroom house.',
};
const rows = async () => ((await server.db.get('SELECT count(*) AS n FROM inquiries')) as { n: number }).n;

describe('POST /api/inquiries', () => {
  it('stores an inquiry with status new and subject, project type and budget in their own columns', async () => {
    const res = await server.post('/api/inquiries', valid);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const row = (await server.db.get('SELECT * FROM inquiries WHERE id = ?', id)) as Record<string, string>;
    expect(row).toMatchObject({
      client_name: 'Tiyamike Chirwa',
      email: 'tiya.chirwa@example.mw',
      phone: '+265 999 123 456',
      subject: 'A family house in Area 43',
      project_type: 'residential',
      budget: '100k-250k',
      status: 'new',
    });
    expect(row.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it.each([
    ['client_name', 'Please enter your full name'],
    ['email', 'Please enter a valid email address'],
    ['phone', 'Please enter your phone number'],
    ['subject', 'Please enter a subject'],
    ['project_type', 'Please choose a project type'],
    ['budget', 'Please choose a budget range'],
    ['message', 'Please enter your message'],
  ])('rejects a missing %s and writes nothing', async (field, message) => {
    const before = await rows();
    const { [field]: _omitted, ...body } = valid as Record<string, string>;
    const res = await server.post('/api/inquiries', body);
    expect(res.status).toBe(400);
    const answer = (await res.json()) as any;
    expect(answer.error).toMatchObject({ code: 'validation_failed', message });
    expect(answer.error.issues).toEqual([{ path: field, message }]);
    expect(await rows()).toBe(before);
  });

  it.each([
    ['an e-mail without @', 'email', 'not-an-email', 'Please enter a valid email address'],
    ['an e-mail without a domain', 'email', 'a@b', 'Please enter a valid email address'],
    ['a phone number of words', 'phone', 'call me', 'Please enter a valid phone number'],
    ['an unknown project type', 'project_type', 'castle', 'Please choose a project type'],
    ['an unknown budget', 'budget', 'a lot', 'Please choose a budget range'],
    ['a blank name', 'client_name', '   ', 'Please enter your full name'],
    ['a message over 5000 characters', 'message', 'x'.repeat(5001), 'Must be at most 5000 characters'],
  ])('rejects %s and writes nothing', async (_label, field, value, message) => {
    const before = await rows();
    const res = await server.post('/api/inquiries', { ...valid, [field]: value });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error.message).toBe(message);
    expect(await rows()).toBe(before);
  });

  it('rejects a filled honeypot and writes nothing', async () => {
    const before = await rows();
    const res = await server.post('/api/inquiries', { ...valid, company_website: 'http://spam.example' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error.message).toBe('Your message could not be sent.');
    expect(await rows()).toBe(before);
  });

  it('rejects a body over 64 KB with 413 and writes nothing', async () => {
    const before = await rows();
    const res = await server.post('/api/inquiries', { ...valid, message: 'x'.repeat(70 * 1024) });
    expect(res.status).toBe(413);
    expect(((await res.json()) as any).error.code).toBe('payload_too_large');
    expect(await rows()).toBe(before);
  });

  it('counts a chunked body as it arrives: over 64 KB is refused, a small one is stored', async () => {
    const before = await rows();
    // A stream body goes out chunked (no Content-Length), so the limit cannot trust a header.
    const chunked = (text: string) =>
      fetch(`${server.url}/api/inquiries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: new Blob([text]).stream(),
        duplex: 'half',
      } as RequestInit);
    const big = await chunked(JSON.stringify({ ...valid, message: 'x'.repeat(70 * 1024) }));
    expect(big.status).toBe(413);
    expect(await rows()).toBe(before);
    const small = await chunked(JSON.stringify(valid));
    expect(small.status).toBe(201);
    expect(await rows()).toBe(before + 1);
  });

  it('rejects malformed JSON and a non-JSON body', async () => {
    const before = await rows();
    expect((await server.post('/api/inquiries', '{"client_name":')).status).toBe(400);
    const malformed = await server.post('/api/inquiries', '{"client_name":');
    expect(((await malformed.json()) as any).error.code).toBe('bad_request');
    const form = await fetch(`${server.url}/api/inquiries`, { method: 'POST', body: 'client_name=x' });
    expect(form.status).toBe(415);
    expect(((await form.json()) as any).error.code).toBe('unsupported_media_type');
    expect(await rows()).toBe(before);
  });
});

describe('the inquiry rate limit', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ content: 'empty' });
  });
  afterAll(() => limited.stop());

  it('allows 5 inquiries per address per 15 minutes, then answers 429 with Retry-After', async () => {
    for (let i = 0; i < 5; i++) expect((await limited.post('/api/inquiries', valid)).status).toBe(201);
    const res = await limited.post('/api/inquiries', valid);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(800);
    expect(((await res.json()) as any).error.code).toBe('rate_limited');
    expect(((await limited.db.get('SELECT count(*) AS n FROM inquiries')) as { n: number }).n).toBe(5);
  });
});
