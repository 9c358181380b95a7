import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { errorCode, postInquiries } from '../support/load';
import { spawnServer } from '../support/process';
import { startTestServer } from '../support/server';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-shutdown-'));

/** Resolves once the server has installed its signal handlers (it prints its banner after). */
async function serving(log: () => string) {
  while (!log().includes('is serving on')) await new Promise((r) => setTimeout(r, 20));
}

describe('graceful shutdown under keep-alive load', () => {
  it('resets no client, loses no acknowledged write, closes event streams and drains without the timeout', async () => {
    const dataDir = tempDir();
    const {
      child,
      url,
      exited,
      output: log,
    } = await spawnServer({
      DATA_DIR: dataDir,
      SEED: 'none',
      BENCH: 'true',
      SHUTDOWN_TIMEOUT_MS: '10000',
    });
    await serving(log);
    // Readers beside the writers, all on keep-alive connections: each sees answers, then a refused connection.
    let stopped = false;
    const stream = await fetch(`${url}/api/events`);
    expect(stream.status).toBe(200);
    const streamEnded = stream.body!.pipeTo(new WritableStream()).then(
      () => 'ended',
      () => 'ended',
    );
    const writers = postInquiries(url, 8, () => stopped);
    const readers = postInquiries(url, 8, () => stopped, undefined, { read: true });
    await new Promise((r) => setTimeout(r, 500));
    child.kill('SIGTERM');
    // A stream asked for after shutdown began is refused or ended, never held open until the timeout.
    const late = await fetch(`${url}/api/events`).then(
      async (res) => {
        if (res.status === 200) await res.body!.pipeTo(new WritableStream()).catch(() => {});
        return res.status;
      },
      (error) => errorCode(error),
    );
    // (A fresh connection may also be reset if it is still in the listen backlog as the listener closes.)
    expect([503, 200, 'ECONNREFUSED', 'ECONNRESET']).toContain(late);
    const [written, read] = await Promise.all([writers, readers]);
    stopped = true;
    expect(await exited).toBe(0);
    expect(await streamEnded).toBe('ended');
    expect(written.failures).toEqual([]);
    expect(read.failures).toEqual([]);
    expect(written.acknowledged.length).toBeGreaterThan(10);
    expect(log()).not.toContain('shutdown timeout');
    const drained = log()
      .split('\n')
      .find((line) => line.includes('stopped: database checkpointed'));
    console.info(`shutdown under load: drained in ${JSON.parse(drained!).ms} ms`);

    const db = new Database(path.join(dataDir, 'atelier.db'), { readonly: true });
    const stored = new Set(
      (db.prepare('SELECT id FROM inquiries').all() as { id: string }[]).map((r) => r.id),
    );
    db.close();
    expect(written.acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('ends the process when the data folder is removed underneath', async () => {
    const dataDir = tempDir();
    const { child, exited, output } = await spawnServer({
      DATA_DIR: dataDir,
      SEED: 'none',
      SHUTDOWN_TIMEOUT_MS: '3000',
    });
    await serving(output);
    fs.rmSync(dataDir, { recursive: true, force: true });
    child.kill('SIGTERM');
    // SQLite keeps its open files, so this one usually ends cleanly; either way it ends, and never hangs.
    expect([0, 1]).toContain(await exited);
  });

  it('rejects the stop (so the process exits non-zero) when closing fails', async () => {
    const server = await startTestServer({ content: 'empty' });
    server.sql.close();
    server.running.deps.mail.stop = () => Promise.reject(new Error('the disk is gone'));
    await expect(server.running.stop()).rejects.toThrow('the disk is gone');
    server.running.deps.db.$client.close();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  });
});
