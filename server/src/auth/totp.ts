import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Secrets } from './secret-key';

/** RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, 30-second steps. */
const PERIOD = 30;
/** One step either side: a code is accepted from 30 s before to 30 s after its own step (clock drift). */
const TOTP_WINDOW = 1;
const RECOVERY_CODE_COUNT = 10;

const totp = (secret: string, label = '', issuer = '') =>
  new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });

/** A new 160-bit secret, base32. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The otpauth:// URI an authenticator app scans. */
export const totpUri = (secret: string, issuer: string, label: string) =>
  totp(secret, label, issuer).toString();

/**
 * The time step a code belongs to, or null when it is wrong, outside the window, or not after `lastUsedStep`
 * (a code, once accepted, is not accepted again).
 */
export function acceptTotp(
  secret: string,
  code: string,
  options: { now?: number; lastUsedStep?: number | null } = {},
): number | null {
  const timestamp = options.now ?? Date.now();
  const otp = totp(secret);
  const delta = otp.validate({ token: code, timestamp, window: TOTP_WINDOW });
  if (delta === null) return null;
  const step = otp.counter({ timestamp }) + delta;
  if (options.lastUsedStep != null && step <= options.lastUsedStep) return null;
  return step;
}

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const normalizeCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/** Ten codes like `k7m2q-x9t4p` (about 49 bits each), shown once. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const part = () => Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return Array.from({ length: count }, () => `${part()}-${part()}`);
}

/**
 * Stored form of a recovery code: an HMAC of the user id and the normalised code, keyed with a secret that is
 * not in the database (a code has about 49 bits: an unkeyed hash of a stolen database is cracked in hours).
 */
export const hashRecoveryCode = (secrets: Pick<Secrets, 'mac'>, userId: string, code: string) =>
  secrets.mac('recovery-code', `${userId}:${normalizeCode(code)}`);

/** The unkeyed SHA-256 of codes issued before the keyed hash: still accepted, so nobody is locked out. */
export const legacyRecoveryCodeHash = (userId: string, code: string) =>
  createHash('sha256')
    .update(`${userId}:${normalizeCode(code)}`)
    .digest('base64url');
