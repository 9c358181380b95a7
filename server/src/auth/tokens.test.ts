import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { createTokenService, keyFile, loadSigningKey } from './tokens';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-tokens-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const ISSUER = 'https://studio.example.mw';
const claims = { sub: 'user-1', sid: 'session-1', role: 'user', aal: 'aal1', email: 'a@example.mw' } as const;
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function service() {
  return createTokenService(await loadSigningKey(tempDir()), ISSUER);
}

describe('the signing key', () => {
  it('is made once, kept private in DATA_DIR/keys, and reused', async () => {
    const dir = tempDir();
    const first = await loadSigningKey(dir);
    const again = await loadSigningKey(dir);
    expect(again).toEqual(first);
    expect(fs.statSync(keyFile(dir)).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(keyFile(dir))).mode & 0o777).toBe(0o700);
  });
});

describe('access tokens', () => {
  it('carry sub, sid, role, aal, email, aud and a 15-minute expiry, and verify', async () => {
    const tokens = await service();
    const now = Date.UTC(2026, 10, 22, 9, 0, 0);
    const { token, expiresAt, expiresIn } = await tokens.issue(claims, { now });
    expect(expiresIn).toBe(900);
    expect(expiresAt).toBe(now / 1000 + 900);
    expect(decodeJwt(token)).toMatchObject({ ...claims, aud: 'authenticated', iss: ISSUER, iat: now / 1000 });
    await expect(tokens.verify(token, { now: now + 60_000 })).resolves.toMatchObject(claims);
  });

  it('are refused once expired, by the injected clock', async () => {
    const tokens = await service();
    const now = Date.now();
    const { token } = await tokens.issue(claims, { now });
    await expect(tokens.verify(token, { now: now + 899_000 })).resolves.toBeTruthy();
    await expect(tokens.verify(token, { now: now + 901_000 })).rejects.toThrow();
  });

  it('are refused when tampered with, unsigned, or signed by another key or algorithm', async () => {
    const tokens = await service();
    const { token } = await tokens.issue(claims);
    const [header, payload, signature] = token.split('.');
    const payloadClaims = decodeJwt(token);
    await expect(
      tokens.verify(`${header}.${b64({ ...payloadClaims, role: 'admin' })}.${signature}`),
    ).rejects.toThrow();
    await expect(tokens.verify(`${b64({ alg: 'none' })}.${payload}.`)).rejects.toThrow();
    const [, publicJwk] = [null, tokens.jwks().keys[0]];
    const confused = await new SignJWT(payloadClaims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(JSON.stringify(publicJwk)));
    await expect(tokens.verify(confused)).rejects.toThrow();
    const stranger = await generateKeyPair('ES256', { extractable: true });
    const forged = await new SignJWT(payloadClaims)
      .setProtectedHeader({ alg: 'ES256' })
      .sign(stranger.privateKey);
    await expect(tokens.verify(forged)).rejects.toThrow();
    expect(await exportJWK(stranger.publicKey)).toBeTruthy();
  });

  it('are refused for another audience or issuer, or without the session claims', async () => {
    const dir = tempDir();
    const key = await loadSigningKey(dir);
    const tokens = await createTokenService(key, ISSUER);
    const other = await createTokenService(key, 'https://elsewhere.example');
    await expect(tokens.verify((await other.issue(claims)).token)).rejects.toThrow();
    const { importJWK } = await import('jose');
    const privateKey = await importJWK(key.privateJwk, 'ES256');
    const sign = (payload: Record<string, unknown>, audience: string) =>
      new SignJWT(payload)
        .setProtectedHeader({ alg: 'ES256' })
        .setSubject('user-1')
        .setIssuer(ISSUER)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
    const { sub: _sub, ...rest } = claims;
    await expect(tokens.verify(await sign(rest, 'authenticated'))).resolves.toBeTruthy();
    await expect(tokens.verify(await sign(rest, 'anon'))).rejects.toThrow();
    await expect(tokens.verify(await sign({ ...rest, sid: undefined }, 'authenticated'))).rejects.toThrow();
    await expect(
      tokens.verify(await sign({ ...rest, role: 'superuser' }, 'authenticated')),
    ).rejects.toThrow();
  });

  it('publish only the public half of the key', async () => {
    const tokens = await service();
    const [key] = tokens.jwks().keys;
    expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(key).not.toHaveProperty('d');
  });
});
