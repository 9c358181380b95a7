import { Health } from '@atelier/shared';

export type ServerHealth =
  | { state: 'checking' }
  | { state: 'connected'; version: string; degraded: boolean }
  | { state: 'unreachable'; reason: string };

export interface CheckServerHealthOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** Asks `${serverUrl}/api/health`; never throws, every failure is reported as unreachable. */
export async function checkServerHealth(
  serverUrl: string,
  { fetch: fetchFn = fetch, timeoutMs = 5000, signal }: CheckServerHealthOptions = {},
): Promise<ServerHealth> {
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetchFn(`${serverUrl}/api/health`, {
      headers: { accept: 'application/json' },
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    if (!response.ok) return { state: 'unreachable', reason: `The server answered ${response.status}.` };
    const health = Health.safeParse(await response.json());
    if (!health.success) return { state: 'unreachable', reason: 'The server did not answer like Atelier.' };
    return { state: 'connected', version: health.data.version, degraded: health.data.status === 'degraded' };
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    return { state: 'unreachable', reason: timedOut ? 'The server did not answer in time.' : 'No answer.' };
  }
}

/** Electron prefixes errors thrown in main with "Error invoking remote method '…': Error: ". */
export function remoteErrorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^Error invoking remote method '[^']*': (?:\w*Error: )?/, '');
}
