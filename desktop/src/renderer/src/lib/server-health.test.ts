import { describe, expect, it } from 'vitest';
import { checkServerHealth, remoteErrorMessage } from './server-health';

const healthy = {
  status: 'ok',
  version: '0.4.2',
  uptime_seconds: 12,
  database: { status: 'ok', migrations: 3 },
};

function answering(body: unknown, status = 200): typeof fetch {
  return async () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('checkServerHealth', () => {
  it('asks the health endpoint of the server URL', async () => {
    let asked = '';
    const fetchFn: typeof fetch = async (input) => {
      asked = String(input);
      return new Response(JSON.stringify(healthy));
    };
    await checkServerHealth('http://127.0.0.1:8787', { fetch: fetchFn });
    expect(asked).toBe('http://127.0.0.1:8787/api/health');
  });

  it('reports the server version when the server is healthy', async () => {
    expect(await checkServerHealth('http://s', { fetch: answering(healthy) })).toEqual({
      state: 'connected',
      version: '0.4.2',
      degraded: false,
    });
  });

  it('notes a degraded server', async () => {
    const result = await checkServerHealth('http://s', {
      fetch: answering({ ...healthy, status: 'degraded' }),
    });
    expect(result).toMatchObject({ state: 'connected', degraded: true });
  });

  it('reports an error status as unreachable', async () => {
    expect(await checkServerHealth('http://s', { fetch: answering({}, 503) })).toMatchObject({
      state: 'unreachable',
    });
  });

  it('reports an answer that is not Atelier health as unreachable', async () => {
    expect(await checkServerHealth('http://s', { fetch: answering({ hello: 'world' }) })).toMatchObject({
      state: 'unreachable',
    });
  });

  it('reports a network failure as unreachable', async () => {
    const failing: typeof fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await checkServerHealth('http://s', { fetch: failing })).toEqual({
      state: 'unreachable',
      reason: 'No answer.',
    });
  });

  it('gives up on a server that does not answer in time', async () => {
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    expect(await checkServerHealth('http://s', { fetch: hanging, timeoutMs: 20 })).toEqual({
      state: 'unreachable',
      reason: 'The server did not answer in time.',
    });
  });
});

describe('remoteErrorMessage', () => {
  it("removes Electron's prefix from errors thrown in main", () => {
    const error = new Error(
      "Error invoking remote method 'settings:set-server-url': InvalidIpcPayloadError: Invalid payload for settings:set-server-url: The server URL must be text.",
    );
    expect(remoteErrorMessage(error)).toBe(
      'Invalid payload for settings:set-server-url: The server URL must be text.',
    );
  });
});
