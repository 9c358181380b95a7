// The desktop app's main process for the bench (tests/bench/desktop-upload.ts), in its own process so its memory
// is main's alone (the bench generating the photographs is another process): main's modules signed in to the
// server, sending the files through the upload queue (or only sizing them, `prepare`). It samples its own
// resident memory: before (modules loaded, signed in), at each quarter of the files done, and after; peak
// memory flat over the quarters is what "does not grow with the number of photographs" means.
// Reads a JSON job on stdin and writes its figures as JSON on stdout.
import fs from 'node:fs';
import path from 'node:path';
import { createApiClient } from '../../desktop/src/main/api-client';
import { prepareImage } from '../../desktop/src/main/image-prep';
import { createTokenStore } from '../../desktop/src/main/token-store';
import { UploadQueue } from '../../desktop/src/main/upload-queue';
import { ADMIN_EMAIL, ADMIN_PASSWORD, testCipher } from '../support/desktop';

export interface MainJob {
  mode: 'upload' | 'prepare';
  serverUrl: string;
  /** Where uploads go (the throttled line's address), else serverUrl. */
  uploadUrl?: string;
  files: string[];
  /** A folder of its own for the queue's state and prepared copies. */
  workDir: string;
  /** Size photographs for the web (the server's edge), as the setting's default. */
  sized: boolean;
}

export interface MainFigures {
  seconds: number;
  done: number;
  bytesSent: number;
  rss: { before_mb: number; quarters_peak_mb: number[]; after_mb: number };
}

function rssMb(): number {
  const status = fs.readFileSync('/proc/self/status', 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

async function run(job: MainJob): Promise<MainFigures> {
  const api = createApiClient({
    serverUrl: job.serverUrl,
    tokens: createTokenStore(path.join(job.workDir, 'session.bin'), testCipher),
  });
  await api.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
  const edge = job.sized ? await api.largestImageEdge() : null;
  if (job.sized && edge === null) throw new Error('the server did not say its largest image edge');
  global.gc?.();
  const before = rssMb();
  // Peak of each quarter of the files: sampled every 50 ms into the quarter the work is in.
  const quarters = [before, before, before, before];
  let done = 0;
  const quarter = () => Math.min(3, Math.floor((done / job.files.length) * 4));
  const sample = () => {
    quarters[quarter()] = Math.max(quarters[quarter()]!, rssMb());
  };
  const timer = setInterval(sample, 50);
  const started = performance.now();
  let bytesSent = 0;
  if (job.mode === 'prepare') {
    for (const [index, file] of job.files.entries()) {
      bytesSent +=
        (await prepareImage(file, 'image/jpeg', edge!, path.join(job.workDir, `${index}.jpg`))) ?? 0;
      sample();
      done++;
    }
  } else {
    const queue = await UploadQueue.open({
      stateFile: path.join(job.workDir, 'queue.json'),
      endpoint: () => `${job.uploadUrl ?? job.serverUrl}/api/admin/uploads`,
      accessToken: () => api.accessToken(),
      maxBytes: () => api.maxUploadBytes(),
      largestImageEdge: async () => edge,
    });
    queue.subscribe((snapshot) => {
      sample();
      done = snapshot.totals.done;
      bytesSent = snapshot.totals.bytesSent;
    });
    await queue.add(job.files, { folderId: null, bucket: 'projects' });
    await queue.idle();
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  sample();
  global.gc?.();
  return {
    seconds,
    done,
    bytesSent,
    rss: { before_mb: before, quarters_peak_mb: quarters, after_mb: rssMb() },
  };
}

let input = '';
for await (const chunk of process.stdin) input += chunk;
process.stdout.write(JSON.stringify(await run(JSON.parse(input) as MainJob)));
