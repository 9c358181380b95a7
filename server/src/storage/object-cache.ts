import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { ObjectInfo, Storage, StorageArea } from './local';

interface Cached {
  info: ObjectInfo;
  bytes: Buffer;
  until: number;
}

/**
 * A remote store with the small objects it served kept in memory (the variants the pages show, logos,
 * avatars): at most `maxBytes` in all, none over `maxObject`, the least recently served going first. Stored
 * names never get other bytes, so an entry is only ever stale once the object is removed: a removal here drops
 * it at once, one on another server within `ttlMs`. Ranged reads and large objects always go to the store.
 */
export function cachedReads(
  storage: Storage,
  { maxBytes = 32 * 1024 * 1024, maxObject = 512 * 1024, ttlMs = 10 * 60 * 1000 } = {},
): Storage {
  const entries = new Map<string, Cached>();
  let total = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    total -= entry.bytes.length;
  };
  const keep = (key: string, info: ObjectInfo, bytes: Buffer) => {
    drop(key);
    entries.set(key, { info, bytes, until: Date.now() + ttlMs });
    total += bytes.length;
    for (const [oldest] of entries) {
      if (total <= maxBytes) break;
      drop(oldest);
    }
  };
  const hit = (key: string) => {
    const entry = entries.get(key);
    if (!entry || entry.until < Date.now()) return drop(key);
    // Served again: it becomes the most recent.
    entries.delete(key);
    entries.set(key, entry);
    return entry;
  };
  const keyOf = (area: StorageArea, name: string) => `${area}/${name}`;
  return {
    ...storage,
    async put(area, name, bytes) {
      drop(keyOf(area, name));
      return storage.put(area, name, bytes);
    },
    async putStream(area, name, source) {
      drop(keyOf(area, name));
      return storage.putStream(area, name, source);
    },
    async get(area, name, range) {
      const key = keyOf(area, name);
      const entry = range ? undefined : hit(key);
      if (entry) return { ...entry.info, body: Readable.from([entry.bytes]) };
      const object = await storage.get(area, name, range);
      if (!object || range || object.size > maxObject) return object;
      const bytes = await buffer(object.body);
      const { body: _read, ...info } = object;
      keep(key, info, bytes);
      return { ...info, body: Readable.from([bytes]) };
    },
    async remove(area, name) {
      drop(keyOf(area, name));
      return storage.remove(area, name);
    },
  };
}
