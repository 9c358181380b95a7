import { BlockList, isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { parseRange, type TrustProxy } from '../env';

/** `::ffff:10.0.0.1` is the IPv4 address 10.0.0.1 seen on a dual-stack socket. */
const plain = (address: string) => address.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

/** Whether an address belongs to a trusted proxy: built once per TRUST_PROXY value. */
function trustedProxies(ranges: string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of ranges) {
    const [address, prefix, family] = parseRange(entry)!;
    list.addSubnet(address, prefix, family);
  }
  return (address) => {
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
  };
}
const proxyLists = new WeakMap<object, (address: string) => boolean>();

/**
 * The address the request came from, as far as it can be known: the socket's, or, behind trusted proxies, the
 * address the nearest trusted proxy saw. Proxies append to X-Forwarded-For, so everything left of what they
 * added is the client's own say-so: the chain is read from the right, skipping trusted hops, never from the left.
 */
export function resolveClientIp(socket: string, forwardedFor: string | undefined, trust: TrustProxy): string {
  if (!trust) return plain(socket);
  const chain = [
    ...(forwardedFor ?? '')
      .split(',')
      .map(plain)
      .filter((entry) => entry.length > 0),
    plain(socket),
  ];
  if (chain.length === 1) return chain[0]!;
  if ('hops' in trust) return chain[Math.max(0, chain.length - 1 - trust.hops)]!;
  let isTrusted = proxyLists.get(trust);
  if (!isTrusted) {
    isTrusted = trustedProxies(trust.ranges);
    proxyLists.set(trust, isTrusted);
  }
  for (let i = chain.length - 1; i > 0; i--) if (!isTrusted(chain[i]!)) return chain[i]!;
  return chain[0]!;
}

/** A request whose context carries the TRUST_PROXY setting its address is read with. */
type IpEnv = { Variables: { deps: { env: { TRUST_PROXY: TrustProxy } } } };

/** The caller's address (see resolveClientIp); what the limits count and sessions record. */
export function clientIp<E extends IpEnv>(c: Context<E>): string {
  const socket = getConnInfo(c).remote.address ?? 'unknown';
  return resolveClientIp(socket, c.req.header('x-forwarded-for'), c.var.deps.env.TRUST_PROXY);
}
