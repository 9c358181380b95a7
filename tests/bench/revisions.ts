// `npm run bench`: what revisions cost. (1) The database after 10,000 saves of a 1,500-word post (one word
// changed each time), with revisions and without, beside what the revisions would take as plain JSON: written
// through the same write helper the services use, in this process. (2) The p99 of a save (PUT of that post)
// on a production server on loopback, revisions on and off (two servers each, in the order off, on, on, off) (BENCH_REVISIONS=off); target: at most 20 % more.
// Writes bench/revisions-results.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { databaseFile, migrateDatabase, openDatabase, sqliteOf } from '../../server/src/db/client';
import { insertAudited, updateAudited } from '../../server/src/db/entity-writes';
import { pauseRevisions } from '../../server/src/db/revisions';
import { blogPosts } from '../../server/src/db/schema';
import { startBenchServer, waitForIdle, writeReport } from './harness';

const SAVES = Number(process.env.REVISION_SAVES ?? 10_000);
const TIMED_SAVES = Number(process.env.REVISION_TIMED_SAVES ?? 500);
/** A thousand made-up words of two to four syllables: text about as compressible as prose. */
const SYLLABLES = 'ka lo mi ne su ta ri po ve da chi mbe zo wa li ngo fu se ya ku'.split(' ');
let seed = 7;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)] as T;
const VOCABULARY = Array.from({ length: 1000 }, () =>
  Array.from({ length: 2 + Math.floor(random() * 3) }, () => pick(SYLLABLES)).join(''),
);
const TEXT = Array.from({ length: 1500 }, () => pick(VOCABULARY));

/** The 1,500-word post's text, with the word of save `edit` changed (one word retyped a save). */
function words(edit: number): string {
  const list = [...TEXT];
  list[(edit * 37) % list.length] = `revised${edit}`;
  return list.join(' ');
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/** Saves the post `SAVES` times in a fresh database; its size, and what the revisions hold. */
async function sizeAfterSaves(revisions: boolean) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-revisions-'));
  const db = openDatabase(databaseFile(dir), 'NORMAL');
  try {
    await migrateDatabase(db);
    if (!revisions) pauseRevisions(db);
    const actor = { id: null };
    const audit = { entityType: 'blog_post', label: (row: { title: string }) => row.title };
    const post = await insertAudited(
      db,
      blogPosts,
      { title: 'A house on the lake', slug: 'a-house-on-the-lake', content: words(0), status: 'draft' },
      actor,
      audit,
    );
    let plain = JSON.stringify(post).length;
    for (let i = 1; i < SAVES; i++) {
      const saved = await updateAudited(db, blogPosts, post.id, { content: words(i) }, actor, audit);
      plain += JSON.stringify(saved?.after).length;
    }
    const stored = sqliteOf(db)!
      .prepare('SELECT count(*) AS n, coalesce(sum(length(data)), 0) AS bytes FROM revisions')
      .get() as { n: number; bytes: number };
    sqliteOf(db)!.pragma('wal_checkpoint(TRUNCATE)');
    sqliteOf(db)!.exec('VACUUM');
    sqliteOf(db)!.close();
    return { file: fs.statSync(databaseFile(dir)).size, revisions: stored.n, stored: stored.bytes, plain };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The median and the 99th percentile of `times` (ms). */
function percentiles(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) =>
    Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(2));
  return { p50: at(0.5), p99: at(0.99) };
}

/** The latencies of `TIMED_SAVES` saves of a 1,500-word post, one after another, on a server of its own. */
async function saveLatencies(revisions: 'on' | 'off'): Promise<number[]> {
  const admin = { email: 'bench-revisions@example.mw', password: 'Kapenta#Lake42' };
  const server = await startBenchServer({
    PASSWORD_HASH: 'fast',
    ATELIER_ADMIN_EMAIL: admin.email,
    ATELIER_ADMIN_PASSWORD: admin.password,
    BENCH_REVISIONS: revisions,
  });
  try {
    const signIn = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    const { access_token } = (await signIn.json()) as { access_token: string };
    const headers = { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' };
    const body = (i: number) =>
      JSON.stringify({ title: 'A house on the lake', content: words(i), status: 'draft' });
    const created = await fetch(`${server.url}/api/admin/blog-posts`, {
      method: 'POST',
      headers,
      body: body(0),
    });
    const { id } = (await created.json()) as { id: string };
    await waitForIdle(server.child.pid!);
    const times: number[] = [];
    for (let i = 1; i <= TIMED_SAVES + 50; i++) {
      const started = performance.now();
      const res = await fetch(`${server.url}/api/admin/blog-posts/${id}`, {
        method: 'PUT',
        headers,
        body: body(i),
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`save answered ${res.status}`);
      if (i > 50) times.push(performance.now() - started); // the first 50 warm up
    }
    return times;
  } finally {
    await server.stop();
  }
}

async function main() {
  console.log(`\nRevisions: ${SAVES} saves of a 1,500-word post (one word changed each time)`);
  const on = await sizeAfterSaves(true);
  const off = await sizeAfterSaves(false);
  console.log(
    `  database: ${mb(on.file)} with revisions, ${mb(off.file)} without; ${on.revisions} revisions hold ` +
      `${mb(on.stored)} (Brotli JSON) where plain JSON would be ${mb(on.plain)} (${(on.plain / on.stored).toFixed(1)}x)`,
  );
  // Off, on, on, off: the machine's load drifts (a shared 2-core machine); each side gets both ends of it.
  const samples = { on: [] as number[], off: [] as number[] };
  for (const side of ['off', 'on', 'on', 'off'] as const) samples[side].push(...(await saveLatencies(side)));
  const latencyOn = percentiles(samples.on);
  const latencyOff = percentiles(samples.off);
  const cost = (latencyOn.p99 / latencyOff.p99 - 1) * 100;
  console.log(
    `  save (PUT, 2 × ${TIMED_SAVES} one after another, off/on/on/off): p50 ${latencyOn.p50} ms / p99 ${latencyOn.p99} ms with revisions, ` +
      `p50 ${latencyOff.p50} ms / p99 ${latencyOff.p99} ms without: p99 ${cost >= 0 ? '+' : ''}${cost.toFixed(1)} % ` +
      `(target: at most +20 %) ${cost <= 20 ? 'OK' : 'OVER'}`,
  );
  writeReport('revisions-results.json', {
    saves: SAVES,
    size: { with_revisions: on, without_revisions: off },
    latency: {
      with_revisions: latencyOn,
      without_revisions: latencyOff,
      p99_cost_percent: Number(cost.toFixed(1)),
    },
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
