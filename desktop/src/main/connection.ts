/**
 * Whether the server answers, for the app's one "Can't reach the server" banner. Every answer marks it reached
 * (and when); a request nothing answered marks it lost, and from then its /api/health is asked again, waiting
 * longer each time (1 s up to 30 s), until it answers: then `onBack` runs (the queue goes on). No electron import.
 */
import type { ConnectionState } from '../shared/ipc';

export interface ConnectionOptions {
  /** Whether the server answers now. */
  probe(): Promise<boolean>;
  onChange(state: ConnectionState): void;
  onBack(): void;
  delays?: number[];
  now?: () => Date;
}

const DELAYS = [1000, 2000, 4000, 8000, 15_000, 30_000];

export function createConnection({ probe, onChange, onBack, delays = DELAYS, now }: ConnectionOptions) {
  let reachable = true;
  let lastReached: string | null = null;
  let timer: NodeJS.Timeout | null = null;
  const state = (): ConnectionState => ({ reachable, lastReached });

  function reached() {
    lastReached = (now?.() ?? new Date()).toISOString();
    if (reachable) return;
    reachable = true;
    if (timer) clearTimeout(timer);
    timer = null;
    onChange(state());
    onBack();
  }

  function retry(attempt: number) {
    timer = setTimeout(
      async () => {
        if (await probe().catch(() => false)) reached();
        else if (!reachable) retry(attempt + 1);
      },
      delays[Math.min(attempt, delays.length - 1)],
    );
  }

  function lost() {
    if (!reachable) return;
    reachable = false;
    onChange(state());
    retry(0);
  }

  /** `fetchFn` telling this connection about every answer, and every request nothing answered. */
  function watch(fetchFn: typeof fetch): typeof fetch {
    return async (input, init) => {
      try {
        const response = await fetchFn(input, init);
        reached();
        return response;
      } catch (error) {
        // Stopped by the app itself (a closed stream) says nothing about the server; a time-out does.
        const signal = init?.signal;
        if (!signal?.aborted || (signal.reason as Error | undefined)?.name === 'TimeoutError') lost();
        throw error;
      }
    };
  }

  return {
    state,
    reached,
    lost,
    watch,
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
export type Connection = ReturnType<typeof createConnection>;
