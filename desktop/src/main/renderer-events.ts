/**
 * What main tells the renderer (and the person) without being asked: the upload queue as it moves, and the
 * server's events (shared SERVER_EVENTS, parsed with their schemas) — a new inquiry, and a draft submitted
 * for review, also as a notification that opens it. No electron import.
 */
import { can, parseServerEvent } from '@atelier/shared';
import type { IpcEvent, IpcEvents } from '../shared/ipc';
import type { ApiClient } from './api-client';
import { listenToServerEvents } from './server-events';
import type { UploadQueue } from './upload-queue';

type Emit = <E extends IpcEvent>(event: E, value: IpcEvents[E]) => void;

const UPLOAD_EVENT_MS = 200;

/**
 * Progress arrives many times a second per file: the renderer gets at most one snapshot per 200 ms, the
 * latest. Returns the function that stops it.
 */
export function relayQueue(queue: UploadQueue, emit: Emit): () => void {
  let pending: ReturnType<UploadQueue['snapshot']> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const unsubscribe = queue.subscribe((snapshot) => {
    pending = snapshot;
    timer ??= setTimeout(() => {
      timer = null;
      if (pending) emit('uploads:changed', pending);
      pending = null;
    }, UPLOAD_EVENT_MS);
  });
  return () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
  };
}

export interface ServerEventRelayOptions {
  api: ApiClient;
  fetch?: typeof fetch;
  emit: Emit;
  notify(title: string, body: string, onClick: () => void): void;
}

/** Listens to the connected server's event stream (with the session's token) until `stop()`. */
export function relayServerEvents({ api, fetch, emit, notify }: ServerEventRelayOptions): { stop(): void } {
  return listenToServerEvents({
    url: `${api.serverUrl}/api/events`,
    fetch,
    accessToken: async () => (api.session() ? api.accessToken() : null),
    onEvent: (raw) => {
      const event = parseServerEvent(raw);
      if (!event) return;
      emit('server:event', event);
      if (event.type === 'inquiry' && can(api.session()?.user.role, 'inquiries')) {
        const inquiry = event.data;
        const page = `/admin/inquiries?id=${encodeURIComponent(inquiry.id)}`;
        notify(
          'New inquiry',
          [inquiry.name, inquiry.project_type].filter(Boolean).join(' · ') || 'A visitor sent an inquiry.',
          () => emit('navigate', page),
        );
      }
      // Only those who publish review; the server sends them alone the event, and the role is checked here too.
      if (event.type === 'review' && can(api.session()?.user.role, 'publish')) {
        const draft = event.data;
        const edit = draft.kind === 'project' ? '/admin/projects/edit/' : '/admin/blog/edit/';
        notify('Submitted for review', `${draft.author}: ${draft.title}`, () =>
          emit('navigate', `${edit}${encodeURIComponent(draft.id)}`),
        );
      }
    },
  });
}
