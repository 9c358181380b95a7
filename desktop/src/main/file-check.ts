/**
 * The server's upload rules, checked before a byte leaves the disk: the type by content (magic bytes,
 * the same kinds the server accepts) and the size limit. No electron import.
 */
import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { formatBytes, MEDIA_MESSAGES } from '@atelier/shared';

const SIGNATURES: { mime: string; test: (head: Buffer) => boolean }[] = [
  {
    mime: 'image/png',
    test: (h) => h.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10])),
  },
  { mime: 'image/jpeg', test: (h) => h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff },
  { mime: 'image/gif', test: (h) => /^GIF8[79]a$/.test(h.toString('latin1', 0, 6)) },
  {
    mime: 'image/webp',
    test: (h) => h.toString('latin1', 0, 4) === 'RIFF' && h.toString('latin1', 8, 12) === 'WEBP',
  },
  { mime: 'application/pdf', test: (h) => h.toString('latin1', 0, 5) === '%PDF-' },
];

/** The file's type by its first bytes, or null when the server would refuse it. */
export function sniffMime(head: Buffer): string | null {
  return SIGNATURES.find((signature) => signature.test(head))?.mime ?? null;
}

export type Preflight = { ok: true; mimeType: string } | { ok: false; reason: string };

/** Why the server would refuse this many bytes, if it would (only when the server's limit is known). */
export function sizeRefusal(size: number, maxBytes: number | null): string | null {
  // The server's own message, so a file refused here reads as one refused there.
  return maxBytes !== null && size > maxBytes
    ? `${MEDIA_MESSAGES.tooLarge(maxBytes)} (${formatBytes(size)})`
    : null;
}

/** Why the server would refuse this file's content, if it would (its size: sizeRefusal). */
export async function preflight(path: string, size: number): Promise<Preflight> {
  if (size === 0) return { ok: false, reason: 'The file is empty.' };
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(16);
    await file.read(head, 0, 16, 0);
    const mimeType = sniffMime(head);
    if (!mimeType) return { ok: false, reason: MEDIA_MESSAGES.unsupportedType };
    return { ok: true, mimeType };
  } finally {
    await file.close();
  }
}

const EDGE = 64 * 1024;

/**
 * A cheap content fingerprint: SHA-256 of the size and the first and last 64 KiB. With size and
 * modification time it tells a file edited since it was queued without reading all of a large file.
 */
export async function fingerprint(path: string, size: number): Promise<string> {
  const hash = createHash('sha256').update(String(size));
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(Math.min(EDGE, size));
    await file.read(head, 0, head.length, 0);
    hash.update(head);
    if (size > EDGE) {
      const tail = Buffer.alloc(Math.min(EDGE, size - EDGE));
      await file.read(tail, 0, tail.length, size - tail.length);
      hash.update(tail);
    }
  } finally {
    await file.close();
  }
  return hash.digest('hex');
}
