import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SERVER_BUNDLE = path.join(ROOT, 'server', 'dist', 'index.js');
export const CLI_BUNDLE = path.join(ROOT, 'server', 'dist', 'cli.js');

export function requireBuild(file: string): string {
  if (!fs.existsSync(file))
    throw new Error(`${path.relative(ROOT, file)} is missing: run \`npm run build\` first`);
  return file;
}

/**
 * Runs the production server bundle as its own process and resolves once it listens. With `viaStart`, runs it
 * the way `npm start` does (scripts/start.mjs, its parent) as the leader of its own process group, so a test can
 * signal the whole group as a terminal does. `nodeOptions` go to Node before the bundle; with `keepOutput: false`
 * what the server prints after it listens is dropped (a benchmark's request log).
 */
export function spawnServer(
  env: Record<string, string>,
  options: { viaStart?: boolean; nodeOptions?: string[]; keepOutput?: boolean } = {},
): Promise<{ child: ChildProcess; url: string; exited: Promise<number | null>; output: () => string }> {
  const entry = options.viaStart ? path.join(ROOT, 'scripts', 'start.mjs') : requireBuild(SERVER_BUNDLE);
  const child = spawn(process.execPath, [...(options.nodeOptions ?? []), entry], {
    cwd: ROOT,
    detached: options.viaStart,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stderr?.on('data', (chunk) => {
      buffer += chunk;
    });
    let listening = false;
    child.stdout?.on('data', (chunk: Buffer) => {
      if (listening && options.keepOutput === false) return;
      buffer += chunk.toString();
      if (listening) return;
      const line = buffer.split('\n').find((l) => l.includes('"msg":"listening"'));
      if (!line) return;
      listening = true;
      resolve({ child, url: `http://127.0.0.1:${JSON.parse(line).port}`, exited, output: () => buffer });
    });
    exited.then((code) => reject(new Error(`server exited with ${code} before listening:\n${buffer}`)));
  });
}

/** Runs the CLI bundle to completion. */
export function runCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [requireBuild(CLI_BUNDLE), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

/** A TCP port free on loopback right now (for a process that must be told its port up front). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.once('error', reject);
  });

/** Resolves once `url`/api/health answers 200; fails when `child` exits first or after `timeoutMs`. */
export async function waitForHealth(url: string, child?: ChildProcess, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not answer ${url}/api/health within ${timeoutMs / 1000} s`);
}
