import type { Context } from 'hono';

/** The codings a body is kept in, best first; `identity` is the bytes as they are. */
export const CODINGS = ['br', 'gzip', 'identity'] as const;
export type Coding = (typeof CODINGS)[number];
/** Suffixes keep each coding's strong ETag distinct, as a strong validator must be per representation. */
const SUFFIX: Record<Coding, string> = { br: '-br', gzip: '-gz', identity: '' };

/** A body kept ready in every coding it has (`identity` always), with the headers it is sent with. */
export interface EncodedBody {
  status: number;
  /** Headers the same for every request (Content-Type, Cache-Control...). */
  headers: Record<string, string>;
  /** The ETag of the identity bytes without its quotes and suffix. */
  tag: string;
  bodies: Partial<Record<Coding, Uint8Array<ArrayBuffer>>> & { identity: Uint8Array<ArrayBuffer> };
}

/** A Buffer as the plain byte view a Response body takes. */
export const bytesOf = (b: Buffer) => new Uint8Array(b.buffer as ArrayBuffer, b.byteOffset, b.byteLength);

/** The codings an Accept-Encoding header accepts (a q of 0 refuses one). */
export function acceptedCodings(header: string | undefined): Set<Coding> {
  const accepted = new Set<Coding>(['identity']);
  if (!header) return accepted;
  const q = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const weight = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    q.set(name.trim(), weight === undefined ? 1 : Number(weight));
  }
  const accepts = (coding: string) => (q.get(coding) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) accepted.add('br');
  if (accepts('gzip') || (q.get('x-gzip') ?? 0) > 0) accepted.add('gzip');
  return accepted;
}

/** Whether If-None-Match names this body in any coding (weak comparison, as RFC 9110 asks for GET). */
function matches(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const value = candidate.trim().replace(/^W\//, '');
    return value === '*' || CODINGS.some((coding) => value === `"${tag}${SUFFIX[coding]}"`);
  });
}

/**
 * Answers with the best coding of `entry` the request accepts, its strong ETag and `Vary:
 * Accept-Encoding`; a 304 without a body when If-None-Match names it (in any coding). The compress
 * middleware leaves an answer with a Content-Encoding alone.
 */
export function sendEncoded(c: Context, entry: EncodedBody): Response {
  const accepted = acceptedCodings(c.req.header('accept-encoding'));
  const coding = CODINGS.find((name) => accepted.has(name) && entry.bodies[name]) ?? 'identity';
  const etag = `"${entry.tag}${SUFFIX[coding]}"`;
  const headers: Record<string, string> = { ...entry.headers, ETag: etag, Vary: 'Accept-Encoding' };
  if (entry.status === 200 && matches(c.req.header('if-none-match'), entry.tag)) {
    return c.body(null, 304, headers);
  }
  if (coding !== 'identity') headers['Content-Encoding'] = coding;
  return c.body(entry.bodies[coding] as Uint8Array<ArrayBuffer>, entry.status as 200, headers);
}
