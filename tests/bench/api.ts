// `npm run bench`: load-tests the API of a production server with the sample content on loopback,
// each endpoint beside a baseline route of the same server, and writes bench/results.json.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ROOT, requireBuild, SERVER_BUNDLE } from '../support/process';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

async function waitForHealth(url: string, child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not start within 120 s');
}

const rssMb = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
};

interface Result {
  name: string;
  method: string;
  path: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function measure(
  url: string,
  name: string,
  options: { path: string; method?: 'GET' | 'POST'; body?: string },
) {
  const run = (duration: number) =>
    autocannon({
      url: `${url}${options.path}`,
      method: options.method ?? 'GET',
      body: options.body,
      headers: options.body ? { 'content-type': 'application/json' } : undefined,
      connections: CONNECTIONS,
      duration,
    });
  await run(2); // warm-up: JIT, SQLite page cache
  const r = await run(DURATION_S);
  const result: Result = {
    name,
    method: options.method ?? 'GET',
    path: options.path,
    rps: Math.round(r.requests.average),
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

async function main() {
  requireBuild(SERVER_BUNDLE);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // The same V8 options as `npm start`.
  const { atelier } = JSON.parse(fs.readFileSync(path.join(ROOT, 'server', 'package.json'), 'utf8'));
  const child = spawn(process.execPath, [...atelier.nodeOptions, SERVER_BUNDLE], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED: 'sample',
      BENCH: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(url, child);
    const { items } = (await (await fetch(`${url}/api/projects?category=residential`)).json()) as {
      items: { id: string }[];
    };
    const projectId = items[0]?.id;
    if (!projectId) throw new Error('the sample content has no residential project');
    const inquiry = JSON.stringify({
      client_name: 'Bench Visitor',
      email: 'bench@example.mw',
      phone: '+265 999 000 000',
      subject: 'Load test',
      project_type: 'commercial',
      budget: 'under-50k',
      message: 'A benchmark inquiry.',
    });

    console.log(
      `\nAtelier API benchmark: ${CONNECTIONS} connections, ${DURATION_S} s each, ${os.cpus().length} cores\n`,
    );
    const baselineBefore = await measure(url, 'baseline (1 KB JSON)', { path: '/api/bench/baseline' });
    const results = [
      await measure(url, 'projects list', { path: '/api/projects?category=residential&page=1' }),
      await measure(url, 'project by id', { path: `/api/projects/${projectId}` }),
      await measure(url, 'settings', { path: '/api/settings' }),
      await measure(url, 'create inquiry', { path: '/api/inquiries', method: 'POST', body: inquiry }),
    ];
    const baselineAfter = await measure(url, 'baseline (again)', { path: '/api/bench/baseline' });
    const baseline = Math.round((baselineBefore.rps + baselineAfter.rps) / 2);
    const rss = rssMb(child.pid!);

    const rows = results.map((r) => ({ ...r, ofBaseline: Math.round((r.rps / baseline) * 100) }));
    console.log('\n| endpoint | req/s | % of baseline | p50 ms | p99 ms | non-2xx |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
    console.log(
      `| baseline GET /api/bench/baseline | ${baseline} | 100 | ${baselineBefore.p50} | ${baselineBefore.p99} | ${baselineBefore.non2xx} |`,
    );
    for (const r of rows) {
      console.log(
        `| ${r.method} ${r.path.replace(projectId, '{id}')} | ${r.rps} | ${r.ofBaseline} | ${r.p50} | ${r.p99} | ${r.non2xx} |`,
      );
    }
    console.log(`\nServer RSS after the run: ${rss} MB`);

    const reads = rows.filter((r) => r.method === 'GET');
    const targets = {
      readsAtLeastHalfOfBaseline: reads.every((r) => r.ofBaseline >= 50),
      p99Under25ms: rows.every((r) => r.p99 < 25),
      rssUnder200mb: rss < 200,
    };
    console.log(
      'Targets:',
      Object.entries(targets)
        .map(([k, ok]) => `${k} ${ok ? 'met' : 'MISSED'}`)
        .join(', '),
    );

    fs.mkdirSync(path.join(ROOT, 'bench'), { recursive: true });
    const output = path.join(ROOT, 'bench', 'results.json');
    fs.writeFileSync(
      output,
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          node: process.version,
          cores: os.cpus().length,
          connections: CONNECTIONS,
          durationSeconds: DURATION_S,
          baseline: { rps: baseline, runs: [baselineBefore, baselineAfter] },
          results: rows,
          rssMb: rss,
          targets,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`Wrote ${path.relative(ROOT, output)}`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
