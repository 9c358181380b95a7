// `npm start`: install and build what is missing or stale, then serve (migrations and seed run at start-up).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { ensureBuilt, ensureInstalled, rel } from './lib.mjs';

ensureInstalled();
ensureBuilt(['website', 'server']);

// The server runs as its own process so it gets its V8 options (a heap cap) and its environment defaults:
// glibc reads MALLOC_* once, when the process starts, and without them it keeps the memory image decoding
// freed (per-thread arenas, and large buffers moved into the heap). See docs/decisions.md.
const { atelier } = JSON.parse(fs.readFileSync(rel('server', 'package.json'), 'utf8'));
const server = spawn(process.execPath, [...atelier.nodeOptions, rel('server', 'dist', 'index.js')], {
  stdio: 'inherit',
  env: { ...atelier.env, ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
