import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { staticFiles } from './static-files';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-static-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** A built file and the copies a build writes beside it. */
function write(name: string, text: string) {
  const file = path.join(root, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}

describe('the built files in memory', () => {
  it('keeps only what fits its limits and reads the rest from the disk', async () => {
    const small = 'a { color: red }\n'.repeat(20);
    const large = 'b { color: blue }\n'.repeat(2000);
    write('assets/small.css', small);
    write('assets/large.css', large);
    write('other/left-out.css', small);
    const files = staticFiles(root, (p) => (p.startsWith('/assets/') ? 'immutable' : undefined), {
      fileBytes: 4096,
      bytes: 64 * 1024,
    });
    expect(files.stats()).toMatchObject({ files: 1, onDisk: 1 });
    expect(files.stats().bytes).toBeLessThan(4096);

    const app = new Hono();
    app.use(files.handler);
    app.get('*', (c) => c.text('next', 404));
    for (const [name, text] of [
      ['small', small],
      ['large', large],
    ]) {
      const br = await app.request(`/assets/${name}.css`, { headers: { 'accept-encoding': 'br' } });
      expect(br.status, name).toBe(200);
      expect(br.headers.get('content-encoding'), name).toBe('br');
      expect(br.headers.get('cache-control'), name).toBe('immutable');
      const body = Buffer.from(await br.arrayBuffer());
      expect(zlib.brotliDecompressSync(body).toString(), name).toBe(text);
    }
    expect((await app.request('/other/left-out.css')).status).toBe(404);
    expect((await app.request('/assets/small.css.br')).status).toBe(404);
  });

  it('stops at its total and serves the rest from the disk', async () => {
    const dir = fs.mkdtempSync(path.join(root, 'total-'));
    for (const n of [1, 2, 3]) fs.writeFileSync(path.join(dir, `f${n}.txt`), 'x'.repeat(1000));
    const files = staticFiles(dir, () => 'no-cache', { fileBytes: 4096, bytes: 2500 });
    expect(files.stats()).toEqual({ files: 2, bytes: 2000, onDisk: 1 });
    const app = new Hono();
    app.use(files.handler);
    for (const n of [1, 2, 3]) expect(await (await app.request(`/f${n}.txt`)).text()).toBe('x'.repeat(1000));
  });
});
