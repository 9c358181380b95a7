import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/**
 * Hono's `bodyLimit`, without its cost where nothing needs counting. It reads `c.req.raw.body`, which makes
 * @hono/node-server build a whole Web `Request` with a body stream for every request, GETs included (a CPU
 * profile of `POST /api/inquiries` put a quarter of the time there). Here a GET or HEAD passes (no handler
 * reads their body); a body with a Content-Length is judged by that header (Node's HTTP parser never
 * delivers more than it says); only a chunked body is counted by Hono's middleware as it streams in.
 */
export function limitBody(
  maxSize: number,
  onError: (c: Context) => Response | Promise<Response>,
): MiddlewareHandler {
  const streamed = bodyLimit({ maxSize, onError });
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const chunked = c.req.header('transfer-encoding') !== undefined;
    const length = c.req.header('content-length');
    if (!chunked) return length !== undefined && Number(length) > maxSize ? onError(c) : next();
    return streamed(c, next);
  };
}
