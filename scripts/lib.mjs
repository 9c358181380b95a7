// Helpers of the root scripts. Plain Node with no dependencies: they run before anything is installed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const rel = (...parts) => path.join(ROOT, ...parts);

const PNPM_ENV = {
  COREPACK_ENABLE_DOWNLOAD_PROMPT: '0',
  COREPACK_INTEGRITY_KEYS: '0',
  ELECTRON_SKIP_BINARY_DOWNLOAD: process.env.ELECTRON_SKIP_BINARY_DOWNLOAD ?? '1',
};

export function log(message) {
  process.stdout.write(`\x1b[2m[atelier]\x1b[0m ${message}\n`);
}

/** Runs a command in the foreground; returns its exit status. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, {
    cwd: ROOT,
    stdio: 'inherit',
    ...options,
    env: { ...process.env, ...PNPM_ENV, ...options.env },
  });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export function must(command, args, options) {
  const status = run(command, args, options);
  if (status !== 0) {
    log(`\`${command} ${args.join(' ')}\` failed (exit ${status})`);
    process.exit(status);
  }
}

/** pnpm, pinned by package.json's packageManager, through corepack (shipped with Node). */
export const pnpm = (args, options) => run('corepack', ['pnpm', ...args], options);
export const mustPnpm = (args, options) => must('corepack', ['pnpm', ...args], options);

function hashFiles(files) {
  const hash = createHash('sha256');
  for (const file of files.sort()) {
    hash.update(path.relative(ROOT, file));
    hash.update(fs.readFileSync(file));
  }
  return hash.digest('hex');
}

function walk(target, out = []) {
  if (!fs.existsSync(target)) return out;
  if (fs.statSync(target).isFile()) {
    out.push(target);
    return out;
  }
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (['node_modules', 'dist', 'out', '.cache'].includes(entry.name)) continue;
    walk(path.join(target, entry.name), out);
  }
  return out;
}

/** Installs dependencies with the frozen lockfile when node_modules is missing or older than the manifests. */
export function ensureInstalled() {
  const manifests = [
    'package.json',
    'pnpm-lock.yaml',
    'pnpm-workspace.yaml',
    ...['shared', 'server', 'website', 'desktop', 'tests'].map((p) => `${p}/package.json`),
  ].map((f) => rel(f));
  const stamp = rel('node_modules', '.atelier-install-stamp');
  const want = hashFiles(manifests);
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === want) return;
  log('installing dependencies (pnpm, frozen lockfile)…');
  mustPnpm(['install', '--frozen-lockfile', '--reporter=append-only']);
  fs.writeFileSync(stamp, want);
}

/** What each package's build reads, and the stamp its build leaves. */
const BUILDS = {
  website: {
    inputs: [
      'website/src',
      'website/public',
      'website/index.html',
      'website/account.html',
      'website/vite.config.ts',
      'shared/src',
    ],
    stamp: 'website/dist/.build-stamp',
  },
  server: { inputs: ['server/src', 'server/build.mjs', 'shared/src'], stamp: 'server/dist/.build-stamp' },
  desktop: {
    inputs: ['desktop/src', 'desktop/electron.vite.config.ts', 'website/src', 'shared/src'],
    stamp: 'desktop/out/.build-stamp',
  },
};

/** Builds the given packages whose inputs changed since their last build. */
export function ensureBuilt(names, { force = false } = {}) {
  for (const name of names) {
    const build = BUILDS[name];
    const want = hashFiles(
      build.inputs.flatMap((input) => walk(rel(input))).filter((f) => !f.endsWith('.test.ts')),
    );
    const stamp = rel(build.stamp);
    if (!force && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === want) continue;
    log(`building ${name}…`);
    mustPnpm(['--filter', `@atelier/${name}`, 'run', 'build']);
    fs.mkdirSync(path.dirname(stamp), { recursive: true });
    fs.writeFileSync(stamp, want);
  }
}
