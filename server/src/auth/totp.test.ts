import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { createSecrets } from './secret-key';
import {
  acceptTotp,
  hashRecoveryCode,
  legacyRecoveryCodeHash,
  newRecoveryCodes,
  newTotpSecret,
  totpUri,
} from './totp';

const secret = newTotpSecret();
const now = Date.UTC(2026, 10, 22, 9, 0, 15); // mid-step
const codeAt = (ms: number) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: ms });
const stepAt = (ms: number) => Math.floor(ms / 30_000);

describe('TOTP codes', () => {
  it('accepts the current code and one step either side, and nothing further', () => {
    expect(acceptTotp(secret, codeAt(now), { now })).toBe(stepAt(now));
    expect(acceptTotp(secret, codeAt(now - 30_000), { now })).toBe(stepAt(now) - 1);
    expect(acceptTotp(secret, codeAt(now + 30_000), { now })).toBe(stepAt(now) + 1);
    expect(acceptTotp(secret, codeAt(now - 60_000), { now })).toBeNull();
    expect(acceptTotp(secret, codeAt(now + 60_000), { now })).toBeNull();
  });

  it('accepts a code once: not again, nor an earlier one', () => {
    const step = acceptTotp(secret, codeAt(now), { now });
    expect(acceptTotp(secret, codeAt(now), { now, lastUsedStep: step })).toBeNull();
    expect(acceptTotp(secret, codeAt(now - 30_000), { now, lastUsedStep: step })).toBeNull();
    expect(acceptTotp(secret, codeAt(now + 30_000), { now, lastUsedStep: step })).toBe(step! + 1);
  });

  it('makes an otpauth URI an authenticator app understands', () => {
    const uri = new URL(totpUri(secret, 'ARCHITECT', 'thoko@example.mw'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('ARCHITECT');
  });
});

describe('recovery codes', () => {
  it('are ten distinct codes, hashed per user, forgiving case and dashes', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const [code] = codes;
    const secrets = createSecrets(randomBytes(32));
    expect(hashRecoveryCode(secrets, 'u1', code!)).toBe(
      hashRecoveryCode(secrets, 'u1', code!.toUpperCase().replace('-', ' ')),
    );
    expect(hashRecoveryCode(secrets, 'u1', code!)).not.toBe(hashRecoveryCode(secrets, 'u2', code!));
    // Keyed: another server's key (or none) gives another hash, so a copied database cannot be brute-forced.
    expect(hashRecoveryCode(secrets, 'u1', code!)).not.toBe(
      hashRecoveryCode(createSecrets(randomBytes(32)), 'u1', code!),
    );
    expect(hashRecoveryCode(secrets, 'u1', code!)).not.toBe(legacyRecoveryCodeHash('u1', code!));
  });
});
