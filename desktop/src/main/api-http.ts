/**
 * The desktop app's HTTP to its server: one request (JSON body, query, bearer token, If-Match, the app's
 * User-Agent, a 30 s limit) and the reading of its answer, a failure becoming the shared RequestFailure.
 * No electron import: fetch is handed in.
 */
import { failureOfAnswer, RequestFailure } from '@atelier/shared';

export interface ApiRequestInit {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** An `If-Match` header: the version a save is based on. */
  ifMatch?: string;
}

export interface HttpOptions {
  serverUrl: string;
  fetch?: typeof fetch;
  /** Sent as User-Agent, so the devices list names the app. */
  userAgent?: string;
}

export type Send = (path: string, init: ApiRequestInit, access?: string) => Promise<Response>;

/** Sends requests to the server; a server that does not answer is a RequestFailure with status 0. */
export function createSend({ serverUrl, fetch: fetchFn = fetch, userAgent }: HttpOptions): Send {
  return async (path, init, access) => {
    const url = new URL(`${serverUrl}${path}`);
    for (const [key, value] of Object.entries(init.query ?? {})) {
      if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = { accept: 'application/json' };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    if (access) headers.authorization = `Bearer ${access}`;
    if (init.ifMatch) headers['if-match'] = init.ifMatch;
    if (userAgent) headers['user-agent'] = userAgent;
    try {
      return await fetchFn(url, {
        method: init.method ?? 'GET',
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(30_000),
      });
    } catch {
      throw new RequestFailure({
        status: 0,
        code: 'unreachable',
        message: `The server at ${serverUrl} does not answer. Check your connection.`,
      });
    }
  };
}

/** An answer's JSON (undefined for 204 or no body); a refusal throws the server's failure. */
export async function readAnswer(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (response.ok) return body;
  throw failureOfAnswer(response.status, body);
}
