import { describe, expect, it } from 'vitest';
import { parseDesktopEnv } from './env';

describe('parseDesktopEnv', () => {
  it('needs nothing from the environment', () => {
    expect(parseDesktopEnv({ PATH: '/usr/bin' })).toEqual({});
  });

  it('reads and normalises ATELIER_SERVER_URL', () => {
    expect(parseDesktopEnv({ ATELIER_SERVER_URL: 'http://localhost:9000/' }).ATELIER_SERVER_URL).toBe(
      'http://localhost:9000',
    );
  });

  it('treats an empty variable as unset', () => {
    expect(parseDesktopEnv({ ATELIER_SERVER_URL: '' }).ATELIER_SERVER_URL).toBeUndefined();
  });

  it('fails with a message naming the bad variable', () => {
    expect(() => parseDesktopEnv({ ATELIER_SERVER_URL: 'ftp://x' })).toThrow(
      /ATELIER_SERVER_URL: The server URL/,
    );
  });
});
