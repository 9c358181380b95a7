import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ACCESS_TOKEN_SECONDS, USER_ROLES, type UserRoleName } from '@atelier/shared';
import {
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
  type JWTPayload,
  jwtVerify,
  SignJWT,
} from 'jose';

const AUDIENCE = 'authenticated';
/** The only algorithm signed or accepted: `none`, HS256 with the public key and the like are refused. */
const ALGORITHM = 'ES256';

export type Aal = 'aal1' | 'aal2';
interface AccessClaims {
  sub: string;
  /** The session: revoking it makes this token useless at once, though it has not expired. */
  sid: string;
  role: UserRoleName;
  aal: Aal;
  email: string;
}

export interface TokenService {
  readonly issuer: string;
  issue(
    claims: AccessClaims,
    options?: { now?: number },
  ): Promise<{ token: string; expiresAt: number; expiresIn: number }>;
  /** The claims of a valid token; throws for a bad signature, algorithm, audience, issuer or expiry. */
  verify(token: string, options?: { now?: number }): Promise<AccessClaims & JWTPayload>;
  jwks(): { keys: JWK[] };
  /**
   * A link's token for `audience` (never `authenticated`: it signs nobody in), naming `subject`, valid for
   * `seconds`. `readLink` answers its subject, or null when it is forged, of another audience or expired.
   */
  signLink(
    audience: string,
    subject: string,
    seconds: number,
    options?: { now?: number },
  ): Promise<{ token: string; expiresAt: number }>;
  readLink(audience: string, token: string, options?: { now?: number }): Promise<string | null>;
}

/** A random secret for a link or a refresh token (256 bits, base64url). */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
/** How secrets are stored: their SHA-256, never the secret (they are random, so no salt is needed). */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export const keyFile = (dataDir: string) => path.join(dataDir, 'keys', 'jwt-es256.json');

/**
 * The signing key: an ES256 pair made on first start and kept in DATA_DIR/keys (0700, file 0600). Losing it
 * only signs everyone's access tokens out; refresh tokens are opaque and keep working.
 */
export async function loadSigningKey(dataDir: string): Promise<{ kid: string; privateJwk: JWK }> {
  const file = keyFile(dataDir);
  try {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { kid: string; privateJwk: JWK };
    if (stored.kid && stored.privateJwk?.d) return stored;
    throw new Error(`${file} holds no private key`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const { privateKey } = await generateKeyPair(ALGORITHM, { extractable: true });
  const privateJwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(privateJwk);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, JSON.stringify({ kid, privateJwk }), { mode: 0o600 });
  fs.renameSync(temp, file);
  return { kid, privateJwk };
}

const isString = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** Verified tokens kept so a token used for many requests is checked once (its expiry is checked every time). */
const VERIFIED_CACHE_SIZE = 10_000;

export async function createTokenService(
  key: { kid: string; privateJwk: JWK },
  issuer: string,
  clock: () => number = Date.now,
): Promise<TokenService> {
  const { d: _d, ...publicJwk } = key.privateJwk;
  const published: JWK = { ...publicJwk, kid: key.kid, alg: ALGORITHM, use: 'sig' };
  const privateKey = await importJWK(key.privateJwk, ALGORITHM);
  const publicKey = await importJWK(publicJwk, ALGORITHM);
  const verified = new Map<string, AccessClaims & JWTPayload>();
  return {
    issuer,
    async issue(claims, options = {}) {
      const now = Math.floor((options.now ?? clock()) / 1000);
      const expiresAt = now + ACCESS_TOKEN_SECONDS;
      const token = await new SignJWT({
        sid: claims.sid,
        role: claims.role,
        aal: claims.aal,
        email: claims.email,
      })
        .setProtectedHeader({ alg: ALGORITHM, kid: key.kid, typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer(issuer)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(expiresAt)
        .sign(privateKey);
      return { token, expiresAt, expiresIn: ACCESS_TOKEN_SECONDS };
    },
    async verify(token, options = {}) {
      const now = options.now ?? clock();
      // Keyed by the whole token, signature included: only a token that verified before can match.
      const cached = verified.get(token);
      if (cached) {
        if ((cached.exp ?? 0) * 1000 > now) return cached;
        verified.delete(token);
        throw new Error('token expired');
      }
      const { payload } = await jwtVerify(token, publicKey, {
        algorithms: [ALGORITHM],
        audience: AUDIENCE,
        issuer,
        currentDate: new Date(now),
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      const { sub, sid, role, aal, email } = payload;
      if (!isString(sub) || !isString(sid) || !isString(email)) throw new Error('missing claims');
      if (!isString(role) || !(USER_ROLES as readonly string[]).includes(role))
        throw new Error('bad role claim');
      if (aal !== 'aal1' && aal !== 'aal2') throw new Error('bad aal claim');
      const claims: AccessClaims & JWTPayload = {
        ...payload,
        sub,
        sid,
        role: role as UserRoleName,
        aal,
        email,
      };
      if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
      verified.set(token, claims);
      return claims;
    },
    jwks: () => ({ keys: [published] }),
    async signLink(audience, subject, seconds, options = {}) {
      if (audience === AUDIENCE) throw new Error('a link token never signs anyone in');
      const now = Math.floor((options.now ?? clock()) / 1000);
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: ALGORITHM, kid: key.kid, typ: 'JWT' })
        .setSubject(subject)
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt(now)
        .setExpirationTime(now + seconds)
        .sign(privateKey);
      return { token, expiresAt: now + seconds };
    },
    async readLink(audience, token, options = {}) {
      try {
        const { payload } = await jwtVerify(token, publicKey, {
          algorithms: [ALGORITHM],
          audience,
          issuer,
          currentDate: new Date(options.now ?? clock()),
          requiredClaims: ['sub', 'exp'],
        });
        return isString(payload.sub) ? payload.sub : null;
      } catch {
        return null;
      }
    },
  };
}
