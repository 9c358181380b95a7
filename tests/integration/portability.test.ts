/**
 * The portable export: the sample site exported and imported into a fresh data folder serves the same public
 * pages and the same media bytes; an archive that is not an export, of a newer format, with a changed file
 * or a path escaping its folder is refused before anything is written; only the owner and admins may.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { STORAGE_BUCKETS } from '@atelier/shared';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { type AdminClient, adminClient } from '../support/admin';
import { Browser, bearer, json, OTHER_PASSWORD, signIn } from '../support/auth';
import { runCli } from '../support/process';
import { startTestServer, type TestServer } from '../support/server';
import { startSmtp, type TestSmtp } from '../support/smtp';
import { storedBytes, storedNames } from '../support/stored';
import { zipEntries } from '../support/zip';

let source: TestServer;
let target: TestServer;
let sourceAdmin: AdminClient;
let targetAdmin: AdminClient;
let archive: Buffer;
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startSmtp();
  source = await startTestServer({ env: { PASSWORD_HASH: 'fast' } });
  target = await startTestServer({ content: 'empty', env: { PASSWORD_HASH: 'fast', SMTP_URL: smtp.url } });
  sourceAdmin = await adminClient(source);
  targetAdmin = await adminClient(target);
  const res = await source.get('/api/admin/site-export', { headers: bearer(sourceAdmin.token) });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/zip');
  expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="atelier-export-.*\.zip"/);
  archive = Buffer.from(await res.arrayBuffer());
});
afterAll(async () => {
  await source.stop();
  await target.stop();
  await smtp.close();
});

/** A zip of `files`. */
async function zipOf(files: Map<string, Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, bytes] of files) zip.addBuffer(bytes, name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const importArchive = (bytes: Buffer, caller = targetAdmin, check = false) =>
  fetch(`${target.url}/api/admin/site-import${check ? '?check=true' : ''}`, {
    method: 'POST',
    headers: { ...bearer(caller.token), 'content-type': 'application/zip' },
    body: new Uint8Array(bytes),
  });

/** What an import must leave alone when it refuses: the target's rows and its stored files. */
async function targetState() {
  const rows: Record<string, unknown[]> = {};
  for (const table of [
    'projects',
    'blog_posts',
    'media_files',
    'users',
    'project_categories',
    'site_settings',
  ])
    rows[table] = await target.db.all(`SELECT * FROM ${table} ORDER BY id`);
  const files = (await Promise.all(STORAGE_BUCKETS.map((bucket) => storedNames(target, bucket))))
    .flat()
    .sort();
  return { rows, files, folder: fs.readdirSync(target.dataDir).sort() };
}

async function expectRefused(bytes: Buffer, message: RegExp) {
  const before = await targetState();
  const res = await importArchive(bytes);
  const body = await res.json();
  expect(res.status).toBe(400);
  expect(body.error.message).toMatch(message);
  expect(await targetState()).toEqual(before);
}

describe('an archive that is not a whole Atelier export is refused before anything is written', () => {
  it('refuses a zip that is not an export, and a file that is not a zip', async () => {
    await expectRefused(await zipOf(new Map([['notes.txt', Buffer.from('hello')]])), /not an Atelier export/);
    await expectRefused(Buffer.from('not a zip at all'), /not an Atelier export/);
  });

  it('refuses an export of a newer format version', async () => {
    const files = await zipEntries(archive);
    const manifest = JSON.parse(String(files.get('manifest.json')));
    files.set('manifest.json', Buffer.from(JSON.stringify({ ...manifest, version: manifest.version + 1 })));
    await expectRefused(await zipOf(files), /made by a newer Atelier \(export format 2/);
  });

  it('refuses an export whose file does not match its hash, naming the file', async () => {
    const files = await zipEntries(archive);
    const photo = [...files.keys()].find((name) => name.startsWith('media/projects/'));
    expect(photo).toBeDefined();
    const changed = Buffer.from(files.get(photo as string) as Buffer);
    changed.writeUInt8(changed.readUInt8(changed.length - 3) ^ 0xff, changed.length - 3);
    files.set(photo as string, changed);
    await expectRefused(
      await zipOf(files),
      new RegExp(`${(photo as string).replace(/\./g, '\\.')} does not match its SHA-256`),
    );
  });

  it('refuses an entry whose path escapes its folder (zip-slip)', async () => {
    const files = await zipEntries(archive);
    // yazl refuses to write such a name: written under a stand-in of the same length, then patched.
    const standIn = 'content/aaaaaaaaaaa.json';
    const escaping = '../../../../escaped.json';
    expect(escaping.length).toBe(standIn.length);
    files.set(standIn, Buffer.from('[]'));
    const zip = await zipOf(files);
    const patched = Buffer.from(zip.toString('latin1').split(standIn).join(escaping), 'latin1');
    await expectRefused(patched, /\.\.\/\.\.\/\.\.\/\.\.\/escaped\.json is a path that escapes its folder/);
    expect(fs.existsSync(path.join(target.dataDir, '..', '..', '..', 'escaped.json'))).toBe(false);
  });
});

describe('who may export and import', () => {
  it('refuses an editor (403) and writes nothing', async () => {
    const editor = await adminClient(target, 'editor');
    expect((await target.get('/api/admin/site-export', { headers: bearer(editor.token) })).status).toBe(403);
    const before = await targetState();
    expect((await importArchive(archive, editor)).status).toBe(403);
    const wxr = await fetch(`${target.url}/api/admin/wordpress-import?check=true`, {
      method: 'POST',
      headers: { ...bearer(editor.token), 'content-type': 'application/xml' },
      body: '<rss/>',
    });
    expect(wxr.status).toBe(403);
    expect(await targetState()).toEqual(before);
  });
});

/** The public pages of a site: the fixed ones and every address of its sitemap. */
async function publicPages(server: TestServer): Promise<string[]> {
  const sitemap = await (await server.get('/sitemap.xml')).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] as string).pathname);
  return [...new Set(['/', '/projects', '/blog', '/services', '/about', '/contact', ...listed])].sort();
}

/** The SHA-256 of a stored file (`bucket/name`), read through its server's store. */
const sha256 = async (server: TestServer, stored: string) =>
  createHash('sha256')
    .update((await storedBytes(server, `/media/${stored}`))!)
    .digest('hex');

describe('the sample site, exported and imported into a fresh data folder', () => {
  it('checks first (counts, nothing written), then imports: same pages, same media bytes', async () => {
    const checked = await importArchive(archive, targetAdmin, true);
    expect(checked.status).toBe(200);
    const summary = await checked.json();
    const count = async (table: string) =>
      ((await source.db.get(`SELECT count(*) AS n FROM ${table}`)) as { n: number }).n;
    expect(summary.counts.projects).toBe(await count('projects'));
    expect(summary.counts.blog_posts).toBe(await count('blog_posts'));
    expect(summary.counts.media_files).toBe(await count('media_files'));
    expect(summary.accounts).toEqual([sourceAdmin.user.email]);
    expect(await target.db.get('SELECT count(*) AS n FROM projects')).toEqual({ n: 0 });

    const imported = await importArchive(archive);
    expect(imported.status).toBe(200);
    expect((await imported.json()).counts).toEqual(summary.counts);

    // Staff come over without a password, session or second factor.
    const account = await target.db.get(
      'SELECT u.password_hash, p.role FROM users u JOIN profiles p ON p.id = u.id WHERE u.email = ?',
      sourceAdmin.user.email,
    );
    expect(account).toEqual({ password_hash: null, role: 'admin' });
    expect(
      await target.db.get(
        'SELECT count(*) AS n FROM sessions WHERE user_id IN (SELECT id FROM users WHERE email = ?)',
        sourceAdmin.user.email,
      ),
    ).toEqual({ n: 0 });

    const pages = await publicPages(source);
    expect(pages.length).toBeGreaterThan(20);
    expect(await publicPages(target)).toEqual(pages);
    for (const page of pages) {
      const [a, b] = await Promise.all([source.get(page), target.get(page)]);
      expect(b.status, page).toBe(a.status);
      // The one difference: each server's own address (absolute links: canonical, og:url, the sitemap's).
      const html = async (res: Response, server: TestServer) => (await res.text()).split(server.url).join('');
      expect(await html(b, target), page).toBe(await html(a, source));
    }

    const media = (await source.db.all(
      'SELECT path, alt_text, folder_id FROM media_files ORDER BY path',
    )) as {
      path: string;
    }[];
    expect(media.length).toBeGreaterThan(10);
    expect(await target.db.all('SELECT path, alt_text, folder_id FROM media_files ORDER BY path')).toEqual(
      media,
    );
    for (const { path: stored } of media)
      expect(await sha256(target, stored), stored).toBe(await sha256(source, stored));
  });

  it('gives an imported account no password: "Forgot your password?" sets one, which then signs in', async () => {
    const email = sourceAdmin.user.email;
    expect((await signIn(target, email, OTHER_PASSWORD)).status).toBe(400);
    expect((await fetch(`${target.url}/auth/v1/recover`, json({ email }))).status).toBe(200);
    const mail = await smtp.waitFor(email, /Reset your/);
    const browser = new Browser(target);
    const link = new URL(mail.link as string);
    await browser.fetch(`${link.pathname}${link.search}`, { csrf: false });
    const { access_token } = (await (await browser.refresh()).json()) as { access_token: string };
    const set = await fetch(`${target.url}/auth/v1/user`, {
      method: 'PUT',
      headers: { ...bearer(access_token), 'content-type': 'application/json' },
      body: JSON.stringify({ password: OTHER_PASSWORD, password_confirmation: OTHER_PASSWORD }),
    });
    expect(set.status).toBe(200);
    expect((await signIn(target, email, OTHER_PASSWORD)).status).toBe(200);
  });

  it('refuses an import into a site with content of its own (409)', async () => {
    const created = await targetAdmin.post('/api/admin/projects', {
      title: 'A house of our own',
      description: 'Written after the import.',
      category: 'residential',
      location: 'Zomba',
      client: 'Us',
      completion_date: '2026-01-31',
      status: 'draft',
      project_type: 'project',
      images: [],
      image_alts: {},
      thumbnail: null,
    });
    expect(created.status).toBe(201);
    const before = await targetState();
    const res = await importArchive(archive);
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toMatch(/already has content of its own/);
    expect(await targetState()).toEqual(before);
  });
});

describe('the CLI', () => {
  it('exports with `atelier export` and imports with `atelier import` into an empty folder', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-port-cli-'));
    try {
      const file = path.join(dir, 'site.zip');
      const out = await runCli(['export', file], { ...target.env, DATA_DIR: target.dataDir });
      expect(out.output).toMatch(/Exported .* projects/);
      expect(out.code).toBe(0);
      const fresh = path.join(dir, 'data');
      const back = await runCli(['import', file], { DATA_DIR: fresh });
      expect(back.output).toMatch(/Imported .* media files/);
      expect(back.code).toBe(0);
      const again = await runCli(['import', file], { DATA_DIR: fresh });
      expect(again.code).toBe(1);
      expect(again.output).toMatch(/already has content of its own/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('exports every saved version when asked (--revisions, ?revisions=true), as plain JSON, and imports them', async () => {
    expect([...(await zipEntries(archive)).keys()]).not.toContain('content/revisions.json');
    const draft = (title: string) => ({
      title,
      description: 'A house saved twice.',
      category: 'residential',
      status: 'draft',
      images: [],
    });
    const project = (await sourceAdmin.post('/api/admin/projects', draft('Versioned house'))).body;
    const saved = await sourceAdmin.put(
      `/api/admin/projects/${project.id}`,
      draft('Versioned house, second draft'),
    );
    expect(saved.status).toBe(200);
    const asked = await source.get('/api/admin/site-export?revisions=true', {
      headers: bearer(sourceAdmin.token),
    });
    expect(asked.status).toBe(200);
    const exported = JSON.parse(
      (await zipEntries(Buffer.from(await asked.arrayBuffer()))).get('content/revisions.json')?.toString() ??
        '[]',
    ) as { entity_id: string; data: { title: string } }[];
    const titles = exported.filter((r) => r.entity_id === project.id).map((r) => r.data.title);
    expect(titles).toEqual(['Versioned house', 'Versioned house, second draft']);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-port-revisions-'));
    try {
      const file = path.join(dir, 'site.zip');
      expect(
        (await runCli(['export', file, '--revisions'], { ...source.env, DATA_DIR: source.dataDir })).code,
      ).toBe(0);
      const fresh = path.join(dir, 'data');
      expect((await runCli(['import', file], { DATA_DIR: fresh })).code).toBe(0);
      const db = new Database(path.join(fresh, 'atelier.db'), { readonly: true });
      try {
        const count = 'SELECT count(*) AS n FROM revisions';
        expect(db.prepare(count).get()).toEqual(await source.db.get(count));
        const blobs = 'SELECT id, data FROM revisions ORDER BY id';
        expect(db.prepare(blobs).all()).toEqual(await source.db.all(blobs));
      } finally {
        db.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
