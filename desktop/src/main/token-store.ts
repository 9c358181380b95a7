/**
 * Where the refresh token lives between launches. It is encrypted with Electron's `safeStorage`
 * (the OS keychain), handed in as a `Cipher` so tests run without Electron. When the OS offers no
 * keychain, nothing is written: the session lives in memory and ends with the app.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** The part of Electron's `safeStorage` the store uses. */
export interface Cipher {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

export interface TokenStore {
  /** False when the token cannot be kept safely on disk (no keychain): memory only. */
  readonly persistent: boolean;
  load(serverUrl: string): Promise<string | null>;
  save(serverUrl: string, refreshToken: string): Promise<void>;
  clear(): Promise<void>;
  /**
   * The device token the server gave this app for an account (docs/auth.md, "device cookies"): it lets the
   * app keep signing in while strangers' guesses have locked the account. Kept across sign-outs.
   */
  loadDevice(serverUrl: string, email: string): Promise<string | null>;
  saveDevice(serverUrl: string, email: string, token: string): Promise<void>;
}

export function createTokenStore(file: string, cipher: Cipher): TokenStore {
  const persistent = cipher.isEncryptionAvailable();
  // In memory in every case: a failed disk write must not sign the user out.
  let memory: { serverUrl: string; token: string } | null = null;
  const devicesFile = `${file}.devices`;
  let devices: Record<string, string> | null = null;
  const deviceKey = (serverUrl: string, email: string) => `${serverUrl} ${email.toLowerCase()}`;

  async function writeEncrypted(target: string, value: unknown) {
    await mkdir(dirname(target), { recursive: true });
    const temp = `${target}.${randomUUID()}.tmp`;
    await writeFile(temp, cipher.encryptString(JSON.stringify(value)), { mode: 0o600 });
    await rename(temp, target);
  }

  async function loadDevices(): Promise<Record<string, string>> {
    if (devices) return devices;
    devices = {};
    if (persistent) {
      try {
        const stored = JSON.parse(cipher.decryptString(await readFile(devicesFile)));
        if (stored && typeof stored === 'object') devices = stored as Record<string, string>;
      } catch {
        // None yet, or unreadable: the app is a new device to the server.
      }
    }
    return devices;
  }

  return {
    persistent,
    async load(serverUrl) {
      if (memory) return memory.serverUrl === serverUrl ? memory.token : null;
      if (!persistent) return null;
      try {
        const stored = JSON.parse(cipher.decryptString(await readFile(file))) as {
          serverUrl?: unknown;
          token?: unknown;
        };
        // A token belongs to the server that issued it; another server's is useless (and not sent).
        if (stored.serverUrl !== serverUrl || typeof stored.token !== 'string') return null;
        memory = { serverUrl, token: stored.token };
        return stored.token;
      } catch {
        // Missing, or encrypted by another user/keychain: there is no session to restore.
        return null;
      }
    },
    async save(serverUrl, token) {
      memory = { serverUrl, token };
      if (persistent) await writeEncrypted(file, { serverUrl, token });
    },
    async clear() {
      memory = null;
      await rm(file, { force: true });
    },
    async loadDevice(serverUrl, email) {
      return (await loadDevices())[deviceKey(serverUrl, email)] ?? null;
    },
    async saveDevice(serverUrl, email, token) {
      const all = await loadDevices();
      all[deviceKey(serverUrl, email)] = token;
      if (persistent) await writeEncrypted(devicesFile, all);
    },
  };
}
