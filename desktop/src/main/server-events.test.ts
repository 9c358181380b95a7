import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseEventStream, type ServerEvent } from '@atelier/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { listenToServerEvents } from './server-events';

describe('event stream parsing', () => {
  it('reads named events with JSON data, skips comments and keeps an unfinished event for later', () => {
    const { events, rest } = parseEventStream(
      ': keep-alive\n\nevent: ready\ndata: {}\n\nevent: inquiry\ndata: {"id":"i1","name":"Chikondi"}\n\nevent: settings\ndata: {"si',
    );
    expect(events).toEqual([
      { type: 'ready', data: {} },
      { type: 'inquiry', data: { id: 'i1', name: 'Chikondi' } },
    ]);
    expect(rest).toBe('event: settings\ndata: {"si');
  });

  it('joins multi-line data and passes text that is not JSON on as text', () => {
    expect(parseEventStream('data: one\r\ndata: two\r\n\r\n').events).toEqual([
      { type: 'message', data: 'one\ntwo' },
    ]);
  });
});

describe('listening to the server', () => {
  const closers: (() => void)[] = [];
  afterEach(() => {
    for (const close of closers.splice(0)) close();
  });

  it('delivers events, sends the bearer token, and reconnects when the stream drops', async () => {
    let connections = 0;
    const tokens: (string | undefined)[] = [];
    const open = new Set<ServerResponse>();
    const server = createServer((req, res) => {
      connections += 1;
      tokens.push(req.headers.authorization);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      open.add(res);
      res.write(`event: inquiry\ndata: {"id":"i${connections}"}\n\n`);
      // The first stream ends (a server restart); the second stays open.
      if (connections === 1) res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => {
      for (const res of open) res.destroy();
      server.close();
    });
    const received: ServerEvent[] = [];
    const listener = listenToServerEvents({
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/events`,
      accessToken: async () => 'token-1',
      onEvent: (event) => received.push(event),
      maxDelayMs: 50,
    });
    closers.push(listener.stop);
    await expect.poll(() => received.length, { timeout: 5000 }).toBe(2);
    expect(received).toEqual([
      { type: 'inquiry', data: { id: 'i1' } },
      { type: 'inquiry', data: { id: 'i2' } },
    ]);
    expect(tokens).toEqual(['Bearer token-1', 'Bearer token-1']);
  });
});
