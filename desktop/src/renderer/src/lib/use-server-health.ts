import { useCallback, useEffect, useRef, useState } from 'react';
import { checkServerHealth, type ServerHealth } from './server-health';

/** Health of the server at `serverUrl`, checked whenever the URL changes and on `retry()`. */
export function useServerHealth(serverUrl: string | undefined): { health: ServerHealth; retry: () => void } {
  const [health, setHealth] = useState<ServerHealth>({ state: 'checking' });
  const pending = useRef<AbortController | null>(null);

  const check = useCallback((url: string) => {
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    setHealth({ state: 'checking' });
    void checkServerHealth(url, { signal: controller.signal }).then((result) => {
      if (!controller.signal.aborted) setHealth(result);
    });
  }, []);

  useEffect(() => {
    if (!serverUrl) return;
    check(serverUrl);
    return () => pending.current?.abort();
  }, [serverUrl, check]);

  const retry = useCallback(() => {
    if (serverUrl) check(serverUrl);
  }, [serverUrl, check]);

  return { health, retry };
}
