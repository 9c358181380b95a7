import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fingerprint, preflight, sizeRefusal, sniffMime } from './file-check';

const dir = mkdtempSync(join(tmpdir(), 'atelier-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, bytes: Buffer) {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 0, 0, 0, 13]);

describe('pre-flight checks', () => {
  it('recognises the accepted types by content, whatever the name says', () => {
    expect(sniffMime(PNG)).toBe('image/png');
    expect(sniffMime(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffMime(Buffer.from('GIF89a......'))).toBe('image/gif');
    expect(sniffMime(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffMime(Buffer.from('%PDF-1.7\n'))).toBe('application/pdf');
    expect(sniffMime(Buffer.from('MZ\x90\0 executable'))).toBeNull();
  });

  it('refuses an empty file, one over the limit and one of another type, with the reason', async () => {
    expect(await preflight(file('empty.png', Buffer.alloc(0)), 0)).toEqual({
      ok: false,
      reason: 'The file is empty.',
    });
    expect(sizeRefusal(2 * 1024 * 1024 + PNG.length, 1024 * 1024)).toBe(
      'The file is too large: at most 1 MB. (2.0 MB)',
    );
    expect(sizeRefusal(1024 * 1024, 1024 * 1024)).toBeNull();
    expect(sizeRefusal(2 * 1024 * 1024, null)).toBeNull();
    const fake = file('photo.jpg', Buffer.from('#!/bin/sh\necho not a photo\n'));
    expect(await preflight(fake, 26)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('PDF'),
    });
    expect(await preflight(file('ok.png', PNG), PNG.length)).toEqual({
      ok: true,
      mimeType: 'image/png',
    });
  });

  it('changes the fingerprint when the content changes, even at the same size', async () => {
    const path = file('doc.pdf', Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(200_000, 1)]));
    const before = await fingerprint(path, 200_005);
    writeFileSync(path, Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(199_999, 1), Buffer.from([2])]));
    expect(await fingerprint(path, 200_005)).not.toBe(before);
  });
});
