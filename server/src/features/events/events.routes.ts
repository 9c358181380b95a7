import { ERROR_CODES } from '@atelier/shared';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { authenticate, passesAdminGate } from '../../auth/guard';
import type { AppEnv } from '../../context';
import { clientIp } from '../../http/client-ip';
import { ApiError } from '../../lib/errors';

/** A comment line this often keeps proxies from closing an idle stream and finds dead clients. */
export const HEARTBEAT_MS = 15_000;

const refusals = {
  address: () =>
    new ApiError(429, ERROR_CODES.rateLimited, 'Too many open event streams from this address', undefined, {
      'Retry-After': '30',
    }),
  total: () =>
    new ApiError(503, ERROR_CODES.unavailable, 'The server has too many open event streams', undefined, {
      'Retry-After': '30',
    }),
  closed: () =>
    new ApiError(503, ERROR_CODES.unavailable, 'The server is shutting down', undefined, {
      'Retry-After': '5',
    }),
};

/**
 * Server-sent events: `settings` when the site settings change (replaces the old realtime channel), and for
 * an admin's stream (a bearer access token: the desktop app, the admin panel) `inquiry` when one arrives.
 */
export const eventRoutes = new Hono<AppEnv>().get('/events', async (c) => {
  const { feeds, isStopping } = c.var.deps;
  // A token that is not valid answers 401 rather than a quietly public stream, so a client notices.
  const auth = await authenticate(c);
  const admin = auth !== null && passesAdminGate(c, auth);
  const release = isStopping() ? 'closed' : feeds.openStream(clientIp(c));
  if (typeof release === 'string') throw refusals[release]();
  c.header('Cache-Control', 'no-store');
  return streamSSE(c, async (stream) => {
    let wake: () => void = () => {};
    const closed = new Promise<void>((resolve) => {
      wake = resolve;
    });
    const unsubscribe = feeds.settings.subscribe((settings) => {
      stream.writeSSE({ event: 'settings', data: JSON.stringify(settings) }).catch(wake);
    });
    const unsubscribeInquiries = admin
      ? feeds.inquiries.subscribe((inquiry) => {
          stream.writeSSE({ event: 'inquiry', data: JSON.stringify(inquiry) }).catch(wake);
        })
      : () => {};
    const unregister = feeds.onClose(wake);
    stream.onAbort(wake);
    const ping = setInterval(() => stream.write(': keep-alive\n\n').catch(wake), HEARTBEAT_MS);
    try {
      await stream.writeSSE({ event: 'ready', data: '{}' });
      await closed;
    } finally {
      clearInterval(ping);
      unsubscribe();
      unsubscribeInquiries();
      unregister();
      release();
    }
  });
});
