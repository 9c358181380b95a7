// `npm run bench`: load-tests the API of a production server with the sample content on loopback,
// each endpoint beside a baseline route of the same server, and writes bench/results.json.
import os from 'node:os';
import type autocannon from 'autocannon';
import { inquiry as visitorInquiry } from '../support/load';
import {
  CONNECTIONS,
  DURATION_S,
  measure,
  printTargets,
  rssMb,
  startBenchServer,
  writeReport,
} from './harness';

/** Created at start-up from the environment (ATELIER_ADMIN_*). */
const BENCH_ADMIN = { email: 'bench-admin@example.mw', password: 'Kapenta#Lake42' };
/** Sign-in is bounded by the password hash (two at a time on the server): a few connections saturate it. */
const SIGN_IN_CONNECTIONS = 4;
/** Each refresh connection holds its own session, whose refresh token rotates on every request. */
const REFRESH_CONNECTIONS = 10;
const HASH = 'scrypt N=2^17 (ln=17), r=8, p=1: 128 MiB and one libuv thread per hash, at most 2 at once';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const signInBody = JSON.stringify(BENCH_ADMIN);
async function signIn(url: string): Promise<{ access_token: string; refresh_token: string }> {
  const res = await fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: signInBody,
  });
  if (res.status !== 200) throw new Error(`sign-in failed with ${res.status}: ${await res.text()}`);
  return (await res.json()) as { access_token: string; refresh_token: string };
}

/** Uncontended sign-in: one request at a time, as a person signing in sees it. */
async function signInLatency(url: string, count = 20) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await signIn(url);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const result = {
    count,
    p50: Math.round(percentile(times, 50)),
    p99: Math.round(percentile(times, 99)),
    min: Math.round(times[0]!),
  };
  console.log(
    `  ${'sign-in (sequential)'.padEnd(22)} ${String(count).padStart(7)} runs    p50 ${result.p50} ms   p99 ${result.p99} ms`,
  );
  return result;
}

/**
 * Refresh requests for autocannon: each request takes a free slot (a session of its own) and sends the slot's
 * latest refresh token, and its answer gives the slot back with the rotated token, so no two requests ever
 * send one token. (autocannon starts a connection's context afresh for each round of its request list, so a
 * slot cannot be kept per connection.) Each run starts with every slot free: a request cut off at the end of
 * the last one left its slot's token rotated unseen, which the next run's replay, within the grace period,
 * answers with the same successor.
 */
function refreshRequests(slots: string[]): () => autocannon.Request[] {
  return () => {
    const free = slots.map((_, index) => index);
    return [
      {
        method: 'POST',
        path: '/auth/v1/token?grant_type=refresh_token',
        setupRequest: (request, context: { slot?: number }) => {
          context.slot = free.shift();
          if (context.slot === undefined) throw new Error('more refresh connections than sessions');
          return { ...request, body: JSON.stringify({ refresh_token: slots[context.slot] }) };
        },
        onResponse: (status, body, context: { slot?: number }) => {
          if (context.slot === undefined) return;
          if (status === 200)
            slots[context.slot] = (JSON.parse(body) as { refresh_token: string }).refresh_token;
          free.push(context.slot);
        },
      },
    ];
  };
}

async function main() {
  const server = await startBenchServer({
    // The production hash (scrypt at OWASP's parameters): sign-in is measured as it really costs.
    PASSWORD_HASH: 'owasp',
    ATELIER_ADMIN_EMAIL: BENCH_ADMIN.email,
    ATELIER_ADMIN_PASSWORD: BENCH_ADMIN.password,
  });
  const { url, child } = server;
  try {
    const { items } = (await (await fetch(`${url}/api/projects?category=residential`)).json()) as {
      items: { id: string }[];
    };
    const projectId = items[0]?.id;
    if (!projectId) throw new Error('the sample content has no residential project');
    const inquiry = JSON.stringify(visitorInquiry(0));

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

    console.log(`\nAccounts (password hash: ${HASH})\n`);
    const sequential = await signInLatency(url);
    const signInLoad = await measure(url, 'sign-in (4 connections)', {
      path: '/auth/v1/token?grant_type=password',
      method: 'POST',
      body: signInBody,
      connections: SIGN_IN_CONNECTIONS,
    });
    const sessions = await Promise.all(Array.from({ length: REFRESH_CONNECTIONS }, () => signIn(url)));
    const refresh = await measure(url, 'token refresh', {
      path: '/auth/v1/token?grant_type=refresh_token',
      method: 'POST',
      connections: REFRESH_CONNECTIONS,
      headers: { 'content-type': 'application/json' },
      requests: refreshRequests(sessions.map((s) => s.refresh_token)),
    });
    const authenticated = await measure(url, 'GET /api/admin/me', {
      path: '/api/admin/me',
      headers: { authorization: `Bearer ${sessions[0]!.access_token}` },
    });
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
    console.log('\n| accounts | req/s | p50 ms | p99 ms | non-2xx |');
    console.log('| --- | ---: | ---: | ---: | ---: |');
    console.log(
      `| sign-in, one at a time (${sequential.count} runs) | | ${sequential.p50} | ${sequential.p99} | 0 |`,
    );
    for (const r of [signInLoad, refresh, authenticated])
      console.log(`| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.non2xx} |`);
    console.log(`Password hash: ${HASH}.`);
    console.log(`\nServer RSS after the run: ${rss} MB`);

    const reads = rows.filter((r) => r.method === 'GET');
    const targets = {
      readsAtLeastHalfOfBaseline: reads.every((r) => r.ofBaseline >= 50),
      p99Under25ms: rows.every((r) => r.p99 < 25),
      rssUnder200mb: rss < 200,
    };
    printTargets(targets);

    writeReport('results.json', {
      baseline: { rps: baseline, runs: [baselineBefore, baselineAfter] },
      results: rows,
      auth: {
        passwordHash: HASH,
        signInSequential: sequential,
        signInConcurrent: signInLoad,
        refresh,
        authenticatedRead: authenticated,
      },
      rssMb: rss,
      targets,
    });
  } finally {
    await server.stop();
  }
}

await main();
