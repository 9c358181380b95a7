import { DEFAULT_SETTINGS } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { createFeeds } from './feeds';

const sources = {
  readSettings: async () => ({ ...DEFAULT_SETTINGS, created_at: '', updated_at: '' }),
  version: () => '1',
};

describe('event stream slots', () => {
  it('caps streams per address and in total, and gives a slot back once', () => {
    const feeds = createFeeds(sources, { perAddress: 2, total: 3 });
    const a1 = feeds.openStream('a');
    const a2 = feeds.openStream('a');
    expect(feeds.openStream('a')).toBe('address');
    const b1 = feeds.openStream('b');
    expect(feeds.openStream('c')).toBe('total');
    if (typeof a1 !== 'function' || typeof a2 !== 'function' || typeof b1 !== 'function')
      throw new Error('slots');
    a1();
    a1(); // a second release frees nothing more
    expect(feeds.openStreams).toBe(2);
    expect(typeof feeds.openStream('c')).toBe('function');
    expect(feeds.openStream('d')).toBe('total');
  });

  it('refuses new streams and closes late ones once shut down', () => {
    const feeds = createFeeds(sources);
    let closed = false;
    feeds.close();
    expect(feeds.openStream('a')).toBe('closed');
    feeds.onClose(() => {
      closed = true;
    });
    expect(closed).toBe(true);
  });

  it("ends one person's streams, and only theirs", () => {
    const feeds = createFeeds(sources);
    const ended: string[] = [];
    feeds.onClose(() => ended.push('a1'), 'a');
    const unregister = feeds.onClose(() => ended.push('a2'), 'a');
    feeds.onClose(() => ended.push('b'), 'b');
    feeds.onClose(() => ended.push('visitor'));
    unregister();
    feeds.endStreamsOf('a');
    feeds.endStreamsOf('nobody');
    expect(ended).toEqual(['a1']);
  });
});
