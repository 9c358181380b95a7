/**
 * The server's event stream (/api/events, server-sent events) read by main: site settings and new
 * inquiries reach the renderer and the notification centre from here. Reconnects with backoff while
 * the app runs. No electron import.
 */

export interface ServerEvent {
  type: string;
  data: unknown;
}

export interface ServerEventsOptions {
  url: string;
  /** Sent as a bearer token when signed in (admin-only events). */
  accessToken?: () => Promise<string | null>;
  onEvent: (event: ServerEvent) => void;
  fetch?: typeof fetch;
  /** Waits before reconnecting: 1 s, doubling, at most this. */
  maxDelayMs?: number;
}

/** Parses the text of an event stream into events; keeps the unfinished tail for the next chunk. */
export function parseEventStream(buffer: string): { events: ServerEvent[]; rest: string } {
  const events: ServerEvent[] = [];
  const blocks = buffer.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let type = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') type = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length === 0) continue;
    const text = data.join('\n');
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: pass the text on.
    }
    events.push({ type, data: parsed });
  }
  return { events, rest };
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
