// `npm run bench` (after the API bench): the media store of a production server on loopback. 12-megapixel
// JPEGs through the whole pipeline (tus upload, checks, re-encode, every variant the pages use: the AVIF of
// each width, which `?w=` answers every current browser): images/s; the time from each upload's answer to the
// first variant the admin's grid shows (480 wide); the public home page's p99 while 10 of them are processed;
// a 10 MB tus upload (MB/s); the server's peak RSS during the batch and while 6 large images are processed at
// once. Writes bench/media-results.json. BENCH_SERVER_BUNDLE measures another build (a copy of server/dist
// inside the repository, e.g. made before a change), so two builds can be run in turn under the same load.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IMAGE_WIDTHS } from '@atelier/shared';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { tusUpload } from '../support/tus';
import { printTargets, rssMb, startBenchServer, waitForIdle, writeReport } from './harness';

const ADMIN = { email: 'bench-media@example.mw', password: 'Kapenta#Lake42' };
/** The variants the pages ask for (`?w=` negotiates AVIF), and the admin grid's tile (the smallest). */
const PAGE_VARIANTS = IMAGE_WIDTHS.map((w) => `.w${w}.avif`);
const FIRST_VARIANT = PAGE_VARIANTS[0]!;

/** A 4000×3000 photograph-like JPEG (smooth noise, so it compresses like a photo), different per seed. */
async function photo(seed: number): Promise<Buffer> {
  const small = await sharp({
    create: {
      width: 160,
      height: 120,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: 'gaussian', mean: 100 + (seed % 50), sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  return sharp(small).resize(4000, 3000, { kernel: 'cubic' }).jpeg({ quality: 90 }).toBuffer();
}

const variantPath = (dataDir: string, url: string, suffix: string) =>
  path.join(dataDir, 'cache', 'variants', `${url.replace(/^\/media\//, '')}${suffix}`);

/** Resolves when the variants the pages use exist for every stored file (the background queue made them). */
async function variantsDone(dataDir: string, urls: string[]) {
  while (!urls.every((url) => PAGE_VARIANTS.every((v) => fs.existsSync(variantPath(dataDir, url, v)))))
    await new Promise((r) => setTimeout(r, 20));
}

/** Milliseconds from now until the admin grid's variant of `url` exists. */
async function untilFirstVariant(dataDir: string, url: string) {
  const started = performance.now();
  while (!fs.existsSync(variantPath(dataDir, url, FIRST_VARIANT)))
    await new Promise((r) => setTimeout(r, 10));
  return Math.round(performance.now() - started);
}

async function main() {
  // Started as `npm start` starts it: its V8 options and environment defaults (glibc's MALLOC_*).
  const bundle = process.env.BENCH_SERVER_BUNDLE;
  const { url, child, dataDir, stop } = await startBenchServer(
    {
      LOG_LEVEL: 'warn',
      PASSWORD_HASH: 'fast',
      ATELIER_ADMIN_EMAIL: ADMIN.email,
      ATELIER_ADMIN_PASSWORD: ADMIN.password,
    },
    ...(bundle ? [path.resolve(bundle)] : []),
  );
  try {
    const signIn = await fetch(`${url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const token = ((await signIn.json()) as { access_token: string }).access_token;
    const upload = async (bytes: Buffer, filename: string) => {
      const { status, body } = await tusUpload(url, token, bytes, { filename });
      if (status !== 200)
        throw new Error(`upload of ${filename} answered ${status}: ${JSON.stringify(body)}`);
      return body.item as { url: string; width: number; height: number };
    };

    console.log(`\nAtelier media benchmark: ${os.cpus().length} cores${bundle ? `, ${bundle}` : ''}\n`);
    const photos = await Promise.all(Array.from({ length: 17 }, (_, i) => photo(i)));
    const mb = (n: number) => Math.round((n / 1048576) * 10) / 10;
    console.log(
      `  12-megapixel JPEGs: ${mb(photos.reduce((s, p) => s + p.length, 0) / photos.length)} MB each`,
    );

    await waitForIdle(child.pid as number);
    // Home page alone, for comparison.
    /** Loads the home page with 10 connections; `stop()` ends it early. */
    const home = (duration: number) => {
      let instance: autocannon.Instance | undefined;
      const result = new Promise<autocannon.Result>((resolve, reject) => {
        instance = autocannon({ url: `${url}/`, connections: 10, duration }, (err, r) =>
          err ? reject(err) : resolve(r),
        );
      });
      return { result, stop: () => instance?.stop() };
    };
    await home(2).result;
    const idle = await home(10).result;

    /** Samples the server's resident memory until `stop()`, which answers the peak. */
    const sampleRss = () => {
      let peak = rssMb(child.pid as number);
      const timer = setInterval(() => {
        peak = Math.max(peak, rssMb(child.pid as number));
      }, 25);
      return () => {
        clearInterval(timer);
        return peak;
      };
    };

    // 1. Ten images uploaded together while the home page is under load: pipeline rate, the time from each
    // upload's answer to its first variant, page p99 and peak RSS.
    const batch = photos.slice(0, 10);
    const batchRss = sampleRss();
    const started = performance.now();
    const loaded = home(600);
    const firstVariants: Promise<number>[] = [];
    const items = await Promise.all(
      batch.map(async (bytes, i) => {
        const item = await upload(bytes, `bench-${i}.jpg`);
        firstVariants.push(untilFirstVariant(dataDir, item.url));
        return item;
      }),
    );
    const uploaded = performance.now() - started;
    await variantsDone(
      dataDir,
      items.map((i) => i.url),
    );
    const processed = performance.now() - started;
    loaded.stop();
    const duringLoad = await loaded.result;
    const batchPeak = batchRss();
    const toFirst = (await Promise.all(firstVariants)).sort((a, b) => a - b);
    const firstVariantMs = { median: toFirst[Math.floor(toFirst.length / 2)]!, max: toFirst.at(-1)! };
    const imagesPerSecond = Math.round((batch.length / (processed / 1000)) * 100) / 100;
    console.log(
      `  10 images: stored in ${Math.round(uploaded)} ms, the variants the pages use in ${Math.round(processed)} ms → ${imagesPerSecond} images/s`,
    );
    console.log(
      `  upload answered → first variant (${FIRST_VARIANT}): median ${firstVariantMs.median} ms, max ${firstVariantMs.max} ms`,
    );
    console.log(
      `  home page p99: ${idle.latency.p99} ms idle (${Math.round(idle.requests.average)} req/s), ${duringLoad.latency.p99} ms while processing (${Math.round(duringLoad.requests.average)} req/s, non-2xx ${duringLoad.non2xx})`,
    );

    // 2. A 10 MB file over tus (a PDF: stored as it is, so the transfer is what is measured).
    const header = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
    const pdf = Buffer.concat([header, randomBytes(10_485_760 - header.length)]);
    const tusStarted = performance.now();
    await upload(pdf, 'drawings.pdf');
    const tusMs = performance.now() - tusStarted;
    const mbPerSecond = Math.round((10 / (tusMs / 1000)) * 10) / 10;
    console.log(`  10 MB tus upload: ${Math.round(tusMs)} ms → ${mbPerSecond} MB/s`);

    // 3. Six large images at once: the server's peak RSS while they are checked, re-encoded and resized.
    const before = rssMb(child.pid as number);
    const sixRss = sampleRss();
    const six = await Promise.all(photos.slice(10, 16).map((bytes, i) => upload(bytes, `six-${i}.jpg`)));
    await variantsDone(
      dataDir,
      six.map((i) => i.url),
    );
    const peak = sixRss();
    console.log(
      `  RSS: peak ${batchPeak} MB during the batch; ${before} MB before, peak ${peak} MB while 6 images were processed at once`,
    );

    const targets = {
      twoImagesPerSecond: imagesPerSecond >= 2,
      firstVariantWithin1s: firstVariantMs.max <= 1000,
      homeP99Under50ms: duringLoad.latency.p99 < 50,
      rssUnder300mb: Math.max(peak, batchPeak) <= 300,
    };
    printTargets(targets);
    writeReport('media-results.json', {
      pipeline: {
        images: batch.length,
        megapixels: 12,
        storedMs: Math.round(uploaded),
        pageVariantsMs: Math.round(processed),
        imagesPerSecond,
        firstVariantMs,
      },
      homePage: {
        idleP99: idle.latency.p99,
        whileProcessingP99: duringLoad.latency.p99,
        rps: Math.round(duringLoad.requests.average),
      },
      tus: { bytes: pdf.length, ms: Math.round(tusMs), mbPerSecond },
      rssMb: { before, peakDuringBatch: batchPeak, peakWhileSixProcessed: peak },
      targets,
    });
  } finally {
    await stop();
  }
}

await main();
