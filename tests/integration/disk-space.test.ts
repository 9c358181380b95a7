/**
 * The data folder's disk, short of full: /api/health tells its free space and says `low` below
 * DISK_WARNING_BYTES, and the temporary files a crash left in the uploads and the variant cache are removed at
 * start-up (those of a process still running are kept).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Health } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { onPostgres, sqliteOnly } from '../support/backend';
import { startTestServer } from '../support/server';

describe("the data folder's disk", () => {
  it('shows its free space in /api/health, `low` below the warning threshold', async () => {
    const server = await startTestServer({ content: 'empty' });
    try {
      const res = await server.get('/api/health');
      expect(res.status).toBe(200);
      const { disk } = Health.parse(await res.json());
      const { bavail, bsize } = fs.statfsSync(server.dataDir);
      expect(disk).toMatchObject({ status: 'ok', warning_bytes: 1_000_000_000 });
      // Another process writes too: the figure is the disk's, read at the request, within a margin.
      expect(Math.abs(disk!.free_bytes - bavail * bsize)).toBeLessThan(256 * 1024 * 1024);
      expect(disk!.total_bytes).toBeGreaterThanOrEqual(disk!.free_bytes);

      await server.restart({ DISK_WARNING_BYTES: String(disk!.total_bytes + 1) });
      const low = Health.parse(await (await server.get('/api/health')).json());
      expect(low.status).toBe('ok');
      expect(low.disk).toMatchObject({ status: 'low', warning_bytes: disk!.total_bytes + 1 });
    } finally {
      await server.stop();
    }
  });

  it.skipIf(onPostgres)(
    sqliteOnly(
      "removes at start-up the temporary files a crash left, never a running process's",
      "the temporary files are the local store's, under the data folder; a bucket has none",
    ),
    async () => {
      const server = await startTestServer({ content: 'empty' });
      // A process that has ended (its pid free), and one still running (the CLI writing beside the server).
      const ended = spawnSync(process.execPath, ['-e', '0']).pid!;
      const alive = spawn('sleep', ['60']);
      const uploads = path.join(server.dataDir, 'uploads');
      const files = {
        upload: path.join(uploads, 'project-images', `house.webp.${ended}.tmp`),
        variant: path.join(
          server.dataDir,
          'cache',
          'variants',
          'project-images',
          `house.webp.w640.avif.${ended}.k3x9.tmp`,
        ),
        live: path.join(uploads, 'documents', `plan.pdf.${alive.pid}.tmp`),
        stored: path.join(uploads, 'project-images', 'house.webp'),
      };
      try {
        for (const file of Object.values(files)) {
          fs.mkdirSync(path.dirname(file), { recursive: true });
          fs.writeFileSync(file, 'bytes');
        }
        await server.restart();
        expect(fs.existsSync(files.upload)).toBe(false);
        expect(fs.existsSync(files.variant)).toBe(false);
        expect(fs.existsSync(files.live)).toBe(true);
        expect(fs.existsSync(files.stored)).toBe(true);
      } finally {
        alive.kill();
        await server.stop();
      }
    },
  );
});
