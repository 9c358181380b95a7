import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { resolveClientIp } from './client-ip';

const trust = (value: string) => parseEnv({ TRUST_PROXY: value }).TRUST_PROXY;

describe('the client address', () => {
  it('ignores X-Forwarded-For unless a proxy is trusted', () => {
    expect(resolveClientIp('::ffff:10.0.0.5', '1.2.3.4', trust('false'))).toBe('10.0.0.5');
  });

  it('takes the entry the trusted hops appended, never the spoofable left-most one', () => {
    expect(resolveClientIp('10.0.0.1', '6.6.6.6, 198.51.100.7', trust('true'))).toBe('198.51.100.7');
    expect(resolveClientIp('10.0.0.1', '6.6.6.6, 198.51.100.7, 10.0.0.2', trust('2'))).toBe('198.51.100.7');
    // Fewer entries than hops: the left-most there is.
    expect(resolveClientIp('10.0.0.1', '198.51.100.7', trust('5'))).toBe('198.51.100.7');
  });

  it('skips addresses of the trusted proxy list from the right', () => {
    const list = trust('10.0.0.0/8, 192.168.1.1, fd00::/8');
    expect(resolveClientIp('10.1.2.3', '6.6.6.6, 198.51.100.7, 192.168.1.1', list)).toBe('198.51.100.7');
    expect(resolveClientIp('fd00::1', '6.6.6.6, 2001:db8::9', list)).toBe('2001:db8::9');
    // A socket that is not a trusted proxy speaks for itself, whatever the header says.
    expect(resolveClientIp('203.0.113.9', '6.6.6.6', list)).toBe('203.0.113.9');
  });

  it('refuses a TRUST_PROXY that is neither a flag, a count nor addresses', () => {
    expect(() => trust('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
    expect(() => trust('proxy.local')).toThrow(/TRUST_PROXY/);
  });
});
