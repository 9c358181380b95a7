/**
 * The media library's edges: what a stored PDF is served as, a variant asked of a file that is no image,
 * a replaced avatar that public content still shows, the staging folder's sweep, more bytes than an upload
 * declared, the completed state of an upload, and control characters in text.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, startAdminServer } from '../support/admin';
import { bearer } from '../support/auth';
import type { TestServer } from '../support/server';
import { tusUpload } from '../support/tus';

let server: TestServer;
let admin: AdminClient;
beforeAll(async () => {
  ({ server, admin } = await startAdminServer());
});
afterAll(() => server.stop());

const endpoint = () => `${server.url}/api/admin/uploads`;
const tus = (headers: Record<string, string> = {}) => ({
  ...bearer(admin.token),
  'Tus-Resumable': '1.0.0',
  ...headers,
});
const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
const staging = () => path.join(server.dataDir, 'tmp-uploads');

/** Creates an upload of `length` bytes and answers its URL. */
async function create(length: number, name = 'plan.pdf') {
  const res = await fetch(endpoint(), {
    method: 'POST',
    headers: tus({ 'Upload-Length': String(length), 'Upload-Metadata': metadata({ filename: name }) }),
  });
  expect(res.status).toBe(201);
  return new URL(res.headers.get('location') as string, server.url).href;
}

const pdf = (size: number) => {
  const header = Buffer.from('%PDF-1.7\n', 'latin1');
  return Buffer.concat([header, randomBytes(size - header.length)]);
};
const png = (seed: number) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: seed, g: 90, b: 30 } } })
    .png()
    .toBuffer();

describe('stored files that are not images', () => {
  it('sends a PDF as a download, never inline on the site, with nosniff; an image stays inline', async () => {
    const { body } = await tusUpload(server.url, admin.token, pdf(4000), { filename: 'brief.pdf' });
    const served = await fetch(`${server.url}${body.item.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-disposition')).toBe('attachment');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');

    const image = await tusUpload(server.url, admin.token, await png(1), { filename: 'a.png' });
    const inline = await fetch(`${server.url}${image.body.item.url}`);
    expect(inline.headers.get('content-disposition')).toBeNull();
    expect(inline.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers 400 (an ApiError, which the error handler never logs) for a variant of a PDF', async () => {
    const { body } = await tusUpload(server.url, admin.token, pdf(5000), { filename: 'spec.pdf' });
    for (const query of ['w=480', 'w=480&f=webp', 'w=480&c=portrait']) {
      const res = await fetch(`${server.url}${body.item.url}?${query}`);
      expect(res.status).toBe(400);
      expect(((await res.json()) as any).error.message).toBe('Only images have other sizes and formats');
    }
  });
});

describe('a replaced or removed avatar', () => {
  const setAvatar = async (seed: number) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await png(seed))], { type: 'image/png' }), 'me.png');
    const res = await fetch(`${server.url}/api/profile/avatar`, {
      method: 'POST',
      headers: bearer(admin.token),
      body: form,
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as any).avatar_url as string;
  };

  it('keeps a file that public content still shows, and releases one that nothing shows', async () => {
    const first = await setAvatar(10);
    const member = await admin.post('/api/admin/team-members', {
      name: 'Chikondi',
      role: 'Architect',
      image: first,
    });
    expect(member.status).toBe(201);
    const second = await setAvatar(20);
    // The team page still shows the first avatar: kept, with its row.
    expect((await fetch(`${server.url}${first}`)).status).toBe(200);
    expect(
      await server.db.get('SELECT count(*) AS n FROM media_files WHERE path = ?', first.slice(7)),
    ).toEqual({
      n: 1,
    });
    // Replaced again: the second one is shown nowhere, so it goes.
    await setAvatar(30);
    expect((await fetch(`${server.url}${second}`)).status).toBe(404);

    // Removing the avatar the team page shows keeps it too.
    const shown = await setAvatar(40);
    expect(
      (await admin.put(`/api/admin/team-members/${member.body.id}`, { ...member.body, image: shown })).status,
    ).toBe(200);
    const removed = await admin.put('/auth/v1/user', { avatar_url: null });
    expect(removed.status).toBe(200);
    expect((await fetch(`${server.url}${shown}`)).status).toBe(200);
  });
});

describe('the staging folder', () => {
  it('removes uploads idle for a day, stray halves included, at start-up and on each sweep', async () => {
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    const age = (...files: string[]) => {
      for (const file of files) fs.utimesSync(file, dayAgo, dayAgo);
    };
    const idOf = (url: string) => url.split('/').pop() as string;
    const abandoned = idOf(await create(1000));
    const fresh = idOf(await create(1000));
    age(path.join(staging(), abandoned), path.join(staging(), `${abandoned}.json`));
    // What a crash between the two removals of an upload leaves: one half, without the other.
    const strayInfo = 'a'.repeat(32);
    const strayBytes = 'b'.repeat(32);
    fs.writeFileSync(path.join(staging(), `${strayInfo}.json`), '{"id":"x","size":10}');
    fs.writeFileSync(path.join(staging(), strayBytes), 'half');
    age(path.join(staging(), `${strayInfo}.json`), path.join(staging(), strayBytes));

    await server.restart();
    await expect.poll(() => fs.readdirSync(staging()).sort()).toEqual([fresh, `${fresh}.json`].sort());

    // The hourly sweep is the same pass: run now, as an hour later.
    const files = [path.join(staging(), fresh), path.join(staging(), `${fresh}.json`)];
    age(...files);
    expect(await server.running.uploads.sweep()).toBe(1);
    expect(fs.readdirSync(staging())).toEqual([]);
  });
});

describe('the tus protocol', () => {
  it('says that more data came than the upload declared, with 413, and keeps what it had', async () => {
    const url = await create(15_000);
    const res = await fetch(url, {
      method: 'PATCH',
      headers: tus({ 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }),
      body: pdf(20_000),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as any).error).toEqual({
      code: 'payload_too_large',
      message: 'More data was sent than the upload declared: its Upload-Length is 15000 bytes.',
    });
    const head = await fetch(url, { method: 'HEAD', headers: tus() });
    expect(head.headers.get('upload-offset')).toBe('0');
  });

  it('answers HEAD on a completed upload with its completed offset, and `result` with the item, for a day', async () => {
    const bytes = pdf(6000);
    const url = await create(bytes.length, 'survey.pdf');
    const done = await fetch(url, {
      method: 'PATCH',
      headers: tus({ 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }),
      body: bytes,
    });
    expect(done.status).toBe(200);
    const { item } = (await done.json()) as any;

    const head = await fetch(url, { method: 'HEAD', headers: tus() });
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(bytes.length));
    expect(head.headers.get('upload-length')).toBe(String(bytes.length));
    expect(head.headers.get('tus-resumable')).toBe('1.0.0');
    const result = await fetch(`${url}/result`, { headers: bearer(admin.token) });
    expect(result.status).toBe(200);
    expect(((await result.json()) as any).item.id).toBe(item.id);
    // The staged copy is gone; the answer stays, across a restart too.
    expect(fs.readdirSync(staging()).filter((name) => url.endsWith(name.replace('.json', '')))).toEqual([]);
    await server.restart();
    const again = `${server.url}${new URL(url).pathname}`;
    expect((await fetch(again, { method: 'HEAD', headers: tus() })).status).toBe(200);

    // A day later the sweep forgets it: HEAD and `result` answer 404 like any unknown upload.
    await server.db.run(
      "UPDATE upload_results SET created_at = '2000-01-01T00:00:00.000Z' WHERE id = ?",
      url.split('/').pop(),
    );
    await server.running.uploads.sweep();
    expect((await fetch(again, { method: 'HEAD', headers: tus() })).status).toBe(404);
    expect((await fetch(`${again}/result`, { headers: bearer(admin.token) })).status).toBe(404);
  });
});

describe('control characters', () => {
  const NASTY = 'A\u0000B\u001b[31mC\u202eD\u2066E\u007fF\u0085G';

  it('are dropped from every text field, multi-line fields keeping tabs and line breaks', async () => {
    const created = await admin.post('/api/admin/projects', {
      title: `Lake\nHouse ${NASTY}`,
      description: `First line\n\tSecond ${NASTY}\r\nThird`,
      category: 'residential',
      location: NASTY,
      client: 'The\u0000 Bandas',
      status: 'published',
    });
    expect(created.status).toBe(201);
    expect(created.body.title).toBe('Lake House AB[31mCDEFG');
    expect(created.body.description).toBe('First line\n\tSecond AB[31mCDEFG\r\nThird');
    expect(created.body.location).toBe('AB[31mCDEFG');
    expect(created.body.client).toBe('The Bandas');
    const page = await (await fetch(`${server.url}/projects/${created.body.id}`)).text();
    expect(page).toContain('Lake House AB[31mCDEFG');
    for (const dropped of ['\u0000', '\u001b', '\u202e', '\u2066', '\u007f', '\u0085'])
      expect(page).not.toContain(dropped);

    const inquiry = await fetch(`${server.url}/api/inquiries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: `Visitor${NASTY}`,
        email: 'visitor@example.mw',
        phone: '+265 888 000 000',
        subject: 'Office\u0000',
        project_type: 'commercial',
        budget: 'under-50k',
        message: `Line one\nLine two${NASTY}`,
      }),
    });
    expect(inquiry.status).toBe(201);
    const { id } = (await inquiry.json()) as any;
    expect(
      await server.db.get('SELECT client_name, subject, message FROM inquiries WHERE id = ?', id),
    ).toEqual({
      client_name: 'VisitorAB[31mCDEFG',
      subject: 'Office',
      message: 'Line one\nLine twoAB[31mCDEFG',
    });

    // A whitespace-only or control-only required field is as missing as an empty one.
    const blank = await admin.post('/api/admin/projects', {
      title: '\u0000\u001b',
      description: 'x',
      category: 'residential',
    });
    expect(blank.status).toBe(400);
  });

  it('are dropped from an upload’s file name, and a name of nothing else is refused', async () => {
    const { status, body } = await tusUpload(server.url, admin.token, pdf(3000), {
      filename: `site\u0000\u202eplan\n.pdf`,
    });
    expect(status).toBe(200);
    expect(body.item.filename).toBe('siteplan .pdf');
    const refused = await tusUpload(server.url, admin.token, pdf(3000), { filename: '\u0000\u001b' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('filename is required in Upload-Metadata');
  });
});
