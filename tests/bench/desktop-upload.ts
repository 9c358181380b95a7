// `npm run bench` (after the API and media benches): the desktop app's upload queue
// (desktop/src/main/upload-queue.ts) sending files from disk over tus to a production server on loopback.
// 100 files of 2 MB (files/s, MB/s) and single large files of growing size (MB/s), with the server's peak memory
// and main's (the queue runs in a process of its own standing for Electron's main, bench/desktop-main.ts, so the
// photographs generated here do not count): both must stay flat as the files grow and add up, since the queue
// streams from disk and the server streams to its file store.
// Then a shoot on a slow line: 100 camera photographs (12 MP JPEGs of 6–10 MB) through a 5 Mbit/s loopback
// throttle shared by every connection, sized for the web by main (the default) and as they are: bytes sent,
// time, main's peak memory, and the time the sizing itself takes. BENCH_DESKTOP_PHOTOS=6 for a quick look.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { startKillableServer, throttledProxy } from '../support/desktop';
import type { MainFigures, MainJob } from './desktop-main';

const MB = 1024 * 1024;
const SMALL_FILES = Number(process.env.BENCH_DESKTOP_FILES ?? 100);
const LARGE_SIZES_MB = (process.env.BENCH_DESKTOP_LARGE_MB ?? '64,512')
  .split(',')
  .map(Number)
  .filter(Boolean);
const PHOTOS = Number(process.env.BENCH_DESKTOP_PHOTOS ?? 100);
/** The studio's upload line: 5 Mbit/s. */
const LINE_BYTES_PER_SECOND = (5 * 1000 * 1000) / 8;
/** Distinct camera frames made (each ~3 s of noise encoding); the photographs are copies with their own bytes. */
const FRAMES = 8;

/** Peak resident memory of a process, in MB, sampled from /proc (Linux) every 50 ms. */
function peakRss(pid: number) {
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

/**
 * `count` camera photographs: 4000×3000 noisy JPEGs at quality 94–97 (6–10 MB, as a camera writes), each with
 * its own bytes (a comment segment after the start marker). Only FRAMES distinct frames are encoded, to bound
 * the generation time, so their sized copies repeat and the server keeps each once after receiving it.
 */
async function cameraPhotos(dir: string, count: number): Promise<string[]> {
  const frames: Buffer[] = [];
  for (let index = 0; index < Math.min(FRAMES, count); index++) {
    frames.push(
      await sharp({
        create: {
          width: 4000,
          height: 3000,
          channels: 3,
          background: '#000',
          noise: { type: 'gaussian', mean: 120, sigma: 28 + index },
        },
      })
        .jpeg({ quality: 94 + (index % 4) })
        .withExif({
          IFD0: { Make: 'Studio Camera', Model: 'X100' },
          IFD2: { BodySerialNumber: `SN-${index}` },
        })
        .toBuffer(),
    );
  }
  return frames.length === 0
    ? []
    : Array.from({ length: count }, (_, index) => {
        const frame = frames[index % frames.length]!;
        const text = Buffer.from(`photograph ${index}`);
        const comment = Buffer.concat([Buffer.from([0xff, 0xfe, 0, text.length + 2]), text]);
        const file = path.join(dir, `DSC_${String(index).padStart(4, '0')}.jpg`);
        fs.writeFileSync(file, Buffer.concat([frame.subarray(0, 2), comment, frame.subarray(2)]));
        return file;
      });
}

/** Runs `job` in a process of its own standing for Electron's main (bench/desktop-main.ts) and answers its figures. */
async function inMain(job: MainJob): Promise<MainFigures> {
  fs.mkdirSync(job.workDir, { recursive: true });
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', path.join(import.meta.dirname, 'desktop-main.ts')],
    { cwd: import.meta.dirname, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  child.stdin.end(JSON.stringify(job));
  let output = '';
  for await (const chunk of child.stdout) output += chunk;
  const [code] = await once(child, 'close');
  if (code !== 0) throw new Error(`main's process ended with ${code}`);
  return JSON.parse(output) as MainFigures;
}

/** Main's memory as the report shows it: before, the peak of each quarter of the files, after. */
const mainMemory = ({ rss }: MainFigures) =>
  `${rss.before_mb} | ${rss.quarters_peak_mb.join(' ')} | ${rss.after_mb}`;

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-desktop-'));
  const server = await startKillableServer({ UPLOAD_MAX_BYTES: String(1024 * MB) });
  try {
    let runs = 0;
    async function run(label: string, files: string[]) {
      const bytes = files.reduce((sum, file) => sum + fs.statSync(file).size, 0);
      const serverMem = peakRss(server.child.pid!);
      const figures = await inMain({
        mode: 'upload',
        serverUrl: server.url,
        files,
        workDir: path.join(work, `main-${runs++}`),
        sized: false,
      });
      if (figures.done !== files.length) throw new Error(`${label}: ${figures.done} of ${files.length} done`);
      return {
        label,
        files: files.length,
        mb: Math.round(bytes / MB),
        seconds: Number(figures.seconds.toFixed(2)),
        files_per_s: Number((files.length / figures.seconds).toFixed(1)),
        mb_per_s: Number((bytes / MB / figures.seconds).toFixed(1)),
        server_peak_rss_mb: serverMem.stop(),
        main_rss_mb: mainMemory(figures),
      };
    }

    const results = [];
    const photoResults = [];
    if (PHOTOS > 0) {
      const photos = await cameraPhotos(work, PHOTOS);
      const original = photos.reduce((sum, file) => sum + fs.statSync(file).size, 0);
      // The sizing alone, one photograph after another, as main does it.
      const prep = await inMain({
        mode: 'prepare',
        serverUrl: server.url,
        files: photos,
        workDir: path.join(work, 'prep'),
        sized: true,
      });
      fs.rmSync(path.join(work, 'prep'), { recursive: true, force: true });
      const proxy = await throttledProxy(() => server.url, LINE_BYTES_PER_SECOND, { shared: true });
      try {
        for (const sized of [true, false]) {
          const figures = await inMain({
            mode: 'upload',
            serverUrl: server.url,
            uploadUrl: proxy.url,
            files: photos,
            workDir: path.join(work, `photos-${sized}`),
            sized,
          });
          if (figures.done !== photos.length)
            throw new Error(`photos: ${figures.done} of ${photos.length} done`);
          photoResults.push({
            label: `${photos.length} photographs, ${sized ? 'sized for the web' : 'as they are'}`,
            original_mb: Number((original / MB).toFixed(1)),
            sent_mb: Number((figures.bytesSent / MB).toFixed(1)),
            seconds_at_5_mbit: Number(figures.seconds.toFixed(1)),
            main_rss_mb: mainMemory(figures),
          });
        }
      } finally {
        await proxy.close();
      }
      photoResults.push({
        label: `sizing alone, ${photos.length} photographs`,
        original_mb: Number((original / MB).toFixed(1)),
        sent_mb: Number((prep.bytesSent / MB).toFixed(1)),
        seconds: Number(prep.seconds.toFixed(1)),
        seconds_per_photo: Number((prep.seconds / photos.length).toFixed(2)),
        main_rss_mb: mainMemory(prep),
      });
      for (const file of photos) fs.rmSync(file);
    }

    const small = Array.from({ length: SMALL_FILES }, (_, index) => path.join(work, `sheet-${index}.pdf`));
    for (const file of small) writePdf(file, 2 * MB);
    if (SMALL_FILES > 0) results.push(await run(`${SMALL_FILES} files of 2 MB`, small));
    for (const file of small) fs.rmSync(file);

    for (const size of LARGE_SIZES_MB) {
      const file = path.join(work, `model-${size}.pdf`);
      writePdf(file, size * MB);
      results.push(await run(`1 file of ${size} MB`, [file]));
      fs.rmSync(file);
    }

    console.log("main_rss_mb: main's resident memory before | peak in each quarter of the files | after");
    console.table(results);
    console.table(photoResults);
    fs.writeFileSync(
      path.join(import.meta.dirname, 'desktop-upload.json'),
      `${JSON.stringify({ at: new Date().toISOString(), cpus: os.cpus().length, loadavg: os.loadavg(), results, photos: photoResults }, null, 2)}\n`,
    );
  } finally {
    await server.dispose();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
