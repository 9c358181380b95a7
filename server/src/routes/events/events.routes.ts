import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppEnv } from '../../context';

const KEEP_ALIVE_MS = 25_000;

/** Server-sent events: `settings` when the site settings change (replaces the old realtime channel). */
export const eventRoutes = new Hono<AppEnv>().get('/events', (c) => {
  const { feeds } = c.var.deps;
  c.header('Cache-Control', 'no-store');
  return streamSSE(c, async (stream) => {
    let wake: () => void = () => {};
    const closed = new Promise<void>((resolve) => {
      wake = resolve;
    });
    const unsubscribe = feeds.settings.subscribe((settings) => {
      stream.writeSSE({ event: 'settings', data: JSON.stringify(settings) }).catch(wake);
    });
    const unregister = feeds.onClose(wake);
    stream.onAbort(wake);
    const ping = setInterval(() => stream.write(': keep-alive\n\n').catch(wake), KEEP_ALIVE_MS);
    await stream.writeSSE({ event: 'ready', data: '{}' });
    await closed;
    clearInterval(ping);
    unsubscribe();
    unregister();
  });
});
