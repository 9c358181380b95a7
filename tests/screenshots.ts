// `npm run screenshots`: every public page at 390 px and 1440 px, full length, from a production server
// with the sample content, written to .cache/screenshots/ (or SCREENSHOTS_DIR) so anyone can look at the
// whole site in a minute. SCREENSHOT_PAGES=home,project narrows a run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './support/chromium';
import { ROOT, spawnServer } from './support/process';

const WIDTHS = [390, 1440];
const OUT = process.env.SCREENSHOTS_DIR ?? path.join(ROOT, '.cache', 'screenshots');

/** The first link on `page` whose path starts with `prefix` and goes one level deeper. */
async function firstLink(url: string, prefix: string): Promise<string> {
  const html = await (await fetch(url)).text();
  const match = new RegExp(`href="(${prefix}/[^"/?#]+)"`).exec(html);
  if (!match?.[1]) throw new Error(`no ${prefix}/… link on ${url}`);
  return match[1];
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-shots-'));
  const server = await spawnServer({ DATA_DIR: dataDir, SEED: 'sample' });
  const browser = await chromium.launch({
    executablePath: process.env.PLAYWRIGHT_CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const base = server.url;
    const pages: Record<string, string> = {
      home: '/',
      about: '/about',
      services: '/services',
      service: await firstLink(`${base}/services`, '/services'),
      projects: '/projects',
      project: await firstLink(`${base}/projects`, '/projects'),
      blog: '/blog',
      post: await firstLink(`${base}/blog`, '/blog'),
      contact: '/contact',
      'not-found': '/no-such-page',
      auth: '/auth',
    };
    const only = process.env.SCREENSHOT_PAGES?.split(',');
    fs.mkdirSync(OUT, { recursive: true });
    for (const width of WIDTHS) {
      // Reduced motion: every reveal shows at once, so the full-page shot has no half-faded tiles.
      const context = await browser.newContext({
        viewport: { width, height: width < 800 ? 844 : 900 },
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      for (const [name, url] of Object.entries(pages)) {
        if (only && !only.includes(name)) continue;
        await page.goto(base + url, { waitUntil: 'networkidle' });
        // Lazy images would load only when scrolled to: load them all, and scroll through once so
        // whatever reveals on scrolling has revealed, before the full-page shot.
        await page.evaluate(async () => {
          for (const img of Array.from(document.images)) img.loading = 'eager';
          for (let y = 0; y < document.body.scrollHeight; y += 500) {
            window.scrollTo(0, y);
            await new Promise((r) => setTimeout(r, 60));
          }
          window.scrollTo(0, 0);
        });
        await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
        await page.waitForLoadState('networkidle');
        const file = path.join(OUT, `${name}-${width}.png`);
        await page.screenshot({ path: file, fullPage: true });
        console.log(path.relative(ROOT, file));
      }
      await context.close();
    }
  } finally {
    await browser.close();
    server.child.kill('SIGTERM');
    await server.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
