// `npm run bench` (and `bench:deployments`): the same pages and API answers on the deployments Atelier
// supports, side by side: SQLite with media on the disk (one server, the default), PostgreSQL with media in
// an S3 bucket (one server; one behind nginx; two behind nginx). Each is the production bundle with the
// sample content, BENCH=true (no per-address limits), on loopback, started here: a throw-away PostgreSQL
// cluster, s3rver and Debian's nginx. Prints one table and writes bench/deployments.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Cluster, findNginx, startCluster } from '../support/cluster';
import { inquiry as visitorInquiry } from '../support/load';
import { findPostgresBin, startPostgres } from '../support/postgres';
import { ROOT } from '../support/process';
import { startS3 } from '../support/s3';
import {
  CONNECTIONS,
  DURATION_S,
  measure,
  type Result,
  startBenchServer,
  waitForIdle,
  writeReport,
} from './harness';

/** One visitor's inquiry: BENCH=true lifts the per-address limit. */
const inquiry = JSON.stringify(visitorInquiry(0));

interface Target {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
}

/** The pages and answers measured: what visitors ask for most, and the one public write. */
async function targets(url: string): Promise<Target[]> {
  const { items } = (await (await fetch(`${url}/api/projects?category=residential`)).json()) as {
    items: { id: string; slug: string }[];
  };
  const first = items[0];
  if (!first) throw new Error('the sample content has no residential project');
  return [
    { name: 'page /', path: '/' },
    { name: 'page /projects', path: '/projects' },
    { name: 'page /projects/{slug}', path: `/projects/${first.slug}` },
    { name: 'GET /api/projects', path: '/api/projects?category=residential&page=1' },
    { name: 'GET /api/projects/{id}', path: `/api/projects/${first.id}` },
    { name: 'GET /api/settings', path: '/api/settings' },
    { name: 'POST /api/inquiries', path: '/api/inquiries', method: 'POST', body: inquiry },
  ];
}

async function measureAll(url: string, label: string, list: Target[]) {
  console.log(`\n${label}`);
  const results: Result[] = [];
  for (const target of list)
    results.push(
      await measure(url, target.name, {
        path: target.path,
        method: target.method,
        body: target.body,
        headers: { 'accept-encoding': 'br, gzip' },
      }),
    );
  return results;
}

async function main() {
  const missing = !findPostgresBin()
    ? 'PostgreSQL is not installed (apt-get install postgresql)'
    : !findNginx()
      ? 'nginx is not installed (apt-get install nginx)'
      : null;
  const { atelier } = JSON.parse(fs.readFileSync(path.join(ROOT, 'server', 'package.json'), 'utf8'));
  console.log(
    `\nAtelier deployments benchmark: ${CONNECTIONS} connections, ${DURATION_S} s each, ${os.cpus().length} cores`,
  );
  const columns: { label: string; results: Result[] }[] = [];

  const sqlite = await startBenchServer();
  try {
    await waitForIdle(sqlite.child.pid!);
    const list = await targets(sqlite.url);
    columns.push({
      label: 'SQLite, one server',
      results: await measureAll(sqlite.url, 'SQLite, one server', list),
    });
  } finally {
    await sqlite.stop();
  }

  if (missing) {
    console.log(`\nPostgreSQL and nginx rows skipped: ${missing}`);
  } else {
    const postgres = await startPostgres();
    const s3 = await startS3();
    const run = async (count: number, rows: { label: string; direct: boolean }[]) => {
      let cluster: Cluster | undefined;
      try {
        cluster = await startCluster({
          postgresUrl: postgres.url,
          storageUrl: s3.url,
          count,
          env: { BENCH: 'true', ...atelier.env },
          nodeOptions: atelier.nodeOptions,
          keepOutput: false,
        });
        for (const server of cluster.servers) await waitForIdle(server.child.pid!);
        for (const row of rows) {
          const url = row.direct ? cluster.servers[0]!.url : cluster.url;
          const list = await targets(url);
          columns.push({ label: row.label, results: await measureAll(url, row.label, list) });
        }
      } finally {
        await cluster?.stop();
      }
    };
    try {
      await run(1, [
        { label: 'PostgreSQL + S3, one server', direct: true },
        { label: 'PostgreSQL + S3, one behind nginx', direct: false },
      ]);
      await run(2, [{ label: 'PostgreSQL + S3, two behind nginx', direct: false }]);
    } finally {
      await s3.stop();
      await postgres.stop();
    }
  }

  const [base] = columns;
  console.log('\nreq/s (p99 ms); % of SQLite, one server\n');
  console.log(`| | ${columns.map((c) => c.label).join(' | ')} |`);
  console.log(`| --- |${columns.map(() => ' ---: |').join('')}`);
  for (const [i, row] of base!.results.entries()) {
    const cells = columns.map(({ results }) => {
      const r = results[i]!;
      const share = Math.round((r.rps / row.rps) * 100);
      const failed = r.non2xx + r.errors ? `, ${r.non2xx + r.errors} failed` : '';
      return `${r.rps} (${r.p99})${results === base!.results ? '' : ` ${share} %`}${failed}`;
    });
    console.log(`| ${row.name} | ${cells.join(' | ')} |`);
  }
  console.log(
    `\nOn ${os.cpus().length} cores the load generator, PostgreSQL, s3rver, nginx and the servers share the same CPUs: ` +
      'two servers here show what the balancer costs and that nothing is lost, not what a second machine adds.',
  );
  writeReport('deployments.json', { connections: CONNECTIONS, durationS: DURATION_S, columns });
}

await main();
