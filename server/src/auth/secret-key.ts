import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** What each derived key is for: one master secret, a separate key per use (HKDF), so no key serves two ends. */
type KeyPurpose = 'totp' | 'recovery-code' | 'refresh-successor' | 'device' | 'visitor';

const SEALED = 'enc:v1:';

export interface Secrets {
  /** Encrypts a short text at rest (AES-256-GCM); `open` reverses it and passes a legacy clear text through. */
  seal(text: string): string;
  open(stored: string): string;
  isSealed(stored: string): boolean;
  /** A keyed hash (HMAC-SHA-256, base64url) for `purpose`. */
  mac(purpose: KeyPurpose, text: string): string;
  /** Whether `tag` is `mac(purpose, text)`, in constant time. */
  verifyMac(purpose: KeyPurpose, text: string, tag: string): boolean;
}

const secretKeyFile = (dataDir: string) => path.join(dataDir, 'keys', 'secret.key');

/**
 * The master secret: 256 random bits made on first start and kept beside the signing key (DATA_DIR/keys, 0700,
 * file 0600). It encrypts TOTP secrets and keys the hashes of recovery codes and device cookies: a copy of the
 * database alone then gives none of them away. Back it up with the database: without it, authenticator apps
 * and recovery codes must be set up again.
 */
export function loadSecretKey(dataDir: string): Buffer {
  const file = secretKeyFile(dataDir);
  try {
    const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url');
    if (key.length !== 32) throw new Error(`${file} does not hold a 256-bit key`);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(32);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, key.toString('base64url'), { mode: 0o600 });
  fs.renameSync(temp, file);
  return key;
}

export function createSecrets(master: Buffer): Secrets {
  const keys = new Map<string, Buffer>();
  const keyFor = (purpose: string) => {
    let key = keys.get(purpose);
    if (!key) {
      key = Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `atelier:${purpose}`, 32));
      keys.set(purpose, key);
    }
    return key;
  };
  const mac = (purpose: KeyPurpose, text: string) =>
    createHmac('sha256', keyFor(purpose)).update(text).digest('base64url');
  return {
    seal(text) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keyFor('seal'), iv);
      const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${SEALED}${iv.toString('base64url')}.${body.toString('base64url')}`;
    },
    open(stored) {
      if (!stored.startsWith(SEALED)) return stored;
      const [iv = '', body = ''] = stored.slice(SEALED.length).split('.');
      const bytes = Buffer.from(body, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', keyFor('seal'), Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(bytes.subarray(bytes.length - 16));
      return Buffer.concat([
        decipher.update(bytes.subarray(0, bytes.length - 16)),
        decipher.final(),
      ]).toString('utf8');
    },
    isSealed: (stored) => stored.startsWith(SEALED),
    mac,
    verifyMac(purpose, text, tag) {
      const expected = Buffer.from(mac(purpose, text));
      const given = Buffer.from(tag);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
