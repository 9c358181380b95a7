import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/**
 * Fetches a URL a person typed, from the server, without letting it reach what only the server can: http(s)
 * only; every address the name resolves to must be public (no loopback, private, link-local, CGNAT, metadata,
 * multicast or reserved range, IPv4 or IPv6), checked at connection time on the address actually connected to
 * (so a name that changes its answer between a check and the connection gains nothing), and again on every
 * redirect (at most MAX_REDIRECTS); the whole fetch within `timeoutMs`, and at most `maxBytes` read.
 */
export const MAX_REDIRECTS = 3;

const BLOCKED = new net.BlockList();
for (const [net4, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED.addSubnet(net4, prefix, 'ipv4');
for (const [net6, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  BLOCKED.addSubnet(net6, prefix, 'ipv6');
const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * An IPv4 address written as IPv6 (`::ffff:10.0.0.1`) is judged as the IPv4 address it is (BlockList also
 * matches IPv4 rules against such addresses, so no `::ffff:0:0/96` rule, which would match every IPv4 one).
 * NAT64 (64:ff9b::/96) and 6to4 (2002::/16), which embed IPv4 addresses, are refused whole.
 */
function family(address: string): { address: string; type: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return { address: mapped[1], type: 'ipv4' };
  return { address, type: net.isIPv6(address) ? 'ipv6' : 'ipv4' };
}

/** Whether the server may connect to `address` for a person's URL (loopback too, with `allowLoopback`). */
export function isPublicAddress(address: string, allowLoopback = false): boolean {
  const { address: a, type } = family(address);
  if (allowLoopback && LOOPBACK.check(a, type)) return true;
  return !BLOCKED.check(a, type);
}

export class PublicFetchError extends Error {}

export interface PublicFetchOptions {
  timeoutMs: number;
  maxBytes: number;
  /** Test-only: lets loopback addresses through (every other private range stays refused). */
  allowLoopback?: boolean;
}

/** The body of `url` (after at most MAX_REDIRECTS redirects) and its final URL; PublicFetchError says why not. */
export async function fetchPublic(
  url: string,
  options: PublicFetchOptions,
): Promise<{ body: Buffer; url: string }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    let current = url;
    for (let hop = 0; ; hop++) {
      const answer = await get(current, options, controller.signal);
      if (answer.location === undefined) return { body: answer.body, url: current };
      if (hop === MAX_REDIRECTS) throw new PublicFetchError(`more than ${MAX_REDIRECTS} redirects`);
      current = new URL(answer.location, current).href;
    }
  } catch (error) {
    if (controller.signal.aborted)
      throw new PublicFetchError(`no answer within ${options.timeoutMs / 1000} seconds`);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

function get(
  url: string,
  options: PublicFetchOptions,
  signal: AbortSignal,
): Promise<{ body: Buffer; location?: string }> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return Promise.reject(new PublicFetchError('not a valid address'));
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return Promise.reject(new PublicFetchError('only http and https addresses can be fetched'));
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) && !isPublicAddress(host, options.allowLoopback))
    return Promise.reject(new PublicFetchError('the address is not a public one'));
  // Every address of the name is judged, and the connection goes to the one judged.
  const lookup: net.LookupFunction = (hostname, lookupOptions, callback) =>
    dns.lookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as dns.LookupAddress[];
      if (list.length === 0 || !list.every((a) => isPublicAddress(a.address, options.allowLoopback)))
        return callback(new PublicFetchError('the address is not a public one'), '', 0);
      if ((lookupOptions as { all?: boolean }).all)
        return (callback as never as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  const client = parsed.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(
      parsed,
      { lookup, signal, headers: { accept: 'image/*' }, agent: false },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          return resolve({ body: Buffer.alloc(0), location: res.headers.location });
        }
        if (status !== 200) {
          res.resume();
          return reject(new PublicFetchError(`the server answered ${status}`));
        }
        if (Number(res.headers['content-length'] ?? 0) > options.maxBytes) {
          res.destroy();
          return reject(new PublicFetchError('the file is larger than the upload limit'));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            res.destroy();
            reject(new PublicFetchError('the file is larger than the upload limit'));
          } else chunks.push(chunk);
        });
        res.on('end', () => resolve({ body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', (error) =>
      reject(
        error instanceof PublicFetchError
          ? error
          : new PublicFetchError(
              `it could not be fetched (${(error as NodeJS.ErrnoException).code ?? error.message})`,
            ),
      ),
    );
  });
}
