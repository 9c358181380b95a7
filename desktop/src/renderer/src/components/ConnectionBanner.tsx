import { useEffect, useState } from 'react';
import type { ConnectionState } from '../../../shared/ipc';
import { call, on } from '../lib/bridge';

const clock = (iso: string) =>
  new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hour12: false });

/**
 * The one place the app says the server cannot be reached: when it last answered, and that main keeps
 * trying. The upload queue waits meanwhile and goes on by itself once the server answers.
 */
export function ConnectionBanner() {
  const [state, setState] = useState<ConnectionState | null>(null);
  useEffect(() => {
    const stop = on('connection:changed', setState);
    void call('connection:get').then(setState);
    return stop;
  }, []);
  if (!state || state.reachable) return null;
  return (
    <div className="connection" role="alert">
      <strong>
        Can't reach the server{state.lastReached ? ` — last reached ${clock(state.lastReached)}` : ''}
      </strong>
      <span>Retrying. Uploads wait and nothing is lost; they go on once it answers.</span>
    </div>
  );
}
