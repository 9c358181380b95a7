// `npm run bench:web`: measures the public website as a visitor's browser and a crawler see it, on a
// production server with the sample content on loopback: throughput under load (autocannon, 50
// connections, `accept-encoding: br, gzip`) of four pages and the home page's stylesheet and script side
// by side, Lighthouse (mobile preset, and again with the CPU slowed down 8×: a cheap phone) on five pages,
// HTML time to first byte, HTML size (raw, gzip, Brotli), and the JavaScript and CSS the
// home page loads. Prints tables with the targets (met or MISSED; the run does not fail on a miss) and
// writes bench/web-results.json.
//
// WEBSITE_DIST (passed through to the server) measures another build of the website than website/dist,
// BENCH_SERVER_BUNDLE another server bundle than server/dist/index.js; BENCH_LHR_DIR keeps the reports;
// BENCH_PAGES, BENCH_LIGHTHOUSE_RUNS (0 skips Lighthouse), BENCH_TTFB_REQUESTS and BENCH_DURATION (seconds
// of load per page) narrow a run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import autocannon from 'autocannon';
import lighthouse from 'lighthouse';
import { ROOT, SERVER_BUNDLE } from '../support/process';
import { launchChromium, startBenchServer } from './harness';

const TTFB_REQUESTS = Number(process.env.BENCH_TTFB_REQUESTS ?? 200);
/** Seconds of load per page (after 2 s of warm-up for each), at 50 connections as a crowd of visitors. */
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;
/** What a browser sends; crawlers' user agent keeps the load from counting thousands of post views. */
const LOAD_HEADERS = { 'accept-encoding': 'br, gzip', 'user-agent': 'atelier-bench (bot)' };
/** The pages measured under load, side by side. */
const LOAD_PAGES = ['home', 'projects', 'project', 'post'];
/**
 * Lighthouse runs per page in each setting; the run with the median performance score is reported (its
 * advice), and the median total blocking time of the runs.
 */
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
/** The second setting: the mobile preset with the CPU this many times slower (a low-end Android phone). */
const SLOW_CPU = 8;
const TARGETS = {
  performance: 95,
  /** On the pages measured under load: the home page, the projects, a project and a post (median run). */
  measuredPerformance: 100,
  measuredLcpMs: 1500,
  /** The home page's median total blocking time, in both settings. */
  homeTbtMs: 200,
  accessibility: 95,
  bestPractices: 95,
  seo: 100,
  homeJsGzipKb: 150,
  homeCssGzipKb: 40,
  ttfbP50Ms: 20,
  homeRps: 3000,
  homeP99Ms: 30,
  homeTtfbP50Ms: 3,
  homeHtmlKb: 35,
  homeHtmlBrotliKb: 10,
  rssMb: 200,
};
const LIGHTHOUSE_VERSION = JSON.parse(
  fs.readFileSync(path.join(ROOT, 'tests', 'node_modules', 'lighthouse', 'package.json'), 'utf8'),
).version as string;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const round = (ms: number) => Math.round(ms * 100) / 100;

/** Every same-origin URL an HTML page points at: scripts, styles, preloads, images and their srcsets. */
function assetUrls(html: string, base: string): string[] {
  const urls = new Set<string>();
  for (const [, value] of html.matchAll(/\b(?:src|href)="([^"]+)"/g)) urls.add(value!);
  for (const [, value] of html.matchAll(/\bsrcset="([^"]+)"/gi)) {
    for (const candidate of value!.split(',')) urls.add(candidate.trim().split(/\s+/)[0]!);
  }
  return [...urls]
    .map((u) => new URL(u.replace(/&amp;/g, '&'), base))
    .filter((u) => u.origin === new URL(base).origin)
    .map((u) => u.href);
}

/** Fetches each page and everything it references once, so image variants exist before measuring. */
async function warm(urls: string[]) {
  for (const url of urls) {
    const html = await (await fetch(url, { headers: { 'user-agent': 'atelier-bench (bot)' } })).text();
    const assets = assetUrls(html, url).filter((u) => /\/(media|assets)\//.test(new URL(u).pathname));
    await Promise.all(
      assets.map(async (asset) => {
        // What Chromium asks for an image: the server makes the format it will answer the browser with.
        const accept = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8';
        await (await fetch(asset, { headers: { accept } })).arrayBuffer();
      }),
    );
  }
}

/** Sequential requests for the page's HTML: time to the response headers (first byte), in ms. */
async function ttfb(url: string) {
  const times: number[] = [];
  for (let i = 0; i < TTFB_REQUESTS + 10; i++) {
    const start = performance.now();
    const res = await fetch(url, { headers: LOAD_HEADERS });
    const elapsed = performance.now() - start;
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    if (i >= 10) times.push(elapsed); // the first ten warm the JIT and the connection
  }
  return { p50: round(median(times)), p90: round(percentile(times, 90)), p99: round(percentile(times, 99)) };
}

/** The page's HTML as served (raw) and gzipped; the server's own encoding is reported too. */
async function htmlBytes(url: string) {
  const res = await fetch(url, { headers: { 'user-agent': 'atelier-bench (bot)' } });
  const html = await res.text();
  return {
    html,
    rawBytes: Buffer.byteLength(html),
    gzipBytes: gzipSync(html).length,
    brotliBytes: brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length,
    servedEncoding: res.headers.get('content-encoding') ?? 'identity',
  };
}

/** The JavaScript and CSS the page's HTML loads (entry script, module preloads, stylesheets), gzipped. */
async function codeBytes(html: string, base: string) {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const src = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (!src) continue;
    if (/^<script/.test(tag) && /type="module"|\.js"/.test(tag)) scripts.add(new URL(src, base).href);
    else if (/rel="modulepreload"/.test(tag)) scripts.add(new URL(src, base).href);
    else if (/rel="stylesheet"/.test(tag)) styles.add(new URL(src, base).href);
  }
  const size = async (urls: Set<string>) => {
    let raw = 0;
    let gzip = 0;
    const files: { url: string; rawBytes: number; gzipBytes: number }[] = [];
    for (const url of urls) {
      const body = Buffer.from(await (await fetch(url)).arrayBuffer());
      const zipped = gzipSync(body).length;
      raw += body.length;
      gzip += zipped;
      files.push({ url: new URL(url).pathname, rawBytes: body.length, gzipBytes: zipped });
    }
    return { rawBytes: raw, gzipBytes: gzip, files };
  };
  return { js: await size(scripts), css: await size(styles) };
}

const rssMb = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
};

/** A page under load: requests/s, latency and the bytes each answer puts on the wire (headers included). */
async function load(url: string) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers: LOAD_HEADERS });
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    bytesPerRequest: Math.round(r.throughput.total / Math.max(1, r.requests.total)),
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** What Lighthouse would have fixed: failed audits of every category, the heaviest first, with savings. */
function findings(lhr: Lhr) {
  const weights = new Map<string, number>();
  for (const category of Object.values(lhr.categories)) {
    for (const ref of category.auditRefs) weights.set(ref.id, Math.max(weights.get(ref.id) ?? 0, ref.weight));
  }
  return Object.values(lhr.audits)
    .filter(
      (audit) =>
        audit.score !== null &&
        audit.score < 0.9 &&
        audit.scoreDisplayMode !== 'informative' &&
        audit.scoreDisplayMode !== 'notApplicable' &&
        audit.scoreDisplayMode !== 'manual',
    )
    .map((audit) => {
      const details = audit.details as
        | { overallSavingsMs?: number; overallSavingsBytes?: number }
        | undefined;
      return {
        id: audit.id,
        title: audit.title,
        score: audit.score,
        displayValue: audit.displayValue,
        weight: weights.get(audit.id) ?? 0,
        savingsMs: details?.overallSavingsMs,
        savingsBytes: details?.overallSavingsBytes,
      };
    })
    .sort((a, b) => b.weight - a.weight || (b.savingsMs ?? 0) - (a.savingsMs ?? 0))
    .slice(0, 8);
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART and the like); such a run is repeated. */
async function withRetries<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.log(`  (retrying: ${(error as Error).message})`);
    }
  }
}

async function runLighthouse(url: string, port: number, cpuSlowdownMultiplier?: number) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    // Merged into the preset's throttling: only the CPU changes.
    ...(cpuSlowdownMultiplier && { throttling: { cpuSlowdownMultiplier } }),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  // BENCH_LHR_DIR keeps each full report, for reading what an audit found.
  if (process.env.BENCH_LHR_DIR) {
    fs.mkdirSync(process.env.BENCH_LHR_DIR, { recursive: true });
    const name = `${new URL(url).pathname.replace(/[^a-z0-9]+/gi, '_') || 'home'}${cpuSlowdownMultiplier ? `-cpu${cpuSlowdownMultiplier}x` : ''}`;
    fs.writeFileSync(path.join(process.env.BENCH_LHR_DIR, `${name}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  const score = (id: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => lhr.audits[id]?.numericValue;
  const requests = (
    (
      lhr.audits['network-requests']?.details as {
        items?: { resourceType?: string; transferSize?: number }[];
      }
    )?.items ?? []
  ).filter(Boolean);
  const transfer = (type: string) =>
    requests.filter((r) => r.resourceType === type).reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  return {
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
    },
    metrics: {
      fcpMs: metric('first-contentful-paint'),
      lcpMs: metric('largest-contentful-paint'),
      tbtMs: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      speedIndexMs: metric('speed-index'),
    },
    transferBytes: {
      total: requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      document: transfer('Document'),
      script: transfer('Script'),
      stylesheet: transfer('Stylesheet'),
      image: transfer('Image'),
      font: transfer('Font'),
    },
    findings: findings(lhr),
    warnings: lhr.runWarnings,
  };
}

/**
 * LIGHTHOUSE_RUNS runs of a page: the one with the median performance score, the scores of all, and the
 * median total blocking time (of its own, not the median run's).
 */
async function lighthouseRuns(url: string, port: number | undefined, cpuSlowdownMultiplier?: number) {
  if (port === undefined) return undefined;
  const runs = [];
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
    runs.push(await withRetries(() => runLighthouse(url, port, cpuSlowdownMultiplier)));
  }
  const tbtRuns = runs.map((r) => Math.round(r.metrics.tbtMs ?? 0));
  runs.sort((a, b) => a.scores.performance - b.scores.performance);
  const middle = runs[Math.floor(runs.length / 2)]!;
  return {
    ...middle,
    performanceRuns: runs.map((r) => r.scores.performance),
    tbtRuns,
    tbtMedianMs: median(tbtRuns),
  };
}

async function main() {
  const server = await startBenchServer(
    { NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    process.env.BENCH_SERVER_BUNDLE ?? SERVER_BUNDLE,
  );
  const origin = server.url;
  let chromium: Awaited<ReturnType<typeof launchChromium>> | undefined;
  try {
    // The first item's public address: its slug (an id answers a redirect to it).
    const first = async (api: string) => {
      const body = (await (await fetch(`${origin}${api}`)).json()) as {
        items: { id: string; slug?: string | null }[];
      };
      const item = body.items[0];
      if (!item) throw new Error(`the sample content has nothing at ${api}`);
      return item.slug ?? item.id;
    };
    const all = [
      { name: 'home', path: '/' },
      { name: 'projects', path: '/projects' },
      { name: 'project', path: `/projects/${await first('/api/projects?category=residential')}` },
      { name: 'post', path: `/blog/${await first('/api/blog-posts')}` },
      { name: 'contact', path: '/contact' },
    ];
    // BENCH_PAGES=home,project measures only those pages (for checking one fix quickly).
    const only = process.env.BENCH_PAGES?.split(',').map((name) => name.trim());
    const pages = only ? all.filter((page) => only.includes(page.name)) : all;
    console.log(
      `\nAtelier web benchmark: ${pages.length} pages, Lighthouse ${LIGHTHOUSE_VERSION} mobile preset (median of ${LIGHTHOUSE_RUNS} runs), ${TTFB_REQUESTS} sequential HTML requests per page, ${os.cpus().length} cores\n`,
    );
    await warm(pages.map((p) => `${origin}${p.path}`));

    // Throughput first, on a quiet server: the pages side by side under the same load.
    // The warm-up made every image variant the pages use (sharp): RSS before the load tells that apart.
    const rssBeforeLoad = rssMb(server.child.pid!);
    // Each first visit fetches the page's stylesheet and script (and fonts) too: measured beside the pages.
    const homeLinks = (await htmlBytes(`${origin}/`)).html;
    const homeAsset = (pattern: RegExp, name: string) => {
      const found = pattern.exec(homeLinks)?.[1];
      return found ? [{ name, path: found }] : [];
    };
    const loaded = [
      ...pages.filter((p) => LOAD_PAGES.includes(p.name)),
      ...homeAsset(/href="(\/assets\/index-[\w-]+\.css)"/, 'stylesheet'),
      ...homeAsset(/<script type="module"[^>]*src="(\/assets\/[\w-]+\.js)"/, 'script'),
    ];
    // Every page warmed first (JIT, SQLite's page cache, the page cache), so the first one measured is
    // not the one that pays for it.
    for (const page of loaded) {
      await autocannon({
        url: `${origin}${page.path}`,
        connections: CONNECTIONS,
        duration: 2,
        headers: LOAD_HEADERS,
      });
    }
    const throughput = [];
    for (const page of loaded) throughput.push({ ...page, ...(await load(`${origin}${page.path}`)) });
    const rss = rssMb(server.child.pid!);
    if (throughput.length > 0) {
      console.log(
        `\nThroughput: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per page, accept-encoding: br, gzip\n`,
      );
      console.log('| page or asset | req/s | p50 ms | p99 ms | bytes on the wire / request | non-2xx |');
      console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
      for (const r of throughput) {
        console.log(
          `| ${r.name} ${r.path.replace(/[0-9a-f-]{36}/, '{id}')} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.bytesPerRequest} | ${r.non2xx + r.errors} |`,
        );
      }
      console.log(
        `\nServer RSS after the load: ${rss} MB (before it, after the image warm-up: ${rssBeforeLoad} MB)`,
      );
    }

    chromium = LIGHTHOUSE_RUNS > 0 ? await launchChromium() : undefined;
    const results = [];
    for (const page of pages) {
      const url = `${origin}${page.path}`;
      const html = await htmlBytes(url);
      const time = await ttfb(url);
      const lh = await lighthouseRuns(url, chromium?.port);
      const slow = await lighthouseRuns(url, chromium?.port, SLOW_CPU);
      const { html: _html, ...bytes } = html;
      results.push({ ...page, ttfbMs: time, htmlBytes: bytes, lighthouse: lh, lighthouseSlowCpu: slow });
      const scores =
        lh && slow
          ? `perf ${lh.scores.performance} (runs ${lh.performanceRuns.join(', ')}), ${SLOW_CPU}× CPU ${slow.scores.performance}  a11y ${lh.scores.accessibility}  bp ${lh.scores.bestPractices}  seo ${lh.scores.seo}   `
          : '';
      console.log(
        `  ${page.name.padEnd(9)} ${scores}TTFB p50 ${time.p50} ms   HTML ${kb(bytes.rawBytes)} KB (${kb(bytes.gzipBytes)} KB gzip, ${kb(bytes.brotliBytes)} KB Brotli)`,
      );
    }
    if (chromium) {
      console.log(
        `\nTotal blocking time, median of ${LIGHTHOUSE_RUNS} runs (each run's in brackets): the mobile preset, and with the CPU ${SLOW_CPU}× slower\n`,
      );
      console.log(`| page | TBT ms | TBT ms, ${SLOW_CPU}× CPU | perf, ${SLOW_CPU}× CPU |`);
      console.log('| --- | ---: | ---: | ---: |');
      for (const r of results) {
        const { lighthouse: lh, lighthouseSlowCpu: slow } = r;
        console.log(
          `| ${r.name} | ${lh?.tbtMedianMs} (${lh?.tbtRuns.join(', ')}) | ${slow?.tbtMedianMs} (${slow?.tbtRuns.join(', ')}) | ${slow?.scores.performance} |`,
        );
      }
    }
    const homeHtml = (await htmlBytes(`${origin}/`)).html;
    const home = await codeBytes(homeHtml, `${origin}/`);

    const check = (ok: boolean | null) => (ok === null ? 'not measured' : ok ? 'met' : 'MISSED');
    console.log(
      '\n| page | perf | a11y | best pr. | SEO | FCP ms | LCP ms | TBT ms | CLS | TTFB p50 ms | HTML KB | HTML KB gzip | HTML KB Brotli |',
    );
    console.log(
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    );
    for (const r of results) {
      const scores = r.lighthouse?.scores;
      const metrics = r.lighthouse?.metrics;
      const ms = (value: number | undefined) => (metrics ? Math.round(value ?? 0) : '–');
      console.log(
        `| ${r.name} ${r.path.replace(/[0-9a-f-]{36}/, '{id}')} | ${scores?.performance ?? '–'} | ${scores?.accessibility ?? '–'} | ${scores?.bestPractices ?? '–'} | ${scores?.seo ?? '–'} | ${ms(metrics?.fcpMs)} | ${ms(metrics?.lcpMs)} | ${ms(metrics?.tbtMs)} | ${metrics ? (metrics.cls ?? 0).toFixed(3) : '–'} | ${r.ttfbMs.p50} | ${kb(r.htmlBytes.rawBytes)} | ${kb(r.htmlBytes.gzipBytes)} | ${kb(r.htmlBytes.brotliBytes)} |`,
      );
    }
    console.log(
      `\nHome page code linked from its HTML: JavaScript ${kb(home.js.rawBytes)} KB (${kb(home.js.gzipBytes)} KB gzip, ${home.js.files.length} files), CSS ${kb(home.css.rawBytes)} KB (${kb(home.css.gzipBytes)} KB gzip, ${home.css.files.length} files)`,
    );
    // The boot script fetches the islands' code after the first paint: what the page loads in all is
    // what Lighthouse saw go over the wire (Brotli).
    const homeScriptLoaded = results.find((r) => r.name === 'home')?.lighthouse?.transferBytes.script;
    if (homeScriptLoaded !== undefined) {
      console.log(
        `Home page JavaScript loaded in the browser (Lighthouse, transferred): ${kb(homeScriptLoaded)} KB`,
      );
    }

    const scored = results.flatMap((r) => (r.lighthouse ? [r.lighthouse.scores] : []));
    const measured = results.flatMap((r) =>
      r.lighthouse && LOAD_PAGES.includes(r.name) ? [r.lighthouse] : [],
    );
    const homeLoad = throughput.find((r) => r.name === 'home');
    const homePage = results.find((r) => r.name === 'home');
    // A target over what this run measured: null ("not measured") when it measured none of it, e.g.
    // with BENCH_LIGHTHOUSE_RUNS=0 or pages left out by BENCH_PAGES.
    const every = <T>(items: T[], ok: (item: T) => boolean) => (items.length ? items.every(ok) : null);
    const when = <T>(item: T | undefined, ok: (item: T) => boolean) => (item ? ok(item) : null);
    const targets = {
      performanceAtLeast95: every(scored, (s) => s.performance >= TARGETS.performance),
      measuredPagesPerformance100: every(
        measured,
        (r) => r.scores.performance >= TARGETS.measuredPerformance,
      ),
      measuredPagesLcpUnder1500Ms: every(
        measured,
        (r) => (r.metrics.lcpMs ?? Infinity) < TARGETS.measuredLcpMs,
      ),
      accessibilityAtLeast95: every(scored, (s) => s.accessibility >= TARGETS.accessibility),
      bestPracticesAtLeast95: every(scored, (s) => s.bestPractices >= TARGETS.bestPractices),
      seoIs100: every(scored, (s) => s.seo >= TARGETS.seo),
      homeTbtUnder200Ms: when(homePage?.lighthouse, (lh) => lh.tbtMedianMs < TARGETS.homeTbtMs),
      homeTbtUnder200MsSlowCpu: when(homePage?.lighthouseSlowCpu, (lh) => lh.tbtMedianMs < TARGETS.homeTbtMs),
      homeJsAtMost150KbGzip: (homeScriptLoaded ?? home.js.gzipBytes) <= TARGETS.homeJsGzipKb * 1024,
      homeCssAtMost40KbGzip: home.css.gzipBytes <= TARGETS.homeCssGzipKb * 1024,
      ttfbP50Under20ms: every(results, (r) => r.ttfbMs.p50 < TARGETS.ttfbP50Ms),
      homeAtLeast3000Rps: when(homeLoad, (h) => h.rps >= TARGETS.homeRps),
      homeP99Under30ms: when(homeLoad, (h) => h.p99 < TARGETS.homeP99Ms),
      homeTtfbP50Under3ms: when(homePage, (h) => h.ttfbMs.p50 < TARGETS.homeTtfbP50Ms),
      homeHtmlAtMost35Kb: when(homePage, (h) => h.htmlBytes.rawBytes <= TARGETS.homeHtmlKb * 1024),
      homeHtmlAtMost10KbBrotli: when(
        homePage,
        (h) => h.htmlBytes.brotliBytes <= TARGETS.homeHtmlBrotliKb * 1024,
      ),
      rssUnder200Mb: rss < TARGETS.rssMb,
    };
    console.log(
      '\nTargets:',
      Object.entries(targets)
        .map(([k, ok]) => `${k} ${check(ok)}`)
        .join(', '),
    );
    for (const r of results) {
      if (!r.lighthouse || r.lighthouse.findings.length === 0) continue;
      console.log(`\nLighthouse findings, ${r.name} (${r.path}):`);
      for (const f of r.lighthouse.findings) {
        const savings = [
          f.savingsMs ? `${Math.round(f.savingsMs)} ms` : '',
          f.savingsBytes ? `${kb(f.savingsBytes)} KB` : '',
        ]
          .filter(Boolean)
          .join(', ');
        console.log(
          `  - ${f.title}${f.displayValue ? ` (${f.displayValue})` : ''}${savings ? ` [saves ${savings}]` : ''} {${f.id}, score ${f.score}}`,
        );
      }
      for (const warning of r.lighthouse.warnings) console.log(`  ! ${warning}`);
    }

    fs.mkdirSync(path.join(ROOT, 'bench'), { recursive: true });
    const output = path.join(ROOT, 'bench', 'web-results.json');
    fs.writeFileSync(
      output,
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          node: process.version,
          cores: os.cpus().length,
          ttfbRequestsPerPage: TTFB_REQUESTS,
          throughput: { connections: CONNECTIONS, durationSeconds: DURATION_S, pages: throughput },
          rssMbAfterLoad: rss,
          rssMbBeforeLoad: rssBeforeLoad,
          pages: results,
          home: { js: home.js, css: home.css },
          targets: { limits: TARGETS, met: targets },
        },
        null,
        2,
      )}\n`,
    );
    console.log(`\nWrote ${path.relative(ROOT, output)}`);
  } finally {
    await chromium?.stop();
    await server.stop();
  }
}

await main();
