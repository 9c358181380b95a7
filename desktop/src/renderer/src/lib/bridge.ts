/**
 * The renderer's one way out: the preload's `window.atelier`. Calls answer `{ ok, value | error }`
 * (Electron keeps only an Error's message across IPC); here they become values or thrown errors with
 * the status, code and field issues the admin UI reads.
 */
import type { IpcChannel, IpcError, IpcEvent, IpcEvents, IpcRequest, IpcResponse } from '../../../shared/ipc';

/** The shape of the admin UI's RequestError (website/src/lib/api.ts): status, code, message, issues. */
export class DesktopRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly issues: { path: string; message: string }[];
  constructor(error: IpcError) {
    super(error.message);
    this.status = error.status;
    this.code = error.code;
    this.issues = error.issues ?? [];
  }
  get retryable() {
    return this.status === 0 || this.status >= 500;
  }
}

export async function call<C extends IpcChannel>(
  channel: C,
  payload?: IpcRequest<C>,
): Promise<IpcResponse<C>> {
  const result = await window.atelier.invoke(channel, payload);
  if (!result.ok) throw new DesktopRequestError(result.error);
  return result.value;
}

export function on<E extends IpcEvent>(event: E, listener: (value: IpcEvents[E]) => void): () => void {
  return window.atelier.on(event, listener);
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
