// `npm run bench` (after the API and media benches): the desktop app's upload queue
// (desktop/src/main/upload-queue.ts) sending files from disk over tus to a production server on loopback.
// 100 files of 2 MB (files/s, MB/s) and single large files of growing size (MB/s), with the server's and this
// process's (standing for Electron's main process) peak memory: both must stay flat as the file grows,
// since the queue streams from disk and the server streams to its file store.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApiClient } from '../../desktop/src/main/api-client';
import { createTokenStore } from '../../desktop/src/main/token-store';
import { UploadQueue } from '../../desktop/src/main/upload-queue';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startKillableServer, testCipher } from '../support/desktop';

const MB = 1024 * 1024;
const SMALL_FILES = Number(process.env.BENCH_DESKTOP_FILES ?? 100);
const LARGE_SIZES_MB = (process.env.BENCH_DESKTOP_LARGE_MB ?? '64,512').split(',').map(Number);

/** Peak resident memory of a process, in MB, sampled from /proc (Linux) every 50 ms. */
function peakRss(pid: number | 'self') {
  let peak = 0;
  const read = () => {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      peak = Math.max(peak, kb / 1024);
    } catch {
      // The process has gone.
    }
  };
  read();
  const timer = setInterval(read, 50);
  return {
    stop() {
      clearInterval(timer);
      read();
      return Math.round(peak);
    },
  };
}

function writePdf(file: string, bytes: number) {
  const fd = fs.openSync(file, 'w');
  fs.writeSync(fd, Buffer.from('%PDF-1.7\n'));
  let left = bytes - 9;
  while (left > 0) {
    const chunk = randomBytes(Math.min(left, 4 * MB));
    fs.writeSync(fd, chunk);
    left -= chunk.length;
  }
  fs.closeSync(fd);
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-desktop-'));
  const server = await startKillableServer({ UPLOAD_MAX_BYTES: String(1024 * MB) });
  try {
    const api = createApiClient({
      serverUrl: server.url,
      tokens: createTokenStore(path.join(work, 's.bin'), testCipher),
    });
    await api.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    let runs = 0;
    const queue = () =>
      UploadQueue.open({
        stateFile: path.join(work, `queue-${runs++}.json`),
        endpoint: () => `${server.url}/api/admin/uploads`,
        accessToken: () => api.accessToken(),
        maxBytes: () => api.maxUploadBytes(),
      });

    async function run(label: string, files: string[]) {
      const bytes = files.reduce((sum, file) => sum + fs.statSync(file).size, 0);
      const q = await queue();
      global.gc?.();
      const serverMem = peakRss(server.child.pid!);
      const mainMem = peakRss('self');
      const started = performance.now();
      await q.add(files, { folderId: null, bucket: 'projects' });
      await q.idle();
      const seconds = (performance.now() - started) / 1000;
      const { totals } = q.snapshot();
      if (totals.done !== files.length) throw new Error(`${label}: ${totals.done} of ${files.length} done`);
      return {
        label,
        files: files.length,
        mb: Math.round(bytes / MB),
        seconds: Number(seconds.toFixed(2)),
        files_per_s: Number((files.length / seconds).toFixed(1)),
        mb_per_s: Number((bytes / MB / seconds).toFixed(1)),
        server_peak_rss_mb: serverMem.stop(),
        main_peak_rss_mb: mainMem.stop(),
      };
    }

    const results = [];
    const small = Array.from({ length: SMALL_FILES }, (_, index) => path.join(work, `sheet-${index}.pdf`));
    for (const file of small) writePdf(file, 2 * MB);
    results.push(await run(`${SMALL_FILES} files of 2 MB`, small));
    for (const file of small) fs.rmSync(file);

    for (const size of LARGE_SIZES_MB) {
      const file = path.join(work, `model-${size}.pdf`);
      writePdf(file, size * MB);
      results.push(await run(`1 file of ${size} MB`, [file]));
      fs.rmSync(file);
    }

    console.table(results);
    fs.writeFileSync(
      path.join(import.meta.dirname, 'desktop-upload.json'),
      `${JSON.stringify({ at: new Date().toISOString(), cpus: os.cpus().length, loadavg: os.loadavg(), results }, null, 2)}\n`,
    );
  } finally {
    await server.dispose();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
