import { type ChromeSettings, isChromeSettings } from './chrome-settings';

const EVENTS_URL = '/api/events';
const SETTINGS_URL = '/api/settings';
/** Backoff when the browser has given up on the stream (an error answer rather than a dropped line). */
const RETRY_MIN_MS = 2_000;
const RETRY_MAX_MS = 60_000;

/** What the server pushes and /api/settings answers is the whole record; the page needs its chrome part. */
type Listener = (settings: ChromeSettings) => void;

const followers = new Set<Listener>();
let latest: ChromeSettings | undefined;
let unsubscribe: (() => void) | undefined;

/**
 * Follows the site settings as the server pushes them, until the returned function is called: one subscription
 * shared by every follower; one that comes late gets what the others already have. No React: the public
 * pages' boot script follows them before any island is hydrated.
 */
export function followSettings(listener: Listener): () => void {
  followers.add(listener);
  if (latest) listener(latest);
  unsubscribe ??= subscribeToSettings((next) => {
    latest = next;
    for (const follower of followers) follower(next);
  });
  return () => {
    followers.delete(listener);
    if (followers.size > 0) return;
    unsubscribe?.();
    unsubscribe = undefined;
  };
}

/**
 * Listens for settings changes until the returned function is called. EventSource reconnects by itself
 * after a dropped connection; when it gives up (the server answered with an error) this reconnects
 * with a backoff. The stream is held only while the page is visible, so background tabs do not use up
 * the browser's few connections per host, and it opens after the page has loaded, off the critical
 * path. Whenever the stream comes back after a gap, the current settings are fetched once, since a
 * change made during the gap was never pushed.
 */
export function subscribeToSettings(listener: Listener): () => void {
  if (typeof window === 'undefined' || typeof EventSource === 'undefined') return () => {};
  let source: EventSource | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let retryMs = RETRY_MIN_MS;
  let catchUpOnReady = false;
  let fetching: AbortController | undefined;
  let stopped = false;

  const catchUp = () => {
    fetching?.abort();
    fetching = new AbortController();
    fetch(SETTINGS_URL, { signal: fetching.signal, headers: { accept: 'application/json' } })
      .then((res) => (res.ok ? res.json() : undefined))
      .then((body: unknown) => {
        if (isChromeSettings(body)) listener(body);
      })
      .catch(() => {
        // Offline or aborted: the page keeps what it shows; the next reconnect tries again.
      });
  };

  const onSettings = (event: MessageEvent<string>) => {
    try {
      const next: unknown = JSON.parse(event.data);
      if (isChromeSettings(next)) listener(next);
    } catch {
      // A malformed event changes nothing; the page keeps what it shows.
    }
  };

  const onReady = () => {
    retryMs = RETRY_MIN_MS;
    if (catchUpOnReady) catchUp();
    // Any later `ready` on this stream is EventSource's own reconnection, after a gap.
    catchUpOnReady = true;
  };

  const onError = () => {
    if (!source || source.readyState !== EventSource.CLOSED) return; // the browser is retrying
    disconnect();
    retry = setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };

  function connect() {
    clearTimeout(retry);
    retry = undefined;
    if (stopped || source || document.visibilityState === 'hidden') return;
    source = new EventSource(EVENTS_URL);
    source.addEventListener('settings', onSettings as EventListener);
    source.addEventListener('ready', onReady);
    source.addEventListener('error', onError);
  }

  function disconnect() {
    if (!source) return;
    source.removeEventListener('settings', onSettings as EventListener);
    source.removeEventListener('ready', onReady);
    source.removeEventListener('error', onError);
    source.close();
    source = undefined;
    // Whatever comes next follows a gap in the stream.
    catchUpOnReady = true;
  }

  const onVisibility = () => {
    if (document.visibilityState === 'hidden') {
      clearTimeout(retry);
      disconnect();
    } else {
      connect();
    }
  };

  const start = () => {
    window.removeEventListener('load', start);
    document.addEventListener('visibilitychange', onVisibility);
    connect();
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start);

  return () => {
    stopped = true;
    window.removeEventListener('load', start);
    document.removeEventListener('visibilitychange', onVisibility);
    clearTimeout(retry);
    fetching?.abort();
    disconnect();
  };
}
