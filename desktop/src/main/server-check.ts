/** Is the address an Atelier server this app can talk to? Asked from main only. No electron import. */
import { Health } from '@atelier/shared';

export type ServerCheck =
  | { state: 'connected'; version: string; degraded: boolean }
  | { state: 'unreachable' | 'not-atelier' | 'incompatible'; reason: string };

/**
 * Versions speak the same API when their major numbers match; before 1.0 the minor number is the
 * breaking one (semver's rule for 0.x).
 */
export function compatibleVersions(appVersion: string, serverVersion: string): boolean {
  const [aMajor, aMinor] = appVersion.split('.');
  const [sMajor, sMinor] = serverVersion.split('.');
  if (aMajor !== sMajor) return false;
  return aMajor !== '0' || aMinor === sMinor;
}

function newer(a: string, b: string): boolean {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) > (y[i] ?? 0);
  return false;
}

/** Asks `${serverUrl}/api/health`. Never throws: every failure is a state with a reason to show. */
export async function checkServer(
  serverUrl: string,
  appVersion: string,
  { fetch: fetchFn = fetch, timeoutMs = 5000 }: { fetch?: typeof fetch; timeoutMs?: number } = {},
): Promise<ServerCheck> {
  let response: Response;
  try {
    response = await fetchFn(`${serverUrl}/api/health`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    return {
      state: 'unreachable',
      reason: timedOut
        ? `${serverUrl} did not answer within ${timeoutMs / 1000} seconds.`
        : `Nothing answers at ${serverUrl}. Check the address and that the server is running.`,
    };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  // A degraded server answers 503 with the same body: still Atelier, still worth connecting to.
  const health = Health.safeParse(body);
  if (!health.success) {
    return {
      state: 'not-atelier',
      reason: `${serverUrl} answered (${response.status}), but it is not an Atelier server.`,
    };
  }
  if (!compatibleVersions(appVersion, health.data.version)) {
    return {
      state: 'incompatible',
      reason: `The server runs Atelier ${health.data.version}, which this app (${appVersion}) cannot use. Update the ${
        newer(health.data.version, appVersion) ? 'app' : 'server'
      }.`,
    };
  }
  return { state: 'connected', version: health.data.version, degraded: health.data.status === 'degraded' };
}
