import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import Database from 'better-sqlite3';

type Navigate = (this: Page, ...args: never[]) => Promise<unknown>;

/**
 * Whether the page's layout is final, in the page: its islands hydrated (`<html data-hydrated>`, entry-client.tsx;
 * not in a context without JavaScript, where no island ever is), the full stylesheets the boot script adds
 * switched on together and the parts below the first screen laid out with them (entry-boot.ts), and every font its text uses loaded (they swap in, and text set in
 * the fallback font wraps otherwise). Before then a click may do nothing, and a box measured, a screenshot or
 * a jump to an anchor may meet a page that is still moving.
 */
function layoutIsFinal(): boolean {
  const scripting = matchMedia('(scripting: enabled)').matches;
  const hydrated =
    !scripting ||
    !document.querySelector('[data-island]') ||
    document.documentElement.hasAttribute('data-hydrated');
  // The islands hydrate on the page's first need (entry-boot.ts), a visitor's first interaction among them:
  // waiting for them stands for one, a focus that moves nothing.
  if (!hydrated) dispatchEvent(new FocusEvent('focusin'));
  const sheets = Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'));
  // The parts below the first screen are laid out in tasks of their own after the switch (entry-boot.ts):
  // set aside until then, with a style of their own.
  const styled =
    !scripting ||
    !document.querySelector('noscript[data-stylesheets]') ||
    (sheets.length > 0 &&
      sheets.every((link) => link.media !== 'print') &&
      !document.querySelector('[style*="content-visibility"]'));
  // Laying the page out asks for the fonts its text needs, so none is still to be asked for.
  document.body?.getBoundingClientRect();
  return hydrated && styled && document.fonts.status === 'loaded';
}

/** Waits until the page's layout is final (see `layoutIsFinal`), e.g. after a screen drawn in the browser. */
export async function waitForFinalLayout(page: Page) {
  await page.waitForFunction(layoutIsFinal);
}

/**
 * Playwright's `test` for the public pages: every page's `goto` and `reload` (the test's own page and any it
 * opens) return once the page's layout is final: its islands hydrated, its stylesheets and fonts applied. The
 * islands' code and the full stylesheets load after the first paint, so after `load`.
 */
export const test = base.extend<object, { hydratedNavigation: undefined }>({
  hydratedNavigation: [
    async ({ browser }, use) => {
      const context = await browser.newContext();
      const prototype = Object.getPrototypeOf(await context.newPage()) as Record<string, Navigate>;
      await context.close();
      for (const name of ['goto', 'reload']) {
        const navigate = prototype[name]!;
        prototype[name] = async function (this: Page, ...args: never[]) {
          const response = await navigate.apply(this, args);
          await this.waitForFunction(layoutIsFinal);
          return response;
        };
      }
      await use(undefined);
    },
    { scope: 'worker', auto: true },
  ],
});

/**
 * Stops the page's clock (installing Playwright's, for this page and the pages it opens next): its timers — a
 * toast's 5 s, a slideshow's turns, a redirect's wait — then move only when the test moves them (`moveClock`),
 * never while a busy machine is slow to look. `page.clock.resume()` lets time run again (axe needs it). Called
 * before the page opens, the page never sees time move by itself.
 */
export async function stopClock(page: Page) {
  await page.clock.install();
  // A moment ahead of the page's clock, which follows this one: a stopped clock is only ever moved forward.
  await page.clock.pauseAt(Date.now() + 1_000);
}

/**
 * Moves the page's stopped clock on by `ms`, once the page has run the work it had queued: React starts a
 * screen's timers in its effects, in a task after the one that showed the screen, which its scheduler queues
 * as a message; a message posted now is delivered after it.
 */
export async function moveClock(page: Page, ms: number) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );
  await page.clock.runFor(ms);
}

/**
 * Waits for the page to be at rest: short animations and transitions (reveals, entrances) are let finish, as
 * text still fading in would be judged half-transparent. Slideshow timers and other long or endless
 * animations are part of the page at rest.
 */
export async function waitForRest(page: Page) {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || Number(a.effect?.getComputedTiming().endTime) > 3_000),
    undefined,
    { timeout: 5_000 },
  );
}

/**
 * Runs axe on the page at rest and fails on any serious or critical violation, listing them. Axe's work is all
 * computation, seconds on a quiet machine and tens of them on a busy one: each run brings the test 30 s of its
 * own rather than spending the test's.
 */
export async function expectAccessible(page: Page) {
  test.info().setTimeout(test.info().timeout + 30_000);
  await waitForRest(page);
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
    );
  expect(blocking, blocking.join('\n')).toEqual([]);
}

/** A connection to the database of the server under test, for arranging data a test needs. */
export function openTestDatabase(): Database.Database {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
  const db = new Database(path.join(dataDir, 'atelier.db'));
  db.pragma('busy_timeout = 5000');
  return db;
}

/** Collects console errors and warnings (hydration mismatches among them) and page errors. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') {
      // The sandbox has no internet: third-party embeds failing to load is expected, not a page fault.
      if (
        /youtube|ytimg|openstreetmap|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|net::ERR/i.test(
          msg.text(),
        )
      )
        return;
      problems.push(msg.text());
    }
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}
