import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { AUTH_MESSAGES, newPasswordProblem } from '@atelier/shared';
import { isCommonPassword } from './common-passwords';

/**
 * scrypt at OWASP's parameters (Password Storage Cheat Sheet: N=2^17, r=8, p=1), which needs 128 MiB per
 * hash; `fast` (N=2^10) only for tests. Stored as `$scrypt$ln=17,r=8,p=1$<salt>$<key>` (base64, no padding),
 * so a hash made with other parameters still verifies and is upgraded at the next sign-in.
 */
const HASH_PARAMETERS = {
  owasp: { ln: 17, r: 8, p: 1 },
  fast: { ln: 10, r: 8, p: 1 },
} as const;
type HashMode = keyof typeof HASH_PARAMETERS;

const KEY_BYTES = 32;
const SALT_BYTES = 16;
/**
 * Hashes running at once. Each takes 128 MiB outside the V8 heap and a libuv thread for about half a second:
 * two at a time bound the memory at 256 MiB and leave threads for the file system and sharp.
 */
const MAX_CONCURRENT = 2;

export interface PasswordHasher {
  readonly mode: HashMode;
  hash(password: string): Promise<string>;
  /** False for a malformed hash too. */
  verify(password: string, stored: string | null | undefined): Promise<boolean>;
  /** True when a stored hash was made with other parameters than the current ones. */
  needsRehash(stored: string): boolean;
}

const derive = (password: string, salt: Buffer, params: { ln: number; r: number; p: number }) =>
  new Promise<Buffer>((resolve, reject) => {
    const N = 2 ** params.ln;
    const options: ScryptOptions = { N, r: params.r, p: params.p, maxmem: 129 * N * params.r + 1024 * 1024 };
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });

const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

function parse(stored: string) {
  const match = /^\$scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(stored);
  if (!match) return null;
  const [, ln, r, p, salt, key] = match;
  const params = { ln: Number(ln), r: Number(r), p: Number(p) };
  // Refuse parameters no honest hash has, so a planted row cannot make verification hang or allocate wildly.
  if (params.ln < 10 || params.ln > 20 || params.r < 1 || params.r > 32 || params.p < 1 || params.p > 4)
    return null;
  return { params, salt: Buffer.from(salt!, 'base64'), key: Buffer.from(key!, 'base64') };
}

/** A tiny counting semaphore. */
function limiter(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

export function createPasswordHasher(mode: HashMode): PasswordHasher {
  const current = HASH_PARAMETERS[mode];
  const run = limiter(MAX_CONCURRENT);
  const prefix = `$scrypt$ln=${current.ln},r=${current.r},p=${current.p}$`;
  return {
    mode,
    async hash(password) {
      const salt = randomBytes(SALT_BYTES);
      const key = await run(() => derive(password, salt, current));
      return `${prefix}${b64(salt)}$${b64(key)}`;
    },
    async verify(password, stored) {
      const parsed = stored ? parse(stored) : null;
      if (!parsed) {
        // The same work as a real check, so the answer's timing does not tell a missing account.
        await run(() => derive(password, randomBytes(SALT_BYTES), current));
        return false;
      }
      const key = await run(() => derive(password, parsed.salt, parsed.params));
      return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
    },
    needsRehash: (stored) => !stored.startsWith(prefix),
  };
}

/** The spec's policy (shared) and then the refusal of the most common passwords; null when acceptable. */
export function passwordPolicyProblem(password: string): string | null {
  return newPasswordProblem(password) ?? (isCommonPassword(password) ? AUTH_MESSAGES.commonPassword : null);
}
