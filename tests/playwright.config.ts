import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './support/chromium';

// One production server for the browser suite, on a port chosen once here (workers inherit the env).
// E2E_BASE_URL (with E2E_DATA_DIR) points the suite at a server already running instead.
const external = process.env.E2E_BASE_URL;
process.env.E2E_PORT ??= String(20000 + Math.floor(Math.random() * 20000));
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-e2e-'));
const port = Number(process.env.E2E_PORT);
const baseURL = external ?? `http://127.0.0.1:${port}`;
const chromium = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  outputDir: '../.cache/playwright-output',
  fullyParallel: true,
  workers: 2,
  // On CI (a machine busy with other work) a test that fails is run once more and, passing, reported as
  // flaky by name: a timing flake is seen without stopping the run. Locally, a failure is a failure.
  retries: process.env.CI ? 1 : 0,
  // Limits, not waits: a test that loads several pages, or an assertion waiting for a state, takes far longer
  // on a machine whose cores are busy with other work, and CI runs on such a machine.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromium,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: external
    ? undefined
    : {
        command: 'node ../server/dist/index.js',
        url: `http://127.0.0.1:${port}/api/health`,
        reuseExistingServer: false,
        timeout: 120_000,
        env: {
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: process.env.E2E_DATA_DIR,
          LOG_LEVEL: 'warn',
          SEED: 'sample',
          // Behind one trusted proxy, so a test can speak for several visitors (X-Forwarded-For).
          TRUST_PROXY: '1',
        },
      },
});
