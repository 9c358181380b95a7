import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/process';
import { startTestServer, type TestServer } from '../support/server';

const CLIENT = path.join(ROOT, 'website', 'dist', 'client');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

/** A request as the bytes arrive (fetch would decode them): status, headers and the raw body. */
function raw(pathname: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .request(`${server.url}${pathname}`, { method, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject)
        .end();
    },
  );
}

const decode = (body: Buffer, coding: string | undefined) =>
  coding === 'br' ? zlib.brotliDecompressSync(body) : coding === 'gzip' ? zlib.gunzipSync(body) : body;

/** The home page's stylesheet, its entry script and a font: the files every first visit fetches. */
async function homeAssets() {
  const html = await (await server.get('/')).text();
  const find = (pattern: RegExp) => {
    const found = pattern.exec(html)?.[1];
    expect(found, String(pattern)).toBeDefined();
    return found!;
  };
  return {
    css: find(/href="(\/assets\/index-[\w-]+\.css)"/),
    js: find(/src="(\/assets\/[\w-]+\.js)"/),
    font: find(/href="(\/assets\/[\w-]+\.woff2)"/),
  };
}

describe('the built assets', () => {
  it('answer in the coding asked for, with the bytes of the built file', async () => {
    const { css, js, font } = await homeAssets();
    for (const file of [css, js, '/favicon.svg']) {
      const onDisk = fs.readFileSync(path.join(CLIENT, file));
      const tags = new Set<string>();
      for (const [accept, coding] of [
        ['br, gzip', 'br'],
        ['gzip', 'gzip'],
        ['identity', undefined],
        ['', undefined],
      ] as const) {
        const res = await raw(file, accept ? { 'accept-encoding': accept } : {});
        expect(res.status, `${file} ${accept}`).toBe(200);
        expect(res.headers['content-encoding'], `${file} ${accept}`).toBe(coding);
        expect(res.headers.vary).toBe('Accept-Encoding');
        expect(decode(res.body, coding).equals(onDisk), `${file} ${accept}`).toBe(true);
        tags.add(res.headers.etag!);
      }
      expect(tags.size, 'one strong ETag per coding').toBe(3);
    }
    const style = await raw(css, { 'accept-encoding': 'br' });
    expect(style.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(style.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(style.body.length).toBeLessThan(fs.statSync(path.join(CLIENT, css)).size / 3);
    expect((await raw(js)).headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await raw('/favicon.svg')).headers['cache-control']).toBe('public, max-age=0, must-revalidate');

    // A font is compressed already: the same bytes whatever the request accepts.
    const woff = await raw(font, { 'accept-encoding': 'br, gzip' });
    expect(woff.headers['content-type']).toBe('font/woff2');
    expect(woff.headers['content-encoding']).toBeUndefined();
    expect(woff.body.equals(fs.readFileSync(path.join(CLIENT, font)))).toBe(true);
  });

  it('answer 304 to a request that names the copy it has, and HEAD without a body', async () => {
    const { css } = await homeAssets();
    const br = await raw(css, { 'accept-encoding': 'br' });
    const again = await raw(css, { 'accept-encoding': 'br', 'if-none-match': br.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(br.headers.etag);
    // The tag of another coding names the same file.
    const gz = await raw(css, { 'accept-encoding': 'gzip', 'if-none-match': br.headers.etag! });
    expect(gz.status).toBe(304);
    expect((await raw(css, { 'if-none-match': '"something-else"' })).status).toBe(200);

    const head = await raw(css, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers.etag).toBe(br.headers.etag);
  });

  it('answer 404 for a file the build does not have', async () => {
    for (const file of ['/assets/index-missing.css', '/assets/nothing.js', '/assets/', '/missing.svg']) {
      expect((await raw(file, { 'accept-encoding': 'br, gzip' })).status, file).toBe(404);
    }
    // The template and the pre-compressed copies are not files of the site.
    expect((await raw('/index.html')).status).toBe(404);
    const { css } = await homeAssets();
    expect((await raw(`${css}.br`)).status).toBe(404);
  });
});
