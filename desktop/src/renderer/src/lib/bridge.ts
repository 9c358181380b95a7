/**
 * The renderer's one way out: the preload's `window.atelier`. Calls answer `{ ok, value | error }`: a value
 * is parsed with its channel's schema (shared/ipc.ts), a failure is rebuilt as the shared RequestFailure
 * (Electron keeps only an Error's message across IPC, so it crosses as data).
 */
import { RequestFailure } from '@atelier/shared';
import {
  type IpcChannel,
  type IpcEvent,
  type IpcEvents,
  IpcFailure,
  type IpcRequest,
  type IpcResponse,
  ipcContract,
} from '../../../shared/ipc';

export async function call<C extends IpcChannel>(
  channel: C,
  payload?: IpcRequest<C>,
): Promise<IpcResponse<C>> {
  const result = await window.atelier.invoke(channel, payload);
  if (!result.ok) throw new RequestFailure(IpcFailure.parse(result.error));
  return ipcContract[channel].response.parse(result.value) as IpcResponse<C>;
}

export function on<E extends IpcEvent>(event: E, listener: (value: IpcEvents[E]) => void): () => void {
  return window.atelier.on(event, listener);
}

/** What went wrong, for the app's own screens (start-up, connection): the failure's or the error's message. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
