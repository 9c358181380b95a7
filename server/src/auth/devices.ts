import type { Secrets } from './secret-key';
import { randomToken } from './tokens';

/**
 * Device cookies (OWASP, "Slow down online guessing attacks with device cookies"): after a successful password
 * sign-in the browser gets an HttpOnly signed cookie, the desktop app a `device_token`, bound to the account's
 * e-mail. A later sign-in to that account presenting it is counted against that device's own limit, so five
 * wrong passwords from a stranger lock strangers out, not the owner's own browser or app.
 */
interface DeviceToken {
  nonce: string;
}

const bound = (email: string, nonce: string) => `${email}\n${nonce}`;

export function issueDeviceToken(secrets: Secrets, email: string): string {
  const nonce = randomToken(16);
  return `${nonce}.${secrets.mac('device', bound(email, nonce))}`;
}

/** The device behind a token, when it is genuine and was issued for this e-mail; null otherwise. */
export function readDeviceToken(
  secrets: Secrets,
  email: string,
  token: string | undefined,
): DeviceToken | null {
  if (!token || token.length > 300) return null;
  const [nonce = '', tag = '', ...rest] = token.split('.');
  if (rest.length > 0 || !nonce || !tag) return null;
  return secrets.verifyMac('device', bound(email, nonce), tag) ? { nonce } : null;
}
