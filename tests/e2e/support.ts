import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import Database from 'better-sqlite3';

type Navigate = (this: Page, ...args: never[]) => Promise<unknown>;

/**
 * Playwright's `test` for the public pages: every page's `goto` and `reload` (the test's own page and any it
 * opens) return once the page's islands are hydrated (`<html data-hydrated>`, entry-client.tsx), as a
 * click before then would do nothing. The islands' code loads after the first paint, so after `load`.
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
          // Not in a context without JavaScript, where no island ever is (`scripting` tells it apart).
          await this.waitForFunction(
            () =>
              !document.querySelector('[data-island]') ||
              !matchMedia('(scripting: enabled)').matches ||
              document.documentElement.hasAttribute('data-hydrated'),
          );
          return response;
        };
      }
      await use(undefined);
    },
    { scope: 'worker', auto: true },
  ],
});

/**
 * Runs axe on the page at rest and fails on any serious or critical violation, listing them. Fade-ins still
 * running would be judged half-transparent, so short animations and transitions (reveals) are let finish first.
 */
export async function expectAccessible(page: Page) {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        // Slideshow timers and other long or endless animations are part of the page at rest.
        .every((a) => a.playState !== 'running' || Number(a.effect?.getComputedTiming().endTime) > 3_000),
    undefined,
    { timeout: 5_000 },
  );
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
