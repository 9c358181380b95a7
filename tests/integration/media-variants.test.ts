import fs from 'node:fs';
import path from 'node:path';
import { IMAGE_WIDTHS } from '@atelier/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../support/auth';
import { startTestServer, type TestServer } from '../support/server';
import { tusUpload } from '../support/tus';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer({ content: 'empty', env: { PASSWORD_HASH: 'fast' } });
  admin = (await signedInUser(server, { role: 'admin' })).tokens.access_token;
});
afterAll(() => server.stop());

/**
 * A camera's photograph as its sensor stored it: 1200×800, red above and blue below, with EXIF orientation 6
 * (turned a quarter clockwise to be seen: 800×1200, blue on the left, red on the right), GPS and a camera name.
 */
const camera = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 20, g: 40, b: 220 } } })
    .composite([
      {
        input: {
          create: { width: 1200, height: 400, channels: 3, background: { r: 220, g: 30, b: 20 } },
        },
        top: 0,
        left: 0,
      },
    ])
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'Studio Camera', Model: 'X100' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '13/1 58/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '33/1 47/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();

/** The upright photograph's left and right middles: which colour each is. */
async function sides(bytes: Buffer) {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number) => {
    const i = (Math.floor(info.height / 2) * info.width + x) * 3;
    return data[i]! > data[i + 2]! ? 'red' : 'blue';
  };
  return [at(Math.floor(info.width * 0.1)), at(Math.floor(info.width * 0.9))];
}

/** A variant's format, size, metadata and orientation, as a browser would receive it. */
async function variant(bytes: Buffer) {
  const meta = await sharp(bytes).metadata();
  return {
    format: meta.format === 'heif' ? meta.compression : meta.format,
    width: meta.width,
    height: meta.height,
    exif: meta.exif,
    xmp: meta.xmp,
    orientation: meta.orientation,
    sides: await sides(bytes),
  };
}

describe('the variants of an uploaded photograph', () => {
  it('are upright, without metadata, at every width and format the server names; the pages’ set is made ahead', async () => {
    const { status, body } = await tusUpload(server.url, admin, await camera(), {
      filename: 'site-visit.jpg',
    });
    expect(status).toBe(200);
    expect(body.item).toMatchObject({ width: 800, height: 1200 });
    const dir = path.join(server.dataDir, 'cache', 'variants');
    const relative = body.item.url.replace(/^\/media\//, '');
    const expected = { format: 'av1', exif: undefined, xmp: undefined, orientation: undefined };
    // The admin's preview (the grid's `?w=480`, AVIF in Chromium) is ready when the upload answers.
    const preview = fs.readFileSync(path.join(dir, `${relative}.w480.avif`));
    expect(await variant(preview)).toEqual({ ...expected, width: 480, height: 720, sides: ['blue', 'red'] });
    await server.running.deps.variants.idle();

    // Made ahead, before anyone asks: the AVIF of every width (what `?w=` answers a current browser).
    for (const width of IMAGE_WIDTHS) {
      const made = fs.readFileSync(path.join(dir, `${relative}.w${width}.avif`));
      // Never enlarged: the 1200 and 1600 widths of an 800-wide photograph are the photograph's own size.
      const w = Math.min(width, 800);
      expect(await variant(made)).toEqual({
        ...expected,
        width: w,
        height: Math.round((w * 1200) / 800),
        sides: ['blue', 'red'],
      });
    }

    // Every other format and the portrait crop are made on request, with the same properties.
    const cases = [
      { query: '?w=480', accept: 'image/avif,image/webp,*/*', format: 'av1', size: [480, 720] },
      { query: '?w=800&f=webp', format: 'webp', size: [800, 1200] },
      { query: '?w=1200&f=jpeg', format: 'jpeg', size: [800, 1200] },
      { query: '?w=480', accept: 'image/webp,*/*', format: 'webp', size: [480, 720] },
      { query: '?w=480&c=portrait&f=jpeg', format: 'jpeg', size: [480, 853] },
    ];
    for (const { query, accept, format, size } of cases) {
      const res = await fetch(`${server.url}${body.item.url}${query}`, {
        headers: accept ? { accept } : {},
      });
      expect(res.status, query).toBe(200);
      const got = await variant(Buffer.from(await res.arrayBuffer()));
      expect(got, query).toEqual({
        ...expected,
        format,
        width: size[0],
        height: size[1],
        sides: ['blue', 'red'],
      });
    }
  });
});
