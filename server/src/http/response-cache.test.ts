import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { responseCache } from './response-cache';

/** An app whose `/n/:size` answers `size` bytes of JSON, counting how often its handler ran. */
function app(version: () => string, limits: { entries: number; bytes: number }) {
  const runs = new Map<string, number>();
  const server = new Hono();
  server.use(responseCache(version, limits));
  server.get('/n/:size', (c) => {
    runs.set(c.req.path, (runs.get(c.req.path) ?? 0) + 1);
    // `"` + x… + `"`: exactly `size` bytes.
    return c.json('x'.repeat(Number(c.req.param('size')) - 2));
  });
  const get = async (path: string) => {
    const res = await server.request(path);
    expect(res.status).toBe(200);
    return res.text();
  };
  return { get, runs: (path: string) => runs.get(path) ?? 0 };
}

describe('the answer cache', () => {
  it('answers again from memory until the version moves', async () => {
    let version = 'a';
    const { get, runs } = app(() => version, { entries: 10, bytes: 1000 });
    expect(await get('/n/100')).toHaveLength(100);
    expect(await get('/n/100')).toHaveLength(100);
    expect(runs('/n/100')).toBe(1);
    version = 'b';
    await get('/n/100');
    expect(runs('/n/100')).toBe(2);
  });

  it('never keeps an answer over a quarter of its size', async () => {
    const { get, runs } = app(() => 'a', { entries: 10, bytes: 1000 });
    await get('/n/251');
    expect(await get('/n/251')).toHaveLength(251);
    expect(runs('/n/251')).toBe(2);
  });

  it('lets the oldest answers go when the bytes or the count are reached', async () => {
    const { get, runs } = app(() => 'a', { entries: 10, bytes: 1000 });
    // 966 bytes kept; the fifth answer would make 1210: the first goes.
    for (const path of ['/n/240', '/n/241', '/n/242', '/n/243', '/n/244']) await get(path);
    await get('/n/241');
    await get('/n/240');
    expect(runs('/n/241')).toBe(1);
    expect(runs('/n/240')).toBe(2);

    // Three answers at most, however small.
    const few = app(() => 'a', { entries: 3, bytes: 1000 });
    for (const path of ['/n/10', '/n/11', '/n/12', '/n/13']) await few.get(path);
    await few.get('/n/11');
    await few.get('/n/10');
    expect(few.runs('/n/11')).toBe(1);
    expect(few.runs('/n/10')).toBe(2);
  });
});
