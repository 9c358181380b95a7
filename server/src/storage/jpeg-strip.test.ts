import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { stripJpegMetadata } from './jpeg-strip';

/** A photograph-like picture (smooth noise), 640×480. */
const picture = () =>
  sharp({
    create: {
      width: 64,
      height: 48,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: 'gaussian', mean: 120, sigma: 50 },
    },
  })
    .png()
    .toBuffer()
    .then((small) => sharp(small).resize(640, 480));

/** A camera's JPEG: EXIF with GPS and the camera's name, XMP, a colour profile. */
const cameraJpeg = async (options: object = {}) =>
  (await picture())
    .withExif({
      IFD0: { Make: 'Studio Camera', Model: 'X100' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '13/1 58/1 0/1' },
    })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF>Secret location</rdf:RDF></x:xmpmeta>')
    .withIccProfile('p3')
    .jpeg({ quality: 90, ...options })
    .toBuffer();

/** A segment inserted right after SOI (a comment, or an application block). */
const withSegment = (jpeg: Buffer, marker: number, text: string) => {
  const payload = Buffer.from(text, 'latin1');
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), head, payload, jpeg.subarray(2)]);
};

const pixels = async (jpeg: Buffer) => (await sharp(jpeg).raw().toBuffer()).toString('base64');

describe('a JPEG’s metadata removed without decoding it', () => {
  for (const [name, options] of [
    ['baseline', {}],
    ['progressive', { progressive: true }],
    ['mozjpeg (progressive, optimised scans)', { mozjpeg: true }],
  ] as const) {
    it(`drops EXIF, GPS, XMP, comments and trailing bytes, keeps the colour profile and every pixel (${name})`, async () => {
      const camera = withSegment(await cameraJpeg(options), 0xfe, 'Shot by the client at home');
      const original = Buffer.concat([camera, Buffer.from('PK\x03\x04 appended archive')]);
      const before = await sharp(original).metadata();
      expect(before.exif).toBeDefined();
      expect(before.xmp).toBeDefined();
      expect(before.icc).toBeDefined();

      const stripped = stripJpegMetadata(original);
      expect(stripped).not.toBeNull();
      const after = await sharp(stripped!).metadata();
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.comments).toBeUndefined();
      expect(after.icc?.equals(before.icc!)).toBe(true);
      for (const secret of [
        'Exif\0\0',
        'Studio Camera',
        'Secret location',
        'Shot by the client',
        'PK\x03\x04',
      ]) {
        expect(original.includes(Buffer.from(secret, 'latin1')), secret).toBe(true);
        expect(stripped!.includes(Buffer.from(secret, 'latin1')), secret).toBe(false);
      }
      expect(after.isProgressive).toBe(before.isProgressive);
      expect(await pixels(stripped!)).toBe(await pixels(original));
      expect(stripped!.length).toBeLessThan(original.length);
    });
  }

  it('leaves to a re-encode what it does not cover: CMYK, a cut-off file, not a JPEG', async () => {
    const cmyk = await (await picture()).toColourspace('cmyk').jpeg().toBuffer();
    expect((await sharp(cmyk).metadata()).channels).toBe(4);
    expect(stripJpegMetadata(cmyk)).toBeNull();
    const jpeg = await cameraJpeg();
    expect(stripJpegMetadata(jpeg.subarray(0, Math.floor(jpeg.length / 2)))).toBeNull();
    expect(stripJpegMetadata(jpeg.subarray(0, jpeg.length - 2))).toBeNull();
    expect(stripJpegMetadata(await (await picture()).png().toBuffer())).toBeNull();
  });
});
