// The long forms of the resilience suite (`npm run bench`, after bench/api.ts): 50 SIGKILL runs, shutdowns
// under keep-alive load, 200 connections for 30 s on pages and API reads, and what synchronous=FULL costs on
// POST /api/inquiries. Loopback only, bounded, self-stopping; writes bench/resilience-results.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { inquiry, postInquiries } from '../support/load';
import { ROOT, spawnServer } from '../support/process';

// spawnServer waits for the "listening" log line, so these servers log at info (their output is kept in memory).

const KILL_RUNS = Number(process.env.BENCH_KILL_RUNS ?? 50);
const SHUTDOWN_RUNS = Number(process.env.BENCH_SHUTDOWN_RUNS ?? 5);
const LOAD_CONNECTIONS = 200;
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 30);
const WRITE_SECONDS = Number(process.env.BENCH_WRITE_SECONDS ?? 10);

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-resilience-'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rssMb = (pid: number) => {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return Math.round(kb / 1024);
};
const storedIds = (dataDir: string) => {
  const db = new Database(path.join(dataDir, 'atelier.db'), { readonly: true });
  try {
    return {
      ids: new Set((db.prepare('SELECT id FROM inquiries').all() as { id: string }[]).map((r) => r.id)),
      integrity: db.pragma('integrity_check', { simple: true }) as string,
    };
  } finally {
    db.close();
  }
};

async function crashRuns() {
  const dataDir = tempDir();
  const acknowledged: string[] = [];
  const counter = { n: 0 };
  for (let run = 0; run < KILL_RUNS; run++) {
    const { child, url, exited } = await spawnServer({ DATA_DIR: dataDir, SEED: 'none', BENCH: 'true' });
    let killed = false;
    const posting = postInquiries(url, 4, () => killed, counter);
    await sleep(100 + Math.random() * 500);
    child.kill('SIGKILL');
    killed = true;
    acknowledged.push(...(await posting).acknowledged);
    await exited;
  }
  const { ids, integrity } = storedIds(dataDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const lost = acknowledged.filter((id) => !ids.has(id)).length;
  console.log(
    `  crash: ${KILL_RUNS} SIGKILLs, ${acknowledged.length} acknowledged, ${lost} lost, integrity ${integrity}`,
  );
  return { runs: KILL_RUNS, acknowledged: acknowledged.length, lost, integrity };
}

async function shutdownRuns() {
  const runs: {
    exitCode: number | null;
    drainMs: number;
    resets: number;
    lost: number;
    acknowledged: number;
  }[] = [];
  for (let run = 0; run < SHUTDOWN_RUNS; run++) {
    const dataDir = tempDir();
    const { child, url, exited, output } = await spawnServer({
      DATA_DIR: dataDir,
      SEED: 'none',
      BENCH: 'true',
    });
    while (!output().includes('is serving on')) await sleep(20);
    let stopped = false;
    const writers = postInquiries(url, 8, () => stopped);
    const readers = postInquiries(url, 8, () => stopped, undefined, { read: true });
    await sleep(1000);
    const signalled = Date.now();
    child.kill('SIGTERM');
    const [written, read] = await Promise.all([writers, readers]);
    stopped = true;
    const exitCode = await exited;
    const drainMs = Date.now() - signalled;
    const { ids } = storedIds(dataDir);
    fs.rmSync(dataDir, { recursive: true, force: true });
    runs.push({
      exitCode,
      drainMs,
      resets: written.failures.length + read.failures.length,
      lost: written.acknowledged.filter((id) => !ids.has(id)).length,
      acknowledged: written.acknowledged.length,
    });
  }
  const worst = Math.max(...runs.map((r) => r.drainMs));
  const resets = runs.reduce((n, r) => n + r.resets, 0);
  const lost = runs.reduce((n, r) => n + r.lost, 0);
  console.log(
    `  shutdown: ${SHUTDOWN_RUNS} SIGTERMs under 16 keep-alive clients, ${resets} resets, ${lost} lost, exit ≤ ${worst} ms`,
  );
  return { runs, resets, lost, worstExitMs: worst };
}

async function loadRun() {
  const dataDir = tempDir();
  const { child, url } = await spawnServer({
    DATA_DIR: dataDir,
    SEED: 'sample',
    BENCH: 'true',
  });
  try {
    const paths = [
      '/',
      '/projects',
      '/blog',
      '/about',
      '/api/projects',
      '/api/blog-posts',
      '/api/settings',
      '/api/services',
    ];
    let peakRss = rssMb(child.pid!);
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, rssMb(child.pid!));
    }, 250);
    const r = await autocannon({
      url,
      connections: LOAD_CONNECTIONS,
      duration: LOAD_SECONDS,
      requests: paths.map((p) => ({ method: 'GET', path: p })),
    });
    clearInterval(sampler);
    const result = {
      connections: LOAD_CONNECTIONS,
      seconds: LOAD_SECONDS,
      requests: r.requests.total,
      rps: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      errors: r.errors,
      timeouts: r.timeouts,
      non2xx: r.non2xx,
      peakRssMb: peakRss,
    };
    console.log(
      `  load: ${LOAD_CONNECTIONS} connections × ${LOAD_SECONDS} s: ${result.rps} req/s, p99 ${result.p99} ms, ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx, RSS ≤ ${peakRss} MB`,
    );
    return result;
  } finally {
    child.kill('SIGTERM');
    await sleep(500);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function writeCost(synchronous: 'FULL' | 'NORMAL') {
  const dataDir = tempDir();
  const { child, url } = await spawnServer({
    DATA_DIR: dataDir,
    SEED: 'none',
    BENCH: 'true',
    BENCH_SYNCHRONOUS: synchronous,
  });
  try {
    const r = await autocannon({
      url: `${url}/api/inquiries`,
      method: 'POST',
      connections: 10,
      duration: WRITE_SECONDS,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(inquiry(0)),
    });
    const result = {
      synchronous,
      rps: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
    };
    console.log(
      `  POST /api/inquiries, synchronous=${synchronous}: ${result.rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms`,
    );
    return result;
  } finally {
    child.kill('SIGTERM');
    await sleep(500);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  console.log('\nResilience (loopback):');
  const results = {
    crash: await crashRuns(),
    shutdown: await shutdownRuns(),
    load: await loadRun(),
    synchronous: [await writeCost('NORMAL'), await writeCost('FULL')],
  };
  const out = path.join(ROOT, 'bench', 'resilience-results.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify({ at: new Date().toISOString(), ...results }, null, 2)}\n`);
  console.log(`  written to ${path.relative(ROOT, out)}`);
  const failed =
    results.crash.lost > 0 ||
    results.crash.integrity !== 'ok' ||
    results.shutdown.resets > 0 ||
    results.shutdown.lost > 0;
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
