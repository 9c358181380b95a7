import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Cipher, createTokenStore } from './token-store';

/** A reversible stand-in for safeStorage (XOR with a key): enough to see the file is not plain text. */
function xorCipher(available = true): Cipher {
  const key = 0x5a;
  const flip = (bytes: Buffer) => Buffer.from(bytes.map((b) => b ^ key));
  return {
    isEncryptionAvailable: () => available,
    encryptString: (plain) => flip(Buffer.from(`enc:${plain}`)),
    decryptString: (encrypted) => {
      const text = flip(encrypted).toString();
      if (!text.startsWith('enc:')) throw new Error('Cannot decrypt');
      return text.slice(4);
    },
  };
}

const dirs: string[] = [];
function tempFile() {
  const dir = mkdtempSync(join(tmpdir(), 'atelier-tokens-'));
  dirs.push(dir);
  return join(dir, 'session.bin');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('token store', () => {
  it('keeps the refresh token encrypted on disk, for the server that issued it', async () => {
    const file = tempFile();
    await createTokenStore(file, xorCipher()).save('http://127.0.0.1:8787', 'refresh-secret-1');
    expect(readFileSync(file).toString()).not.toContain('refresh-secret-1');

    const reopened = createTokenStore(file, xorCipher());
    expect(reopened.persistent).toBe(true);
    expect(await reopened.load('http://127.0.0.1:8787')).toBe('refresh-secret-1');
    expect(await createTokenStore(file, xorCipher()).load('https://studio.example')).toBeNull();
  });

  it('keeps the session in memory only when the OS has no keychain', async () => {
    const file = tempFile();
    const store = createTokenStore(file, xorCipher(false));
    expect(store.persistent).toBe(false);
    await store.save('http://127.0.0.1:8787', 'refresh-secret-2');
    expect(await store.load('http://127.0.0.1:8787')).toBe('refresh-secret-2');
    expect(() => readFileSync(file)).toThrow();
    expect(await createTokenStore(file, xorCipher(false)).load('http://127.0.0.1:8787')).toBeNull();
  });

  it('forgets the token on sign-out and ignores a file it cannot decrypt', async () => {
    const file = tempFile();
    const store = createTokenStore(file, xorCipher());
    await store.save('http://127.0.0.1:8787', 'refresh-secret-3');
    await store.clear();
    expect(await store.load('http://127.0.0.1:8787')).toBeNull();
    expect(await createTokenStore(file, xorCipher()).load('http://127.0.0.1:8787')).toBeNull();

    await store.save('http://127.0.0.1:8787', 'refresh-secret-4');
    const otherKeychain: Cipher = { ...xorCipher(), decryptString: () => 'not json' };
    expect(await createTokenStore(file, otherKeychain).load('http://127.0.0.1:8787')).toBeNull();
  });
});
