import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { onPostgres, sqliteOnly } from '../support/backend';
import { postInquiries } from '../support/load';
import { spawnServer } from '../support/process';

/** Kill runs in `npm test`; `npm run bench` does 50 (tests/bench/resilience.ts). */
const RUNS = 10;

describe.skipIf(onPostgres)(
  sqliteOnly('crash durability', "it is the SQLite file's durability across a killed process"),
  () => {
    it(`keeps every acknowledged inquiry through ${RUNS} SIGKILLs at random moments`, async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-crash-'));
      const acknowledged: string[] = [];
      const counter = { n: 0 };
      try {
        for (let run = 0; run < RUNS; run++) {
          const { child, url, exited } = await spawnServer({
            DATA_DIR: dataDir,
            SEED: 'none',
            BENCH: 'true',
          });
          let killed = false;
          const posting = postInquiries(url, 4, () => killed, counter);
          await new Promise((r) => setTimeout(r, 100 + Math.random() * 400));
          child.kill('SIGKILL');
          killed = true;
          const result = await posting;
          expect(await exited).toBe(null); // killed by the signal, not exited
          acknowledged.push(...result.acknowledged);
        }
        const db = new Database(path.join(dataDir, 'atelier.db'));
        try {
          expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
          const stored = new Set(
            (db.prepare('SELECT id FROM inquiries').all() as { id: string }[]).map((r) => r.id),
          );
          expect(acknowledged.length).toBeGreaterThan(RUNS * 5);
          expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
        } finally {
          db.close();
        }
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }, 180_000);
  },
);
