import {
  can,
  ERROR_CODES,
  type Permission,
  type ServerEventData,
  type ServerEventName,
} from '@atelier/shared';
import { Hono } from 'hono';
import { type SSEStreamingApi, streamSSE } from 'hono/streaming';
import { authenticate, passesStaffGate } from '../../auth/guard';
import type { AppEnv } from '../../context';
import { clientIp } from '../../http/client-ip';
import { ApiError } from '../../lib/errors';

/** A comment line this often keeps proxies from closing an idle stream and finds dead clients. */
const HEARTBEAT_MS = 15_000;

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

/** Writes one event of the stream's contract (SERVER_EVENTS of the shared package) with its payload. */
const send = <N extends ServerEventName>(stream: SSEStreamingApi, event: N, data: ServerEventData<N>) =>
  stream.writeSSE({ event, data: JSON.stringify(data) });

/**
 * Server-sent events: `settings` when the site settings change (replaces the old realtime channel), and for
 * a staff member's stream (a bearer access token: the desktop app, the admin panel) `inquiry` when one
 * arrives and `review` when a draft is submitted for review, each only to the roles that may see it, and
 * `went_live` to every staff member when a scheduled post goes live.
 */
export const eventRoutes = new Hono<AppEnv>().get('/events', async (c) => {
  const { feeds, isStopping } = c.var.deps;
  // A token that is not valid answers 401 rather than a quietly public stream, so a client notices.
  const auth = await authenticate(c);
  const staff = auth !== null && passesStaffGate(auth);
  const may = (permission: Permission) => staff && can(auth?.role, permission);
  const release = isStopping() ? 'closed' : feeds.openStream(clientIp(c));
  if (typeof release === 'string') throw refusals[release]();
  c.header('Cache-Control', 'no-store');
  return streamSSE(c, async (stream) => {
    let wake: () => void = () => {};
    const closed = new Promise<void>((resolve) => {
      wake = resolve;
    });
    // An inquiry names a client: only to those who may read inquiries; a draft to review, to those who review.
    const unsubscribers = [
      feeds.settings.subscribe((settings) => {
        send(stream, 'settings', settings).catch(wake);
      }),
      may('inquiries')
        ? feeds.inquiries.subscribe((inquiry) => {
            send(stream, 'inquiry', inquiry).catch(wake);
          })
        : () => {},
      may('publish')
        ? feeds.reviews.subscribe((review) => {
            send(stream, 'review', review).catch(wake);
          })
        : () => {},
      staff
        ? feeds.wentLive.subscribe((post) => {
            send(stream, 'went_live', post).catch(wake);
          })
        : () => {},
    ];
    const unregister = feeds.onClose(wake, auth?.userId);
    stream.onAbort(wake);
    const ping = setInterval(() => stream.write(': keep-alive\n\n').catch(wake), HEARTBEAT_MS);
    try {
      await send(stream, 'ready', {});
      await closed;
    } finally {
      clearInterval(ping);
      for (const unsubscribe of unsubscribers) unsubscribe();
      unregister();
      release();
    }
  });
});
