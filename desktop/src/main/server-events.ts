/**
 * The server's event stream (/api/events, server-sent events) read by main, raw (renderer-events.ts
 * parses each with the shared SERVER_EVENTS). Reconnects with backoff while the app runs. No electron
 * import.
 */
import { parseEventStream, type ServerEvent } from '@atelier/shared';

export interface ServerEventsOptions {
  url: string;
  /** Sent as a bearer token when signed in (admin-only events). */
  accessToken?: () => Promise<string | null>;
  onEvent: (event: ServerEvent) => void;
  fetch?: typeof fetch;
  /** Waits before reconnecting: 1 s, doubling, at most this. */
  maxDelayMs?: number;
}

/** Listens until `stop()`; never throws. */
export function listenToServerEvents({
  url,
  accessToken,
  onEvent,
  fetch: fetchFn = fetch,
  maxDelayMs = 30_000,
}: ServerEventsOptions): { stop: () => void } {
  const controller = new AbortController();
  let delay = 1000;

  async function once(): Promise<void> {
    const token = await accessToken?.().catch(() => null);
    const response = await fetchFn(url, {
      headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      signal: controller.signal,
    });
    if (!response.ok || !response.body) throw new Error(`events answered ${response.status}`);
    delay = 1000;
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      const { events, rest } = parseEventStream(buffer);
      buffer = rest;
      for (const event of events) onEvent(event);
    }
  }

  void (async () => {
    while (!controller.signal.aborted) {
      try {
        await once();
      } catch {
        // Server down or restarting: try again later.
      }
      if (controller.signal.aborted) break;
      await new Promise((resolve) => setTimeout(resolve, delay).unref?.());
      delay = Math.min(delay * 2, maxDelayMs);
    }
  })();

  return { stop: () => controller.abort() };
}
