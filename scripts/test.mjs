// `npm test`: installs what the tests need, builds, then runs lint, typecheck, the vitest projects
// (unit + integration) and the Playwright browser tests, and ends with one line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { ensureBuilt, ensureInstalled, log, pnpm, rel, run } from './lib.mjs';

const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** Installs a Debian package with apt-get where we are root and apt exists; false where we cannot. */
function aptInstall(name, purpose) {
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) return false;
  log(`installing Debian's ${name} for ${purpose} (apt-get)…`);
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env });
  run('apt-get', ['install', '-y', '-qq', name], { env });
  return true;
}

/** A Chromium for the browser tests: PLAYWRIGHT_CHROMIUM_PATH, Debian's, or apt-installed when root. */
function ensureChromium() {
  const given = process.env.PLAYWRIGHT_CHROMIUM_PATH;
  if (given) {
    if (fs.existsSync(given)) return given;
    log(`PLAYWRIGHT_CHROMIUM_PATH=${given} does not exist`);
    return null;
  }
  const found = () => CHROMIUM_CANDIDATES.find((p) => fs.existsSync(p)) ?? null;
  if (found() || (aptInstall('chromium', 'the browser tests') && found())) return found();
  log(
    'No Chromium for the browser tests. Install one (Debian/Ubuntu: `sudo apt-get install chromium`) ' +
      'or point PLAYWRIGHT_CHROMIUM_PATH at a Chromium or Chrome binary.',
  );
  return null;
}

/**
 * Debian's PostgreSQL for the tests that start a throw-away cluster (tests/support/postgres.ts): apt-installed
 * when root and missing. Without it those tests skip, saying why.
 */
function ensurePostgres() {
  const root = '/usr/lib/postgresql';
  const installed = () =>
    fs.existsSync(root) && fs.readdirSync(root).some((v) => fs.existsSync(`${root}/${v}/bin/initdb`));
  if (installed() || (aptInstall('postgresql', 'the PostgreSQL tests') && installed())) return true;
  log(
    'No PostgreSQL: the PostgreSQL tests and the integration pass on PostgreSQL + S3 skip. Install it ' +
      '(Debian/Ubuntu: `sudo apt-get install postgresql`).',
  );
  return false;
}

/** Debian's nginx for the test of several servers behind a balancer: apt-installed when root and missing. */
function ensureNginx() {
  const installed = () => ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].some((p) => fs.existsSync(p));
  if (installed() || (aptInstall('nginx', 'the test of several servers') && installed())) return;
  log(
    'No nginx: the test of several servers behind it skips. Install it (Debian/Ubuntu: `sudo apt-get install nginx`).',
  );
}

const results = { passed: 0, failed: 0, skipped: 0 };
const step = (name, ok) => {
  if (ok) results.passed += 1;
  else {
    results.failed += 1;
    log(`${name} FAILED`);
  }
};

ensureInstalled();
const chromium = ensureChromium();
const postgres = ensurePostgres();
ensureNginx();
ensureBuilt(['website', 'server', 'desktop']);

step('lint', run(rel('node_modules', '.bin', 'biome'), ['check', '.']) === 0);
step('typecheck', pnpm(['-r', '--no-bail', 'run', 'typecheck']) === 0);

fs.mkdirSync(rel('.cache'), { recursive: true });

/** Runs vitest with `args`, its json report counted into the totals under `name`. */
function vitestPass(name, args, env = {}) {
  log(`vitest: ${name}`);
  const report = rel(
    '.cache',
    `vitest-report${env.ATELIER_TEST_BACKEND ? `-${env.ATELIER_TEST_BACKEND}` : ''}.json`,
  );
  fs.rmSync(report, { force: true });
  run(
    rel('node_modules', '.bin', 'vitest'),
    ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { env },
  );
  if (!fs.existsSync(report)) return step(`vitest: ${name} (no report written)`, false);
  const counts = JSON.parse(fs.readFileSync(report, 'utf8'));
  results.passed += counts.numPassedTests;
  results.failed += counts.numFailedTests;
  // A file that fails to load or a failing hook fails its suite without failing a test: count it too.
  if (!counts.success && counts.numFailedTests === 0)
    results.failed += Math.max(1, counts.numFailedTestSuites);
  results.skipped += counts.numPendingTests + counts.numTodoTests;
  log(
    `vitest: ${name}: ${counts.numPassedTests} passed, ${counts.numFailedTests} failed, ` +
      `${counts.numPendingTests + counts.numTodoTests} skipped`,
  );
}

vitestPass('every project, the integration suite on SQLite + local disk', []);
// The matrix's second row: the integration suite again, each test server on its own PostgreSQL database and
// its own S3 bucket (s3rver), the files that test only SQLite or the data directory skipped, saying why.
if (postgres)
  vitestPass('the integration suite on PostgreSQL + S3', ['--project', 'integration'], {
    ATELIER_TEST_BACKEND: 'postgres',
  });
else log('vitest: the integration suite on PostgreSQL + S3 is skipped: no PostgreSQL');

if (chromium) {
  const playwrightReport = rel('.cache', 'playwright-report.json');
  fs.rmSync(playwrightReport, { force: true });
  run(rel('tests', 'node_modules', '.bin', 'playwright'), ['test', '--reporter=list,json'], {
    cwd: rel('tests'),
    env: { PLAYWRIGHT_CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
  });
  if (fs.existsSync(playwrightReport)) {
    const { stats } = JSON.parse(fs.readFileSync(playwrightReport, 'utf8'));
    results.passed += stats.expected + stats.flaky;
    results.failed += stats.unexpected;
    results.skipped += stats.skipped;
  } else {
    step('playwright (no report written)', false);
  }
} else {
  step('browser tests (no Chromium)', false);
}

const skipped = results.skipped ? `, ${results.skipped} skipped` : '';
console.log(`\n${results.passed} passed, ${results.failed} failed${skipped}`);
process.exit(results.failed === 0 ? 0 : 1);
