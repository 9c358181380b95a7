/**
 * Images given by another site's URL are fetched into the media library when content is saved, and the
 * library's URL is stored (the Content-Security-Policy shows only the site's own images). The "other site" is a
 * server on loopback, let through by the test-only URL_IMPORT_ALLOW_LOOPBACK; with it off, loopback is refused
 * like every private address.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../server/src/lib/public-fetch';
import { type AdminClient, adminClient, countRows } from '../support/admin';
import { testEnv } from '../support/env';
import { runCli } from '../support/process';
import { startTestServer, type TestServer } from '../support/server';

let site: http.Server;
let origin: string;
let png: Buffer;
let server: TestServer;
let admin: AdminClient;

beforeAll(async () => {
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#a05a2c' } })
    .png()
    .toBuffer();
  const big = Buffer.concat([png, Buffer.alloc(300_000, 7)]);
  site = http.createServer((req, res) => {
    const hops = /^\/hop\/(\d+)\.png$/.exec(req.url ?? '');
    if (hops) {
      const n = Number(hops[1]);
      res.writeHead(302, { location: n > 0 ? `/hop/${n - 1}.png` : '/photo.png' }).end();
    } else if (req.url === '/to-private.png')
      res.writeHead(302, { location: 'http://10.0.0.1/photo.png' }).end();
    else if (req.url === '/to-metadata.png')
      res.writeHead(302, { location: 'http://169.254.169.254/x.png' }).end();
    else if (req.url?.startsWith('/photo')) res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    else if (req.url === '/slow.png')
      res.writeHead(200, { 'content-type': 'image/png' }).write(png.subarray(0, 100));
    else if (req.url === '/big.png') res.writeHead(200, { 'content-type': 'image/png' }).end(big);
    else if (req.url === '/page.png')
      res.writeHead(200, { 'content-type': 'image/png' }).end('<html></html>');
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  server = await startTestServer({
    content: 'empty',
    env: { PASSWORD_HASH: 'fast', URL_IMPORT_ALLOW_LOOPBACK: 'true', UPLOAD_MAX_BYTES: '200000' },
  });
  admin = await adminClient(server);
});
afterAll(async () => {
  await server.stop();
  site.close();
});

const project = (images: string[], extra: Record<string, unknown> = {}) => ({
  title: 'Lakeside house',
  description: 'A house.',
  category: 'residential',
  project_type: 'project',
  status: 'draft',
  images,
  ...extra,
});
const LIBRARY = /^\/media\/[a-z_]+\/[0-9a-f]{24}\.png$/;

describe('images added by URL', () => {
  it("stores a project's outside images in the library: the list, the thumbnail and the alt texts follow", async () => {
    const url = `${origin}/photo.png`;
    const created = await admin.post(
      '/api/admin/projects',
      project([url, `${origin}/hop/2.png`], { thumbnail: url, image_alts: { [url]: 'The lake front' } }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const [first, second] = created.body.images as string[];
    expect(first).toMatch(LIBRARY);
    // The same bytes after redirects: the library's one item (deduplicated), listed once.
    expect(second).toBeUndefined();
    expect(created.body.thumbnail).toBe(first);
    expect(created.body.image_alts).toEqual({ [first!]: 'The lake front' });
    const file = await server.get(first!);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    const media = await admin.get('/api/admin/media');
    expect(JSON.stringify(media.body)).toContain(first);
  });

  it('does the same for blog posts, services and team members, on create and update', async () => {
    const post = await admin.post('/api/admin/blog-posts', {
      title: 'On brick',
      content: 'Text.',
      excerpt: null,
      featured_image: `${origin}/photo-post.png`,
      status: 'draft',
      seo_keywords: [],
    });
    expect(post.status, JSON.stringify(post.body)).toBe(201);
    expect(post.body.featured_image).toMatch(LIBRARY);
    const service = {
      name: 'Surveys',
      description: 'Plans.',
      icon: null,
      price_range: null,
      is_active: true,
    };
    const made = await admin.post('/api/admin/services', { ...service, image: null });
    expect(made.status).toBe(201);
    const updated = await admin.call('PUT', `/api/admin/services/${made.body.id}`, {
      ...service,
      image: `${origin}/photo-service.png`,
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.image).toMatch(LIBRARY);
    const member = await admin.post('/api/admin/team-members', {
      name: 'Chikondi Phiri',
      role: 'Lead Architect',
      image: `${origin}/photo-member.png`,
      quote: null,
      facebook_url: null,
      instagram_url: null,
      linkedin_url: null,
    });
    expect(member.status, JSON.stringify(member.body)).toBe(201);
    expect(member.body.image).toMatch(LIBRARY);
  });

  it('answers 400 at the field, saving nothing, for a private address, too many redirects, too big or not an image', async () => {
    const before = await countRows(server, 'projects');
    const cases = [
      [`${origin}/to-private.png`, 'not a public one'],
      [`${origin}/to-metadata.png`, 'not a public one'],
      ['http://10.1.2.3/photo.png', 'not a public one'],
      ['http://[::ffff:192.168.1.1]/photo.png', 'not a public one'],
      [`${origin}/hop/3.png`, 'more than 3 redirects'],
      [`${origin}/big.png`, 'larger than the upload limit'],
      [`${origin}/page.png`, 'not an image'],
      [`${origin}/missing.png`, 'answered 404'],
    ] as const;
    for (const [url, why] of cases) {
      const res = await admin.post('/api/admin/projects', project([url]));
      expect(res.status, url).toBe(400);
      expect(res.body.error.issues, url).toEqual([
        { path: 'images.0', message: expect.stringContaining(why) },
      ]);
      expect(res.body.error.message).toContain(url);
    }
    expect(await countRows(server, 'projects')).toBe(before);
  });

  it('gives up on a site that does not finish its answer within 10 seconds', async () => {
    const res = await admin.post('/api/admin/projects', project([`${origin}/slow.png`]));
    expect(res.status).toBe(400);
    expect(res.body.error.issues[0].message).toContain('no answer within 10 seconds');
  }, 20_000);

  it('refuses loopback without the test-only switch, which only NODE_ENV=test accepts', async () => {
    const plain = await startTestServer({ content: 'empty', env: { PASSWORD_HASH: 'fast' } });
    try {
      const res = await (await adminClient(plain)).post(
        '/api/admin/projects',
        project([`${origin}/photo.png`]),
      );
      expect(res.status).toBe(400);
      expect(res.body.error.issues[0].message).toContain('not a public one');
      expect(await countRows(plain, 'projects')).toBe(0);
    } finally {
      await plain.stop();
    }
    expect(() => testEnv('/tmp/x', { NODE_ENV: 'production', URL_IMPORT_ALLOW_LOOPBACK: 'true' })).toThrow(
      /tests only/,
    );
  });

  it('imports the outside URLs already saved with the CLI, reporting those it cannot fetch', async () => {
    const made = await admin.post('/api/admin/projects', project([]));
    const member = await admin.post('/api/admin/team-members', {
      name: 'Thoko Banda',
      role: 'Architect',
      image: `${origin}/photo.png`,
      quote: null,
      facebook_url: null,
      instagram_url: null,
      linkedin_url: null,
    });
    // Saved before imports existed (written past the API).
    const outside = `${origin}/photo-old.png`;
    await server.db.run(
      'UPDATE projects SET images = ?, thumbnail = ? WHERE id = ?',
      JSON.stringify([outside]),
      outside,
      made.body.id,
    );
    await server.db.run(
      'UPDATE team_members SET image = ? WHERE id = ?',
      'http://10.9.9.9/x.png',
      member.body.id,
    );
    const env = {
      ...server.env,
      DATA_DIR: server.dataDir,
      NODE_ENV: 'test',
      URL_IMPORT_ALLOW_LOOPBACK: 'true',
    };
    const { code, output } = await runCli(['media:import-urls'], env);
    expect(output).toContain('Imported the outside images of 1 entry.');
    expect(output).toContain(`Not imported: team-members ${member.body.id}`);
    expect(output).toContain('not a public one');
    expect(code).toBe(1);
    const row = (await server.db.get(
      'SELECT images, thumbnail FROM projects WHERE id = ?',
      made.body.id,
    )) as {
      images: string;
      thumbnail: string;
    };
    const [image] = JSON.parse(row.images) as string[];
    expect(image).toMatch(LIBRARY);
    expect(row.thumbnail).toBe(image);
    expect((await server.get(image!)).status).toBe(200);
  });

  it('judges addresses: public ones pass; loopback, private, link-local, CGNAT, metadata and the like do not', () => {
    for (const address of ['8.8.8.8', '41.77.10.1', '2606:4700:4700::1111', '2c0f:fe38::1'])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.5',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      'fd00:ec2::254',
      'fe80::1',
      'fc00::1',
      'ff02::1',
      '64:ff9b::a00:1',
    ])
      expect(isPublicAddress(address), address).toBe(false);
    expect(isPublicAddress('127.0.0.1', true)).toBe(true);
    expect(isPublicAddress('10.0.0.1', true)).toBe(false);
  });
});
