import http from 'node:http';

/** Clients for the resilience suite and its benchmark: keep-alive clients that keep every acknowledgement. */

export const inquiry = (n: number) => ({
  client_name: `Visitor ${n}`,
  email: `visitor${n}@example.mw`,
  phone: '+265 888 000 000',
  subject: `Inquiry ${n}`,
  project_type: 'commercial',
  budget: 'under-50k',
  message: 'Please call me about an office fit-out.',
});

/** The error code under a fetch failure (undici wraps it in `cause`). */
export function errorCode(error: unknown): string {
  let current = error as { code?: string; cause?: unknown; message?: string } | undefined;
  for (let depth = 0; current && depth < 4; depth++) {
    if (current.code) return current.code;
    current = current.cause as typeof current;
  }
  return (error as Error)?.message ?? String(error);
}

export interface Answer {
  status: number;
  body: string;
}

/**
 * One keep-alive client (one connection at a time, like a browser tab's). A failure tells whether the request
 * went out on a connection that had already carried an answer: a reset there is the server's fault; a fresh
 * connection refused or reset while the server stops listening is the ordinary end of a server.
 */
export function keepAliveClient(url: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  // Sockets that have carried an answer (`req.reusedSocket` misses a request that waited for the agent's socket).
  const answered = new WeakSet<object>();
  return {
    request(
      method: string,
      path: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ): Promise<Answer> {
      return new Promise((resolve, reject) => {
        const payload = body === undefined ? undefined : JSON.stringify(body);
        const req = http.request(
          `${url}${path}`,
          {
            method,
            agent,
            headers: payload
              ? {
                  'content-type': 'application/json',
                  'content-length': Buffer.byteLength(payload),
                  ...headers,
                }
              : headers,
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk) => {
              text += chunk;
            });
            res.on('end', () => {
              if (req.socket) answered.add(req.socket);
              resolve({ status: res.statusCode ?? 0, body: text });
            });
            res.on('error', (error) => reject(Object.assign(error, { reused })));
          },
        );
        let reused = false;
        req.on('socket', (socket) => {
          reused = answered.has(socket);
        });
        req.on('error', (error) => reject(Object.assign(error, { reused })));
        req.end(payload);
      });
    },
    close: () => agent.destroy(),
  };
}

export interface PosterResult {
  acknowledged: string[];
  /** Failures of requests sent on an open keep-alive connection (resets, answers cut off), or 5xx answers. */
  failures: string[];
  /** Fresh connections refused or reset once the server stopped listening. */
  refused: number;
}

/**
 * `clients` keep-alive clients loop posting inquiries (or, with `read`, reading the settings) until `stop()`
 * returns true or the server is gone. An id counts as acknowledged only once its 201 answer was read in full.
 */
export async function postInquiries(
  url: string,
  clients: number,
  stop: () => boolean,
  counter = { n: 0 },
  options: { read?: boolean } = {},
): Promise<PosterResult> {
  const result: PosterResult = { acknowledged: [], failures: [], refused: 0 };
  await runClients(
    url,
    clients,
    stop,
    async (client) => {
      const answer = options.read
        ? await client.request('GET', '/api/settings')
        : await client.request('POST', '/api/inquiries', inquiry(counter.n++));
      if (answer.status === 201) result.acknowledged.push((JSON.parse(answer.body) as { id: string }).id);
      else if (
        answer.status >= 500 ||
        (!options.read && answer.status !== 201) ||
        (options.read && answer.status !== 200)
      )
        result.failures.push(`status ${answer.status}`);
    },
    (error) => {
      if ((error as { reused?: boolean }).reused)
        result.failures.push(`${errorCode(error)} on a kept-alive connection`);
      else result.refused += 1;
    },
  );
  return result;
}

/** `clients` keep-alive clients, each repeating `step` until `stop()` returns true or a request fails. */
async function runClients(
  url: string,
  clients: number,
  stop: () => boolean,
  step: (client: ReturnType<typeof keepAliveClient>) => Promise<void>,
  failed: (error: unknown) => void,
) {
  const loop = async () => {
    const client = keepAliveClient(url);
    try {
      while (!stop()) {
        try {
          await step(client);
        } catch (error) {
          failed(error);
          return;
        }
      }
    } finally {
      client.close();
    }
  };
  await Promise.all(Array.from({ length: clients }, loop));
}

export interface MixedResult extends PosterResult {
  /** Ids of the projects whose 201 answer was read in full. */
  projects: string[];
  requests: number;
}

/**
 * `clients` keep-alive clients loop, each request drawn at random: 73 % reads (settings, the project list),
 * 20 % inquiries, 7 % project creates (with `token`, an admin's bearer token), until `stop()` returns true or the
 * server is gone. A failure on a kept-alive connection, or a 5xx, is the server's fault.
 */
export async function mixedLoad(url: string, clients: number, stop: () => boolean, token: string) {
  const result: MixedResult = { acknowledged: [], projects: [], failures: [], refused: 0, requests: 0 };
  let n = 0;
  await runClients(
    url,
    clients,
    stop,
    async (client) => {
      const draw = Math.random();
      const kind = draw < 0.73 ? 'read' : draw < 0.93 ? 'inquiry' : 'project';
      const i = n++;
      const answer =
        kind === 'read'
          ? await client.request('GET', i % 2 ? '/api/settings' : '/api/projects')
          : kind === 'inquiry'
            ? await client.request('POST', '/api/inquiries', inquiry(i))
            : await client.request(
                'POST',
                '/api/admin/projects',
                {
                  title: `Load house ${i}`,
                  description: 'A house.',
                  category: 'residential',
                  project_type: 'project',
                  status: 'draft',
                  images: [],
                },
                { authorization: `Bearer ${token}` },
              );
      result.requests += 1;
      const expected = kind === 'read' ? 200 : 201;
      if (answer.status !== expected) result.failures.push(`${kind}: status ${answer.status}`);
      else if (kind !== 'read') {
        const { id } = JSON.parse(answer.body) as { id: string };
        (kind === 'project' ? result.projects : result.acknowledged).push(id);
      }
    },
    (error) => {
      const code = errorCode(error);
      const reused = (error as { reused?: boolean }).reused;
      // A fresh connection refused is the ordinary end of a server; a reset, anywhere, is not.
      if (reused || code !== 'ECONNREFUSED')
        result.failures.push(`request: ${code} on a ${reused ? 'kept-alive' : 'fresh'} connection`);
      else result.refused += 1;
    },
  );
  return result;
}
