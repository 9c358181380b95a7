import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDraftStore } from './draft-store';
import { InvalidIpcPayloadError, parseIpcPayload } from './ipc-payload';

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'atelier-drafts-'));
  dirs.push(dir);
  return join(dir, 'drafts');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const draft = (title: string) => ({
  savedAt: '2026-11-27T14:32:00.000Z',
  values: { title, description: 'A house by the lake.' },
  base: { title: 'Lakeside House', description: 'A house by the lake.' },
});

describe('the desktop draft store', () => {
  it('keeps each person’s drafts in their own file, read back by a new store (the app started again)', async () => {
    const dir = tempDir();
    const store = createDraftStore(dir);
    await store.put('user-a', 'projects/p1', draft('Lakeside House, renovated'));
    await store.put('user-a', 'posts/new', draft('A new post'));
    await store.put('user-b', 'projects/p1', draft('Someone else’s title'));

    expect(readdirSync(dir).sort()).toEqual(['user-a.json', 'user-b.json']);
    const reopened = createDraftStore(dir);
    expect(await reopened.get('user-a', 'projects/p1')).toEqual(draft('Lakeside House, renovated'));
    expect(await reopened.get('user-b', 'projects/p1')).toEqual(draft('Someone else’s title'));
    expect(await reopened.get('user-b', 'posts/new')).toBeNull();
    expect(JSON.parse(readFileSync(join(dir, 'user-a.json'), 'utf8'))).toEqual({
      'projects/p1': draft('Lakeside House, renovated'),
      'posts/new': draft('A new post'),
    });
  });

  it('writes the whole file anew (temp file + rename), never in place, and leaves no temp file', async () => {
    const dir = tempDir();
    const store = createDraftStore(dir);
    await store.put('user-a', 'projects/p1', draft('First'));
    const file = join(dir, 'user-a.json');
    const before = statSync(file).ino;
    await store.put('user-a', 'projects/p1', draft('Second'));
    // A rename puts a new file in place: an in-place write would keep the inode.
    expect(statSync(file).ino).not.toBe(before);
    expect(readdirSync(dir)).toEqual(['user-a.json']);
    expect((await store.get('user-a', 'projects/p1'))?.values.title).toBe('Second');
  });

  it('keeps every draft of many writes made at once (one after another, the last one wins)', async () => {
    const store = createDraftStore(tempDir());
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => store.put('user-a', `projects/p${i % 5}`, draft(`Title ${i}`))),
    );
    for (let p = 0; p < 5; p++) {
      expect((await store.get('user-a', `projects/p${p}`))?.values.title).toBe(`Title ${p + 15}`);
    }
  });

  it('removes one draft, and all of a person’s at sign-out, leaving the others’', async () => {
    const dir = tempDir();
    const store = createDraftStore(dir);
    await store.put('user-a', 'projects/p1', draft('One'));
    await store.put('user-a', 'services/s1', draft('Two'));
    await store.put('user-b', 'projects/p1', draft('Three'));

    await store.remove('user-a', 'projects/p1');
    expect(await store.get('user-a', 'projects/p1')).toBeNull();
    expect(await store.get('user-a', 'services/s1')).not.toBeNull();

    await store.clearFor('user-a');
    expect(readdirSync(dir)).toEqual(['user-b.json']);
    expect(await createDraftStore(dir).get('user-a', 'services/s1')).toBeNull();
    expect(await store.get('user-b', 'projects/p1')).not.toBeNull();
  });

  it('reads an unreadable file as no drafts, and keeps only the valid drafts of a damaged one', async () => {
    const dir = tempDir();
    const store = createDraftStore(dir);
    await store.put('user-a', 'projects/p1', draft('One'));
    writeFileSync(join(dir, 'user-b.json'), '{"projects/p1": {"savedAt": 1');
    expect(await store.get('user-b', 'projects/p1')).toBeNull();
    const file = join(dir, 'user-a.json');
    const stored = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify({ ...stored, 'posts/p2': { values: 'not a draft' } }));
    expect(await store.get('user-a', 'posts/p2')).toBeNull();
    expect(await store.get('user-a', 'projects/p1')).toEqual(draft('One'));
  });

  it('refuses a user id or form name that could name another file', () => {
    for (const payload of [
      { user: '../settings', form: 'projects/p1' },
      { user: 'user-a', form: '../../settings' },
      { user: 'user/a', form: 'projects/p1' },
    ]) {
      expect(() => parseIpcPayload('drafts:get', payload)).toThrow(InvalidIpcPayloadError);
    }
    expect(parseIpcPayload('drafts:get', { user: 'user-a', form: 'team-members/new' })).toEqual({
      user: 'user-a',
      form: 'team-members/new',
    });
  });
});
