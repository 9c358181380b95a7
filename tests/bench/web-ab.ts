// `corepack pnpm --filter @atelier/tests run bench:web-ab -- <dist> <dist> …`: the home page of two (or more) builds of the website
// (`website/dist` directories, each served by its own production server) measured by Lighthouse in turn,
// run after run, with the mobile preset and with the CPU 8× slower. Lighthouse's default throttling is
// simulated: it multiplies the main-thread tasks it observed at full speed, so on a machine busy with other
// work one run's total blocking time can be several times another's. Builds measured side by side under the
// same load are comparable; figures from different hours are not. BENCH_LIGHTHOUSE_RUNS runs per build and
// setting (default 3); BENCH_PAGE a path other than `/`. A dist must sit inside the repository (its
// server-side bundle resolves packages from there), e.g. a copy of website/dist made before a change.
import path from 'node:path';
import lighthouse from 'lighthouse';
import { launchChromium, startBenchServer } from './harness';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const PAGE = process.env.BENCH_PAGE ?? '/';
const SETTINGS = [
  { name: 'mobile', cpuSlowdownMultiplier: undefined },
  { name: '8× CPU', cpuSlowdownMultiplier: 8 },
];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function measure(url: string, port: number, cpuSlowdownMultiplier?: number) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    ...(cpuSlowdownMultiplier && { throttling: { cpuSlowdownMultiplier } }),
  });
  const lhr = result?.lhr;
  if (!lhr || lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr?.runtimeError?.message}`);
  const work = (
    lhr.audits['mainthread-work-breakdown']?.details as { items?: { group: string; duration: number }[] }
  )?.items;
  const group = (name: string) => Math.round(work?.find((item) => item.group === name)?.duration ?? 0);
  return {
    tbt: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
    lcp: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
    styleLayout: group('styleLayout'),
    script: group('scriptEvaluation'),
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
  };
}

/**
 * A run Lighthouse could not record (on a busy machine its trace sometimes misses the navigation, NO_NAVSTART)
 * is made again, twice at most, rather than end the whole comparison.
 */
async function measureOrRetry(url: string, port: number, cpuSlowdownMultiplier?: number) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(url, port, cpuSlowdownMultiplier);
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`  ${(error as Error).message}: run again`);
    }
  }
}

async function main() {
  const dists = process.argv
    .slice(2)
    .filter((arg) => arg !== '--')
    .map((dist) => path.resolve(process.env.INIT_CWD ?? process.cwd(), dist)); // where pnpm was run
  if (dists.length < 2) throw new Error('usage: bench:web-ab -- <website dist> <website dist> …');
  const servers = [];
  for (const dist of dists)
    servers.push(await startBenchServer({ NODE_ENV: 'production', LOG_LEVEL: 'warn', WEBSITE_DIST: dist }));
  const chromium = await launchChromium();
  try {
    for (const server of servers) await fetch(`${server.url}${PAGE}`); // the page cache, warm
    const results = SETTINGS.map(() => dists.map(() => [] as Awaited<ReturnType<typeof measure>>[]));
    for (let run = 0; run < RUNS; run++) {
      for (const [s, setting] of SETTINGS.entries()) {
        for (const [d, server] of servers.entries()) {
          const r = await measureOrRetry(
            `${server.url}${PAGE}`,
            chromium.port,
            setting.cpuSlowdownMultiplier,
          );
          results[s]![d]!.push(r);
          console.log(
            `  ${dists[d]} ${setting.name}: TBT ${r.tbt} ms, LCP ${r.lcp} ms, style & layout ${r.styleLayout} ms, script ${r.script} ms, performance ${r.performance}`,
          );
        }
      }
    }
    console.log(`\n${PAGE}, median of ${RUNS} runs each (each run's in brackets), measured in turn\n`);
    console.log('| build | setting | TBT ms | LCP ms | style & layout ms | script ms | performance |');
    console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: |');
    for (const [s, setting] of SETTINGS.entries()) {
      for (const [d, dist] of dists.entries()) {
        const runs = results[s]![d]!;
        const column = (key: keyof (typeof runs)[number]) => {
          const values = runs.map((r) => r[key]);
          return `${median(values)} (${values.join(', ')})`;
        };
        console.log(
          `| ${path.relative(process.cwd(), dist)} | ${setting.name} | ${column('tbt')} | ${column('lcp')} | ${column('styleLayout')} | ${column('script')} | ${column('performance')} |`,
        );
      }
    }
  } finally {
    await chromium.stop();
    for (const server of servers) await server.stop();
  }
}

await main();
