/**
 * A WordPress export (WXR) into the blog: a preview with counts before anything is written, then the import
 * (Markdown content, keywords, dates, drafts, featured and inline images fetched from the old site, which the
 * test serves on loopback), run twice without creating anything twice; an image of another host is left out.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, adminClient, countRows } from '../support/admin';
import { bearer } from '../support/auth';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let admin: AdminClient;
let oldSite: http.Server;
let otherHost: http.Server;
let site: string;
let other: string;
const served: string[] = [];

const listen = (handler: http.RequestListener) =>
  new Promise<http.Server>((resolve) => {
    const s = http.createServer(handler);
    s.listen(0, '127.0.0.1', () => resolve(s));
  });

beforeAll(async () => {
  const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#8a6d3b' } })
    .jpeg()
    .toBuffer();
  const inline = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#3b6d8a' } })
    .png()
    .toBuffer();
  const handler: http.RequestListener = (req, res) => {
    served.push(`${req.headers.host}${req.url}`);
    const body = req.url?.endsWith('.png') ? inline : photo;
    res.writeHead(200, { 'content-type': req.url?.endsWith('.png') ? 'image/png' : 'image/jpeg' });
    res.end(body);
  };
  oldSite = await listen(handler);
  otherHost = await listen(handler);
  site = `http://127.0.0.1:${(oldSite.address() as AddressInfo).port}`;
  other = `http://127.0.0.1:${(otherHost.address() as AddressInfo).port}`;
  server = await startTestServer({
    content: 'empty',
    env: { PASSWORD_HASH: 'fast', URL_IMPORT_ALLOW_LOOPBACK: 'true' },
  });
  admin = await adminClient(server);
});
afterAll(async () => {
  await server.stop();
  oldSite.close();
  otherHost.close();
});

const item = (fields: string) => `<item>${fields}</item>`;
const wxr = () => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/"
  xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
  <title>Old studio</title>
  <link>${site}</link>
  <wp:wxr_version>1.2</wp:wxr_version>
  <wp:base_site_url>${site}</wp:base_site_url>
  ${item(`<title>Courtyard houses</title><wp:post_id>11</wp:post_id><wp:post_name>courtyard-houses</wp:post_name>
    <wp:post_type>post</wp:post_type><wp:status>publish</wp:status>
    <wp:post_date_gmt>2021-04-02 09:30:00</wp:post_date_gmt>
    <content:encoded><![CDATA[<!-- wp:paragraph --><p>Shade <strong>first</strong>, then rooms.</p><!-- /wp:paragraph -->
<h2>Plan</h2><p><img src="${site}/wp-content/uploads/plan.png" alt="Plan"></p>
<script>alert(1)</script><p><a href="https://example.org/x">A link</a></p>]]></content:encoded>
    <excerpt:encoded><![CDATA[<p>Why the <em>courtyard</em> works.</p>]]></excerpt:encoded>
    <category domain="category" nicename="houses"><![CDATA[Houses]]></category>
    <category domain="post_tag" nicename="shade"><![CDATA[Shade]]></category>
    <wp:postmeta><wp:meta_key>_thumbnail_id</wp:meta_key><wp:meta_value>90</wp:meta_value></wp:postmeta>`)}
  ${item(`<title>Notes on brick</title><wp:post_id>12</wp:post_id><wp:post_name>notes-on-brick</wp:post_name>
    <wp:post_type>post</wp:post_type><wp:status>draft</wp:status>
    <wp:post_date_gmt>0000-00-00 00:00:00</wp:post_date_gmt><wp:post_date>2022-01-05 10:00:00</wp:post_date>
    <content:encoded><![CDATA[First paragraph.

Second paragraph <img src="${other}/hotlinked.jpg" alt="elsewhere">]]></content:encoded>`)}
  ${item(`<title>About us</title><wp:post_id>13</wp:post_id><wp:post_type>page</wp:post_type><wp:status>publish</wp:status>
    <content:encoded><![CDATA[<p>A page.</p>]]></content:encoded>`)}
  ${item(`<title>Old idea</title><wp:post_id>14</wp:post_id><wp:post_type>post</wp:post_type><wp:status>trash</wp:status>
    <content:encoded><![CDATA[<p>Gone.</p>]]></content:encoded>`)}
  ${item(`<title>front.jpg</title><wp:post_id>90</wp:post_id><wp:post_type>attachment</wp:post_type>
    <wp:attachment_url>${site}/wp-content/uploads/front.jpg</wp:attachment_url>`)}
</channel>
</rss>`;

const send = (xml: string, check: boolean, token = admin.token) =>
  fetch(`${server.url}/api/admin/wordpress-import${check ? '?check=true' : ''}`, {
    method: 'POST',
    headers: { ...bearer(token), 'content-type': 'application/xml' },
    body: xml,
  });

describe('a WordPress export into the blog', () => {
  it('previews the counts and what it leaves out, writing and fetching nothing', async () => {
    const res = await send(wxr(), true);
    expect(res.status).toBe(200);
    const preview = await res.json();
    expect(preview).toMatchObject({ site, posts: 1, drafts: 1, images: 2 });
    expect(preview.skipped).toEqual(
      expect.arrayContaining([
        { item: 'About us', reason: 'a page, not a blog post' },
        { item: 'Old idea', reason: 'its WordPress status is trash' },
        { item: 'Notes on brick', reason: `its image ${other}/hotlinked.jpg is not on ${site}` },
      ]),
    );
    expect(await countRows(server, 'blog_posts')).toBe(0);
    expect(await countRows(server, 'media_files')).toBe(0);
    expect(served).toEqual([]);
  });

  it('imports the posts with their images from the old site only, then creates nothing twice', async () => {
    const res = await send(wxr(), false);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ posts: 1, drafts: 1, images: 2 });
    expect(served.sort()).toEqual(
      [
        `${new URL(site).host}/wp-content/uploads/front.jpg`,
        `${new URL(site).host}/wp-content/uploads/plan.png`,
      ].sort(),
    );

    const posts = (await server.db.all('SELECT * FROM blog_posts ORDER BY title')) as Record<
      string,
      string
    >[];
    expect(posts.map((p) => [p.title, p.slug, p.status])).toEqual([
      ['Courtyard houses', 'courtyard-houses', 'published'],
      ['Notes on brick', 'notes-on-brick', 'draft'],
    ]);
    const [courtyard, brick] = posts as [Record<string, string>, Record<string, string>];
    expect(courtyard.publish_date).toBe('2021-04-02T09:30:00.000Z');
    expect(courtyard.created_at).toBe('2021-04-02T09:30:00.000Z');
    expect(JSON.parse(courtyard.seo_keywords as string)).toEqual(['Houses', 'Shade']);
    expect(courtyard.excerpt).toBe('Why the courtyard works.');
    expect(courtyard.featured_image).toMatch(/^\/media\/blog\/[a-f0-9]+\.jpg$/);
    // Markdown, the script gone, the inline image pointing at the library's copy.
    expect(courtyard.content).toContain('Shade **first**, then rooms.');
    expect(courtyard.content).toContain('## Plan');
    expect(courtyard.content).toMatch(/!\[Plan\]\(\/media\/blog\/[a-f0-9]+\.png\)/);
    expect(courtyard.content).toContain('[A link](https://example.org/x)');
    expect(courtyard.content).not.toContain('alert');
    expect(brick.content).toBe('First paragraph.\n\nSecond paragraph');
    expect(brick.created_at).toBe('2022-01-05T10:00:00.000Z');
    expect(await countRows(server, 'media_files')).toBe(2);
    const page = await (await server.get('/blog/courtyard-houses')).text();
    expect(page).toContain('Courtyard houses');
    expect((await server.get(courtyard.featured_image as string)).status).toBe(200);

    served.length = 0;
    const again = await send(wxr(), false);
    expect(again.status).toBe(200);
    const second = await again.json();
    expect(second).toMatchObject({ posts: 0, drafts: 0, images: 0 });
    expect(second.skipped).toEqual(
      expect.arrayContaining([
        { item: 'Courtyard houses', reason: 'imported already' },
        { item: 'Notes on brick', reason: 'imported already' },
      ]),
    );
    expect(await countRows(server, 'blog_posts')).toBe(2);
    expect(await countRows(server, 'media_files')).toBe(2);
    expect(served).toEqual([]);
  });

  it('refuses a file that is not a WordPress export, and an editor', async () => {
    const res = await send('<rss><channel><title>x</title></channel></rss>', true);
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(/not a WordPress export/);
    const editor = await adminClient(server, 'editor');
    expect((await send(wxr(), false, editor.token)).status).toBe(403);
    expect(await countRows(server, 'blog_posts')).toBe(2);
  });
});
