import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MemoryLocker } from '@tus/server';
import { expect, it } from 'vitest';
import { closeDatabase, lockAcrossServers, openDatabase } from '../../db/client';
import { uploadLocker } from './upload-staging';

// The lock across servers is PostgreSQL's: tests/integration/uploads-across-servers.test.ts.
it("keeps the upload lock in the process's memory on SQLite (one server)", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-locker-'));
  const db = openDatabase(path.join(dir, 'atelier.db'));
  try {
    expect(lockAcrossServers(db)).toBeUndefined();
    expect(uploadLocker(db)).toBeInstanceOf(MemoryLocker);
  } finally {
    await closeDatabase(db);
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
