/**
 * The desktop app's main-process modules against a real server process (the built bundle), for the
 * upload tests, the renderer harness and the bench: a server that can be killed and started again on
 * the same port and data directory, and a signed-in admin.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Cipher } from '../../desktop/src/main/token-store';
import { freePort, spawnServer } from './process';

export const ADMIN_EMAIL = 'studio.admin@example.mw';
export const ADMIN_PASSWORD = 'Kapenta#Lake42';

/** A stand-in for safeStorage: reversible, not plain text. */
export const testCipher: Cipher = {
  isEncryptionAvailable: () => true,
  encryptString: (plain) => Buffer.from(plain).reverse(),
  decryptString: (encrypted) => Buffer.from(encrypted).reverse().toString(),
};

export interface KillableServer {
  url: string;
  dataDir: string;
  child: ChildProcess;
  /** SIGKILL: the server stops mid-request, as when it crashes or the machine loses power. */
  kill(): Promise<void>;
  /** Starts the server again on the same port and data directory. */
  start(): Promise<void>;
  /** Stops it and removes its data. */
  dispose(): Promise<void>;
}

export async function startKillableServer(env: Record<string, string> = {}): Promise<KillableServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-desktop-server-'));
  const port = await freePort();
  const fullEnv = {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: String(port),
    SEED: 'none',
    PASSWORD_HASH: 'fast',
    BENCH: 'true',
    ATELIER_ADMIN_EMAIL: ADMIN_EMAIL,
    ATELIER_ADMIN_PASSWORD: ADMIN_PASSWORD,
    UPLOAD_MAX_BYTES: String(512 * 1024 * 1024),
    ...env,
  };
  let running = await spawnServer(fullEnv);
  const server: KillableServer = {
    url: running.url,
    dataDir,
    get child() {
      return running.child;
    },
    async kill() {
      running.child.kill('SIGKILL');
      await running.exited.catch(() => {});
    },
    async start() {
      running = await spawnServer(fullEnv);
    },
    async dispose() {
      if (running.child.exitCode === null && running.child.signalCode === null) {
        running.child.kill('SIGTERM');
        await running.exited.catch(() => {});
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}
