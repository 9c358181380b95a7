import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addView } from '../features/blog-posts/blog-posts.service';
import { createInquiry } from '../features/inquiries/inquiries.service';
import { closeDatabase, type Db, migrateDatabase, openDatabase, sqliteOf } from './client';
import { blogPosts } from './schema';

// An un-reset statement keeps a read snapshot open, and SQLite can then never restart the WAL: it grows
// without bound while every commit still succeeds. These writes must leave the WAL at its usual size.
const WAL_BOUND = 8 * 1024 * 1024;

let dir: string;
let db: Db;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-wal-'));
  db = openDatabase(path.join(dir, 'atelier.db'));
  await migrateDatabase(db);
});
afterEach(async () => {
  await closeDatabase(db);
  fs.rmSync(dir, { recursive: true, force: true });
});
const walSize = () => fs.statSync(path.join(dir, 'atelier.db-wal')).size;

describe('writes that return rows', () => {
  it('keep the WAL bounded across thousands of inquiries', async () => {
    const input = {
      client_name: 'Visitor',
      email: 'visitor@example.mw',
      phone: '+265 999 000 000',
      subject: 'Subject',
      project_type: 'other',
      budget: 'under-50k',
      message: 'Message',
    } as const;
    for (let i = 0; i < 3000; i++) await createInquiry(db, input);
    expect(sqliteOf(db)!.inTransaction).toBe(false);
    expect(walSize()).toBeLessThan(WAL_BOUND);
  });

  it('keep the WAL bounded across thousands of counted views', async () => {
    const [post] = await db
      .insert(blogPosts)
      .values({ title: 'T', content: 'C', status: 'published', publish_date: new Date().toISOString() })
      .returning({ id: blogPosts.id });
    for (let i = 0; i < 3000; i++) await addView(db, post!.id);
    expect((await addView(db, post!.id))?.views).toBe(3001);
    expect(walSize()).toBeLessThan(WAL_BOUND);
  });
});
