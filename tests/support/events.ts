import { expect } from 'vitest';

/**
 * Reads the event stream of `origin` (`/api/events`, with a bearer `token` or none) until `until` holds or
 * 5 s pass, calling `onReady` once it is connected (its `ready` event came); answers the text it read.
 */
export async function readEventStream(
  origin: string,
  token: string | null,
  until: (text: string) => boolean,
  onReady: () => Promise<void>,
) {
  const controller = new AbortController();
  const response = await fetch(`${origin}/api/events`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  const deadline = setTimeout(() => controller.abort(), 5_000);
  let sent = false;
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      text += chunk.value;
      if (!sent && text.includes('event: ready')) {
        sent = true;
        await onReady();
      }
      if (until(text)) break;
    }
  } catch {
    // aborted at the deadline: the caller judges what was read
  } finally {
    clearTimeout(deadline);
    controller.abort();
  }
  return text;
}
