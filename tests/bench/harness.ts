// What the benches share: the load generator with a warm-up, the server's resident memory, and Chromium
// for Lighthouse.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { CHROMIUM_ARGS } from '../support/chromium';
import { freePort, ROOT, requireBuild, SERVER_BUNDLE, waitForHealth } from '../support/process';

export const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
export const CONNECTIONS = 50;

export const rssMb = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
};

export interface Result {
  name: string;
  method: string;
  path: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export async function measure(
  url: string,
  name: string,
  options: {
    path: string;
    method?: 'GET' | 'POST';
    body?: string;
    headers?: Record<string, string>;
    connections?: number;
    /** A request list, or one made afresh for each run (the warm-up's and the measured one). */
    requests?: autocannon.Request[] | (() => autocannon.Request[]);
  },
) {
  const run = (duration: number) =>
    autocannon({
      url: `${url}${options.path}`,
      method: options.method ?? 'GET',
      body: options.body,
      headers: { ...(options.body ? { 'content-type': 'application/json' } : {}), ...options.headers },
      connections: options.connections ?? CONNECTIONS,
      duration,
      requests: typeof options.requests === 'function' ? options.requests() : options.requests,
    });
  await run(2); // warm-up: JIT, SQLite page cache
  const r = await run(DURATION_S);
  const result: Result = {
    name,
    method: options.method ?? 'GET',
    path: options.path,
    // Sign-in does a few per second: one decimal there.
    rps:
      r.requests.average < 100
        ? Math.round((r.requests.total / r.duration) * 10) / 10
        : Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
  console.log(
    `  ${name.padEnd(22)} ${String(result.rps).padStart(7)} req/s   p50 ${result.p50} ms   p99 ${result.p99} ms`,
  );
  return result;
}

/**
 * The production bundle on a free loopback port with the sample content, BENCH=true (no per-address limits,
 * the baseline route), the V8 options and environment defaults of `npm start`, in a fresh data directory.
 */
export async function startBenchServer(env: Record<string, string> = {}, bundle = SERVER_BUNDLE) {
  requireBuild(bundle);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { atelier } = JSON.parse(fs.readFileSync(path.join(ROOT, 'server', 'package.json'), 'utf8'));
  const child = spawn(process.execPath, [...atelier.nodeOptions, bundle], {
    cwd: ROOT,
    env: {
      ...atelier.env,
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED: 'sample',
      BENCH: 'true',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, child, dataDir, stop };
}

/** CPU seconds the process has used (user + system), from /proc. */
const cpuSeconds = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/**
 * Waits until the server is idle (under 10 % of a core over a second, at most `maxSeconds`): a fresh server
 * may still be making image variants of the sample content, which would weigh on the first measurements.
 */
export async function waitForIdle(pid: number, maxSeconds = 90) {
  for (let i = 0; i < maxSeconds; i++) {
    const before = cpuSeconds(pid);
    await new Promise((r) => setTimeout(r, 1000));
    if (cpuSeconds(pid) - before < 0.1) return;
  }
}

/** Prints whether each target was met. */
export function printTargets(targets: Record<string, boolean>) {
  console.log(
    'Targets:',
    Object.entries(targets)
      .map(([k, ok]) => `${k} ${ok ? 'met' : 'MISSED'}`)
      .join(', '),
  );
}

/** Writes a bench's figures, with the machine and the load settings, to bench/<file> and says where. */
export function writeReport(file: string, report: object) {
  fs.mkdirSync(path.join(ROOT, 'bench'), { recursive: true });
  const output = path.join(ROOT, 'bench', file);
  const full = {
    date: new Date().toISOString(),
    node: process.version,
    cores: os.cpus().length,
    connections: CONNECTIONS,
    durationSeconds: DURATION_S,
    ...report,
  };
  fs.writeFileSync(output, `${JSON.stringify(full, null, 2)}\n`);
  console.log(`Wrote ${path.relative(ROOT, output)}`);
}

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Chromium with a DevTools port for Lighthouse to drive (the flags of the e2e suite, headless). */
export async function launchChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-lh-profile-'));
  const child = spawn(
    CHROME_PATH,
    [...CHROMIUM_ARGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let buffer = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(buffer);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited with ${code}:\n${buffer}`)));
  });
  return {
    port,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      // Chromium's helper processes may still be writing to the profile for a moment after it exits.
      try {
        fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      } catch (error) {
        console.warn(`  (left the Chromium profile ${profile}: ${(error as Error).message})`);
      }
    },
  };
}
