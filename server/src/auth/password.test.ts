import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords';
import { createPasswordHasher, passwordPolicyProblem } from './password';

describe('password hashing', () => {
  const fast = createPasswordHasher('fast');

  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await fast.hash('Kapenta#Lake42');
    expect(hash).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await fast.verify('Kapenta#Lake42', hash)).toBe(true);
    expect(await fast.verify('Kapenta#Lake43', hash)).toBe(false);
    expect(await fast.hash('Kapenta#Lake42')).not.toBe(hash); // salted
  });

  it('refuses missing, malformed and absurd hashes without throwing', async () => {
    for (const stored of [
      null,
      undefined,
      '',
      'plain',
      '$scrypt$ln=40,r=8,p=1$AAAA$AAAA',
      '$argon2id$v=19$x',
    ])
      expect(await fast.verify('Kapenta#Lake42', stored)).toBe(false);
  });

  it("hashes at OWASP's scrypt parameters by default, and upgrades cheaper hashes", async () => {
    const owasp = createPasswordHasher('owasp');
    const strong = await owasp.hash('Kapenta#Lake42');
    expect(strong.startsWith('$scrypt$ln=17,r=8,p=1$')).toBe(true);
    // Parameters travel with the hash: either hasher verifies the other's.
    expect(await fast.verify('Kapenta#Lake42', strong)).toBe(true);
    const cheap = await fast.hash('Kapenta#Lake42');
    expect(await owasp.verify('Kapenta#Lake42', cheap)).toBe(true);
    expect(owasp.needsRehash(cheap)).toBe(true);
    expect(owasp.needsRehash(strong)).toBe(false);
  });

  it('treats canonically equal Unicode spellings as the same password', async () => {
    const hash = await fast.hash('Caf\u00e9#Lake42');
    expect(await fast.verify('Cafe\u0301#Lake42', hash)).toBe(true);
  });
});

describe('the password policy', () => {
  it('gives the spec messages in order, then refuses common passwords', () => {
    expect(passwordPolicyProblem('Ab1!')).toBe('Password must be at least 8 characters long');
    expect(passwordPolicyProblem('abcdefg1!')).toBe('Password must contain at least one uppercase letter');
    expect(passwordPolicyProblem('Password1!')).toBe(
      'This password is too common. Please choose a less predictable one.',
    );
    expect(passwordPolicyProblem('Kapenta#Lake42')).toBeNull();
  });

  it.each([
    'Password1!',
    'P@ssw0rd2026!',
    'Qwerty123!',
    '!Welcome2024',
    'Lilongwe#1',
    'Atelier2026!',
    'Dr4gon#99',
  ])('knows %s is common', (password) => expect(isCommonPassword(password)).toBe(true));

  it.each(['Kapenta#Lake42', 'Mulanje*Peak2026', 'Zx9!kLm2qP', 'Tr0ub4dor&3x'])('accepts %s', (password) =>
    expect(isCommonPassword(password)).toBe(false),
  );
});
