// `npm run bench` (last): backups of the sample site on a live production server. The first backup (the
// database, the keys and every media file copied) and a second one (media unchanged: linked to the first),
// each through `pnpm atelier backup` beside the running server: wall time, what the backup holds, what it wrote.
// Writes bench/backup-results.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { listBackups } from '../../server/src/features/backups/backup-folder';
import { CLI_BUNDLE, runCli } from '../support/process';
import { startBenchServer, waitForIdle, writeReport } from './harness';

async function main() {
  const server = await startBenchServer();
  const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-backups-'));
  try {
    await waitForIdle(server.child.pid!);
    const runs = [];
    for (const label of ['first (full)', 'second (media linked)']) {
      const started = performance.now();
      const result = await runCli(['backup', backupDir], { DATA_DIR: server.dataDir });
      const ms = Math.round(performance.now() - started);
      if (result.code !== 0) throw new Error(`backup failed: ${result.output}`);
      const [latest] = listBackups(backupDir);
      const { bytes, new_bytes, linked_files, counts, files } = latest!.manifest;
      runs.push({
        label,
        ms,
        files: files.length,
        media_files: counts.media_files,
        bytes,
        new_bytes,
        linked_files,
      });
      console.log(
        `  ${label}: ${ms} ms (CLI start included), ${files.length} files, ${(bytes / 1e6).toFixed(1)} MB held, ` +
          `${(new_bytes / 1e6).toFixed(1)} MB written, ${linked_files} linked`,
      );
    }
    writeReport('backup-results.json', { cli: path.relative(process.cwd(), CLI_BUNDLE), runs });
  } finally {
    await server.stop();
    fs.rmSync(backupDir, { recursive: true, force: true });
  }
}

console.log('\nBackup of the sample site (loopback server running):');
main().catch((error) => {
  console.error(error);
  process.exit(1);
});
