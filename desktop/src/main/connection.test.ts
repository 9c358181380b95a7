import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConnectionState } from '../shared/ipc';
import { createConnection } from './connection';

afterEach(() => vi.useRealTimers());

describe('connection', () => {
  it('says when the server was last reached, asks again with growing waits, and goes on when it answers', async () => {
    vi.useFakeTimers();
    const states: ConnectionState[] = [];
    let answers = false;
    let probes = 0;
    let back = 0;
    const connection = createConnection({
      probe: async () => {
        probes++;
        return answers;
      },
      onChange: (state) => states.push(state),
      onBack: () => back++,
      delays: [1000, 2000, 4000],
      now: () => new Date('2026-11-26T14:32:00Z'),
    });
    const down = connection.watch(async () => {
      throw new TypeError('fetch failed');
    });
    const up = connection.watch(async () => new Response('{}'));

    await up('http://studio.test/api/health');
    await expect(down('http://studio.test/api/admin/projects')).rejects.toThrow('fetch failed');
    await expect(down('http://studio.test/api/admin/projects')).rejects.toThrow('fetch failed');
    // One change for the loss, however many requests fail.
    expect(states).toEqual([{ reachable: false, lastReached: '2026-11-26T14:32:00.000Z' }]);

    await vi.advanceTimersByTimeAsync(999);
    expect(probes).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(probes).toBe(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(probes).toBe(2);
    await vi.advanceTimersByTimeAsync(3999);
    expect(probes).toBe(2);
    answers = true;
    await vi.advanceTimersByTimeAsync(1);
    expect(probes).toBe(3);
    expect(states.at(-1)).toEqual({ reachable: true, lastReached: '2026-11-26T14:32:00.000Z' });
    expect(back).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probes).toBe(3);
  });

  it('a request the app itself stopped says nothing about the server', async () => {
    const states: ConnectionState[] = [];
    const connection = createConnection({
      probe: async () => true,
      onChange: (s) => states.push(s),
      onBack() {},
    });
    const stopped = new AbortController();
    stopped.abort();
    const watched = connection.watch(async () => {
      throw new DOMException('aborted', 'AbortError');
    });
    await expect(watched('http://studio.test/api/events', { signal: stopped.signal })).rejects.toThrow();
    expect(states).toEqual([]);
    connection.stop();
  });
});
