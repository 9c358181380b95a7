/**
 * The IPC boundary as main sees it: every payload parsed with its channel's schema (unknown keys refused)
 * before use, and every handler's outcome answered as `{ ok, value | error }` — a failure as the shared
 * FailureData, since Electron keeps only an Error's message across IPC. No electron import.
 */
import { type FailureData, isRequestFailure } from '@atelier/shared';
import type { z } from 'zod';
import { type IpcChannel, type IpcResponse, type IpcResult, ipcContract } from '../shared/ipc';

export class InvalidIpcPayloadError extends Error {
  override readonly name = 'InvalidIpcPayloadError';
  constructor(
    readonly channel: IpcChannel,
    readonly issues: { path: string; message: string }[],
  ) {
    super(`Invalid payload for ${channel}: ${issues.map((issue) => issue.message).join(' ')}`);
  }
}

export function parseIpcPayload<C extends IpcChannel>(
  channel: C,
  payload: unknown,
): z.output<(typeof ipcContract)[C]['request']> {
  const result = ipcContract[channel].request.safeParse(payload);
  if (!result.success) {
    throw new InvalidIpcPayloadError(
      channel,
      result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    );
  }
  return result.data as z.output<(typeof ipcContract)[C]['request']>;
}

/** Any error as the failure the renderer rebuilds: the server's own, a refused payload, or main's. */
export function toIpcError(error: unknown): FailureData {
  if (isRequestFailure(error)) return error.toData();
  if (error instanceof InvalidIpcPayloadError) {
    return { status: 400, code: 'invalid_payload', message: error.message, issues: error.issues };
  }
  return {
    status: 500,
    code: 'desktop_error',
    message: error instanceof Error ? error.message : String(error),
  };
}

/** What each channel does, given its raw payload (parsed inside with `parseIpcPayload`). */
export type IpcWork = { [C in IpcChannel]: (payload: unknown) => Promise<IpcResponse<C>> };
export type IpcHandlers = { [C in IpcChannel]: (payload: unknown) => Promise<IpcResult<IpcResponse<C>>> };

/** The handlers main registers: each answers `{ ok: true, value }` or `{ ok: false, error }`, never throws. */
export function answerOverIpc(work: IpcWork): IpcHandlers {
  return Object.fromEntries(
    Object.entries(work).map(([channel, run]) => [
      channel,
      async (payload: unknown) => {
        try {
          return { ok: true, value: await run(payload) };
        } catch (error) {
          return { ok: false, error: toIpcError(error) };
        }
      },
    ]),
  ) as IpcHandlers;
}
