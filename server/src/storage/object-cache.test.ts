import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { localStorage } from './local';
import { cachedReads } from './object-cache';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-object-cache-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const store = localStorage(dataDir);
/** Removes a stored file behind the cache's back (as another server would): only a cached copy answers then. */
const vanish = (name: string) => fs.rmSync(path.join(dataDir, 'uploads', 'projects', name));
const read = async (storage: ReturnType<typeof cachedReads>, name: string) => {
  const object = await storage.get('projects', name);
  return object && (await buffer(object.body)).toString();
};

describe('the cache of small objects', () => {
  it('answers a small object again from memory, with its headers; a large one and a range from the store', async () => {
    const cached = cachedReads(store, { maxBytes: 1000, maxObject: 100 });
    await store.put('projects', 'small.jpg', Buffer.from('small'));
    await store.put('projects', 'large.jpg', Buffer.alloc(200, 'x'));
    const first = await cached.get('projects', 'small.jpg');
    expect(first).toMatchObject({ size: 5, type: 'image/jpeg' });
    expect((await buffer(first!.body)).toString()).toBe('small');
    expect(await read(cached, 'large.jpg')).toHaveLength(200);
    vanish('small.jpg');
    vanish('large.jpg');
    const again = await cached.get('projects', 'small.jpg');
    expect(again).toMatchObject({ size: 5, type: 'image/jpeg', etag: first!.etag });
    expect((await buffer(again!.body)).toString()).toBe('small');
    expect(await cached.get('projects', 'large.jpg')).toBeNull();
    expect(await cached.get('projects', 'small.jpg', { start: 0, end: 1 })).toBeNull();
  });

  it('forgets a removed object at once, and the least recently served beyond its size', async () => {
    const cached = cachedReads(store, { maxBytes: 10, maxObject: 10 });
    for (const name of ['a.jpg', 'b.jpg', 'c.jpg']) await store.put('projects', name, Buffer.from('1234'));
    expect(await read(cached, 'a.jpg')).toBe('1234');
    expect(await read(cached, 'b.jpg')).toBe('1234');
    expect(await read(cached, 'a.jpg')).toBe('1234'); // a is now the most recent
    expect(await read(cached, 'c.jpg')).toBe('1234'); // 12 bytes: b, the least recent, goes
    for (const name of ['a.jpg', 'b.jpg', 'c.jpg']) vanish(name);
    expect(await read(cached, 'a.jpg')).toBe('1234');
    expect(await read(cached, 'c.jpg')).toBe('1234');
    expect(await read(cached, 'b.jpg')).toBeNull();
    await store.put('projects', 'a.jpg', Buffer.from('1234'));
    expect(await cached.remove('projects', 'a.jpg')).toBe(true);
    expect(await read(cached, 'a.jpg')).toBeNull();
  });
});
