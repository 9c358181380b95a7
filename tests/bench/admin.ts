// `npm run bench` (after the API bench): the admin list endpoints of a production server with the sample
// content on loopback, 50 connections, each beside the baseline route of the same server (target: at least
// half its requests/s). Every request runs the gate (token check, session lookup); the lists and the dashboard
// are then answered from the admin answer cache while nothing changes, so one more row measures the projects
// list with a new URL on every request (the queries run each time). Writes bench/admin-results.json.
import os from 'node:os';
import {
  CONNECTIONS,
  DURATION_S,
  measure,
  printTargets,
  type Result,
  rssMb,
  startBenchServer,
  waitForIdle,
  writeReport,
} from './harness';

const ADMIN = { email: 'bench-lists@example.mw', password: 'Kapenta#Lake42' };

const ENDPOINTS: [name: string, path: string][] = [
  // The admin gate alone (token check, session lookup): the floor under every admin list.
  ['gate only (admin/me)', '/api/admin/me'],
  ['projects, page 1', '/api/admin/projects'],
  ['projects, search+sort', '/api/admin/projects?q=house&sort=title&order=asc'],
  ['projects, drafts', '/api/admin/projects?status=draft&page=2'],
  ['blog posts', '/api/admin/blog-posts'],
  ['blog, published', '/api/admin/blog-posts?status=published&sort=views&order=desc'],
  ['services', '/api/admin/services'],
  ['team members', '/api/admin/team-members?q=a'],
  ['videos', '/api/admin/videos'],
  ['inquiries, new', '/api/admin/inquiries?status=new'],
  ['dashboard', '/api/admin/dashboard'],
  ['activity', '/api/admin/activity'],
];

async function main() {
  const server = await startBenchServer({
    // Sign-in is not measured here: the fast hash keeps the set-up short.
    PASSWORD_HASH: 'fast',
    ATELIER_ADMIN_EMAIL: ADMIN.email,
    ATELIER_ADMIN_PASSWORD: ADMIN.password,
  });
  try {
    const res = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    if (res.status !== 200) throw new Error(`sign-in failed with ${res.status}: ${await res.text()}`);
    const { access_token } = (await res.json()) as { access_token: string };
    const headers = { authorization: `Bearer ${access_token}` };

    // A few hundred inquiries, so the list and the dashboard work on more than the sample's handful.
    for (let i = 0; i < 300; i++) {
      await fetch(`${server.url}/api/inquiries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          client_name: `Bench Client ${i}`,
          email: `client${i}@example.mw`,
          phone: '+265 999 000 000',
          subject: 'Load test',
          project_type: i % 2 ? 'commercial' : 'residential',
          budget: 'under-50k',
          message: 'A benchmark inquiry.',
        }),
      });
    }

    await waitForIdle(server.child.pid!);
    console.log(
      `\nAtelier admin lists: ${CONNECTIONS} connections, ${DURATION_S} s each, ${os.cpus().length} cores\n`,
    );
    const before = await measure(server.url, 'baseline (1 KB JSON)', { path: '/api/bench/baseline' });
    const results: Result[] = [];
    for (const [name, endpoint] of ENDPOINTS)
      results.push(await measure(server.url, name, { path: endpoint, headers }));
    // An unknown parameter is ignored by the list but makes each URL new to the cache: what a list costs
    // right after a write.
    let miss = 0;
    const uncached = await measure(server.url, 'projects, uncached', {
      path: '/api/admin/projects?miss=0',
      headers,
      requests: [{ setupRequest: (req) => ({ ...req, path: `/api/admin/projects?miss=${++miss}` }) }],
    });
    const after = await measure(server.url, 'baseline (again)', { path: '/api/bench/baseline' });
    const baseline = Math.round((before.rps + after.rps) / 2);
    const baselineP99 = Math.max(before.p99, after.p99);
    const rss = rssMb(server.child.pid!);

    const ofBaseline = (r: Result) => ({ ...r, ofBaseline: Math.round((r.rps / baseline) * 100) });
    const rows = results.map(ofBaseline);
    const missRow = ofBaseline(uncached);
    console.log('\n| admin endpoint | req/s | % of baseline | p50 ms | p99 ms | non-2xx |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
    console.log(
      `| baseline GET /api/bench/baseline | ${baseline} | 100 | ${before.p50} | ${baselineP99} | 0 |`,
    );
    for (const r of [...rows, { ...missRow, path: '/api/admin/projects?miss=<n>' }])
      console.log(
        `| ${r.name}: GET ${r.path} | ${r.rps} | ${r.ofBaseline} | ${r.p50} | ${r.p99} | ${r.non2xx} |`,
      );
    console.log(`\nServer RSS after the run: ${rss} MB`);
    const lists = rows.filter(
      (r) => r.path !== '/api/admin/me' && r.name !== 'dashboard' && r.name !== 'activity',
    );
    const targets = {
      listsAtLeastHalfOfBaseline: lists.every((r) => r.ofBaseline >= 50),
      // With every request's role check (the staff gate and the operation's permission) in place.
      cachedListsAtLeast80PercentOfBaseline: rows.every((r) => r.ofBaseline >= 80),
      every2xx: [...rows, missRow].every((r) => r.non2xx === 0 && r.errors === 0),
    };
    printTargets(targets);

    writeReport('admin-results.json', {
      baseline: { rps: baseline, p99: baselineP99, runs: [before, after] },
      results: rows,
      uncached: missRow,
      rssMb: rss,
      targets,
    });
  } finally {
    await server.stop();
  }
}

await main();
