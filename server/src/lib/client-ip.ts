import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from '../context';

/** The caller's address: the socket's, or the first X-Forwarded-For hop when TRUST_PROXY is set. */
export function clientIp(c: Context<AppEnv>): string {
  if (c.var.deps.env.TRUST_PROXY) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return getConnInfo(c).remote.address ?? 'unknown';
}
