/**
 * A server whose data folder's disk is full (a real 8 MB tmpfs, filled up): every write answers 507 with a
 * message that says so, and leaves no temporary file behind; once there is room again, writes work.
 * Mounting needs root (or CAP_SYS_ADMIN): where it is not allowed, the test is skipped and says why.
 */

import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ERROR_CODES, MESSAGES } from '@atelier/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteOf } from '../../server/src/db/client';
import { type Running, startServer } from '../../server/src/server';
import { bearer, signedInUser } from '../support/auth';
import { onPostgres, sqliteOnly } from '../support/backend';
import { testEnv } from '../support/env';
import { inquiry } from '../support/load';
import type { TestServer } from '../support/server';
import { tusUpload } from '../support/tus';

const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-disk-full-'));
/** Why the disk cannot be made (null: it is mounted). */
const unavailable = (() => {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', mountPoint], { stdio: 'pipe' });
    return null;
  } catch (error) {
    fs.rmSync(mountPoint, { recursive: true, force: true });
    const output = (error as { stderr?: Buffer }).stderr?.toString().trim();
    return output || (error as Error).message;
  }
})();
if (unavailable) console.warn(`disk-full test skipped: cannot mount a tmpfs (${unavailable})`);

const filler = path.join(mountPoint, 'filler');
/** Writes until the disk refuses: nothing is left for the server. */
function fillDisk() {
  const fd = fs.openSync(filler, 'a');
  try {
    for (;;) fs.writeSync(fd, Buffer.alloc(64 * 1024, 1));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    fs.closeSync(fd);
  }
}
/** Every file below `dir` whose name says it is a temporary copy. */
const temporaries = (dir: string): string[] =>
  (fs.readdirSync(dir, { recursive: true }) as string[]).filter((name) => name.endsWith('.tmp'));

describe.skipIf(unavailable !== null || onPostgres)(
  sqliteOnly(
    `a full disk${unavailable ? ` (skipped: ${unavailable})` : ''}`,
    'the full disk holds the SQLite file and the uploads; a database server and a bucket are not on it',
  ),
  () => {
    let running: Running;
    let server: TestServer;
    let token: string;
    const dataDir = path.join(mountPoint, 'data');

    beforeAll(async () => {
      running = await startServer(testEnv(dataDir, { SEED: 'none', PASSWORD_HASH: 'fast', BENCH: 'true' }));
      server = {
        get url() {
          return running.url;
        },
        running,
      } as unknown as TestServer;
      token = (await signedInUser(server, { role: 'admin' })).tokens.access_token;
    });
    afterAll(async () => {
      await running?.stop().catch(() => {});
      try {
        execFileSync('umount', [mountPoint], { stdio: 'pipe' });
      } finally {
        fs.rmSync(mountPoint, { recursive: true, force: true });
      }
    });

    const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size)]);
    const expectDiskFull = (status: number, body: any) => {
      expect(status).toBe(507);
      expect(body.error).toEqual({ code: ERROR_CODES.insufficientStorage, message: MESSAGES.diskFull });
    };

    it('answers 507 to an upload, an avatar and a database write, leaving nothing half-written', async () => {
      fillDisk();
      const upload = await tusUpload(running.url, token, pdf(300 * 1024), { filename: 'survey.pdf' });
      expectDiskFull(upload.status, upload.body);
      expect(JSON.stringify(upload.body)).not.toContain('ENOSPC');
      expect(fs.readdirSync(path.join(dataDir, 'tmp-uploads'))).toEqual([]);

      const form = new FormData();
      const image = await sharp(randomBytes(600 * 600 * 3), { raw: { width: 600, height: 600, channels: 3 } })
        .png()
        .toBuffer();
      form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'me.png');
      const avatar = await fetch(`${running.url}/api/profile/avatar`, {
        method: 'POST',
        headers: bearer(token),
        body: form,
      });
      expectDiskFull(avatar.status, await avatar.json());
      expect(temporaries(path.join(dataDir, 'uploads'))).toEqual([]);

      // The database's own file grows until the disk refuses it too.
      let answer: Response | undefined;
      for (let i = 0; i < 200; i++) {
        answer = await fetch(`${running.url}/api/admin/projects`, {
          method: 'POST',
          headers: { ...bearer(token), 'content-type': 'application/json' },
          body: JSON.stringify({
            title: `Project ${i}`,
            description: 'x'.repeat(20_000),
            category: 'residential',
          }),
        });
        if (answer.status !== 201) break;
      }
      expectDiskFull(answer!.status, await answer!.json());
      const inquiries = () =>
        (sqliteOf(running.deps.db)!.prepare('SELECT count(*) AS n FROM inquiries').get() as { n: number }).n;
      const before = inquiries();
      // A visitor's inquiry is told the same, and nothing of it is kept.
      const sent = await fetch(`${running.url}/api/inquiries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(inquiry(1)),
      });
      expectDiskFull(sent.status, await sent.json());
      expect(inquiries()).toBe(before);
    });

    it('takes uploads again once there is room', async () => {
      fs.rmSync(filler);
      const upload = await tusUpload(running.url, token, pdf(300 * 1024), { filename: 'survey.pdf' });
      expect(upload.status).toBe(200);
      expect(upload.body.item.mime_type).toBe('application/pdf');
    });
  },
);
