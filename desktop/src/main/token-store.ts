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

export const NO_KEYCHAIN_MESSAGE =
  'This computer offers no secure storage for the sign-in, so you stay signed in only until the app closes.';

export interface TokenStore {
  /** False when the token cannot be kept safely on disk (no keychain): memory only. */
  readonly persistent: boolean;
  load(serverUrl: string): Promise<string | null>;
  save(serverUrl: string, refreshToken: string): Promise<void>;
  clear(): Promise<void>;
}

export function createTokenStore(file: string, cipher: Cipher): TokenStore {
  const persistent = cipher.isEncryptionAvailable();
  // In memory in every case: a failed disk write must not sign the user out.
  let memory: { serverUrl: string; token: string } | null = null;

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
      if (!persistent) return;
      await mkdir(dirname(file), { recursive: true });
      const temp = `${file}.${randomUUID()}.tmp`;
      await writeFile(temp, cipher.encryptString(JSON.stringify({ serverUrl, token })), { mode: 0o600 });
      await rename(temp, file);
    },
    async clear() {
      memory = null;
      await rm(file, { force: true });
    },
  };
}
