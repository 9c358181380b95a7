/**
 * The desktop app's main-process modules against a real server process (the built bundle), for the
 * upload tests, the renderer harness and the bench: a server that can be killed and started again on
 * the same port and data directory, and a signed-in admin.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type ApiClient, createApiClient } from '../../desktop/src/main/api-client';
import { type Cipher, createTokenStore } from '../../desktop/src/main/token-store';
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

/** The desktop app's API client for `server`, signed in as its admin, with its session file in `dir`. */
export async function signedInAdmin(server: KillableServer, dir: string): Promise<ApiClient> {
  const api = createApiClient({
    serverUrl: server.url,
    tokens: createTokenStore(path.join(dir, 'session.bin'), testCipher),
  });
  await api.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
  return api;
}

/**
 * A TCP proxy in front of `target` that lets at most `bytesPerSecond` through towards it: on loopback a
 * 48 MB upload otherwise ends in a fraction of a second, before a test can cut it off half-way. The target may
 * go away and come back (a killed server): connections made meanwhile fail, as they would without the proxy.
 */
export async function throttledProxy(
  target: () => string,
  bytesPerSecond: number,
  { shared = false }: { shared?: boolean } = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  // Shared: one line for every connection (its next free moment), as a studio's uplink is.
  let lineFreeAt = 0;
  const proxy = net.createServer((client) => {
    const { hostname, port } = new URL(target());
    const upstream = net.connect(Number(port), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    upstream.pipe(client);
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      client.pause();
      const sending = (chunk.length / bytesPerSecond) * 1000;
      if (!shared) return void setTimeout(() => client.resume(), sending);
      lineFreeAt = Math.max(lineFreeAt, performance.now()) + sending;
      setTimeout(() => client.resume(), lineFreeAt - performance.now());
    });
    client.on('end', () => upstream.end());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        proxy.close(() => resolve());
      }),
  };
}
