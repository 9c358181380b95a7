import {
  AUTH_HEADERS,
  awaitUploadResult,
  failureOfAnswer,
  parseEventStream,
  parseServerEvent,
  parseUploadResult,
  RequestFailure,
  type ServerEventName,
  type ServerEventOf,
  tusMaxSize,
  UPLOADS_ENDPOINT,
  type UploadResult,
  verifySecondFactor,
} from '@atelier/shared';
import * as tus from 'tus-js-client';
import type {
  AdminPlatform,
  AdminRequestInit,
  AdminSession,
  PickedFile,
  UploadHandle,
} from '../admin/platform';
import { csrfToken } from '../lib/api';
import { localDrafts } from '../lib/local-drafts';
import { applySession, authed, refresh, signIn, signOut, startSession, useSession } from '../lib/session';

const UPLOAD_FAILED = 'Failed to upload image';

/** A path with its query (undefined, null and '' left out). */
export function withQuery(path: string, query: AdminRequestInit['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

// The session port reads the page's one session store; `get` must answer the same object while nothing
// changed (useSyncExternalStore compares them).
let lastState: unknown;
let lastSession: AdminSession | null = null;
function currentSession(): AdminSession | null {
  const state = useSession.getState();
  if (state === lastState) return lastSession;
  lastState = state;
  lastSession =
    state.user && (state.status === 'signed-in' || state.status === 'second-factor')
      ? { user: state.user, secondFactorPending: state.status === 'second-factor' }
      : null;
  return lastSession;
}

/** The access token for a request the session helper does not make itself (tus, downloads). */
async function freshToken(): Promise<string | null> {
  await startSession();
  if (Date.now() > useSession.getState().expiresAt - 5_000) await refresh();
  return useSession.getState().accessToken;
}

type EventListener = (event: ServerEventOf) => void;
const eventListeners = new Set<EventListener>();
let stopStream: (() => void) | null = null;

/**
 * The server's event stream read with the admin's access token (an EventSource cannot send one), so the
 * staff-only events (a new inquiry) come too. One stream serves every listener of the page: it opens with
 * the first and closes with the last, so each `ready` tells every listener that what follows reaches it.
 * Reconnects with backoff while anyone listens.
 */
function openEventStream(): () => void {
  const controller = new AbortController();
  let delay = 1000;
  const listen = async () => {
    while (!controller.signal.aborted) {
      try {
        const token = await freshToken();
        const response = await fetch('/api/events', {
          headers: token ? { Authorization: `Bearer ${token}` } : {},
          signal: controller.signal,
        });
        if (!response.ok || !response.body) throw new Error(`events answered ${response.status}`);
        delay = 1000;
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
          const { events, rest } = parseEventStream(buffer + chunk.value);
          buffer = rest;
          for (const raw of events) {
            const event = parseServerEvent(raw);
            if (event) for (const listener of [...eventListeners]) listener(event);
          }
        }
      } catch {
        if (controller.signal.aborted) return;
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 30_000);
    }
  };
  void listen();
  return () => controller.abort();
}

function listenToEvents(type: ServerEventName, listener: (data: unknown) => void): () => void {
  const onEvent: EventListener = (event) => {
    if (event.type === type) listener(event.data);
  };
  eventListeners.add(onEvent);
  stopStream ??= openEventStream();
  return () => {
    eventListeners.delete(onEvent);
    if (eventListeners.size === 0) {
      stopStream?.();
      stopStream = null;
    }
  };
}

/** The largest upload the server takes, from its tus OPTIONS answer (`Tus-Max-Size`); null if it did not say. */
async function askMaxUploadBytes(): Promise<number | null> {
  const token = await freshToken();
  const response = await fetch(UPLOADS_ENDPOINT, {
    method: 'OPTIONS',
    headers: {
      'Tus-Resumable': '1.0.0',
      [AUTH_HEADERS.csrf]: csrfToken(),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  });
  return response.ok ? tusMaxSize(response.headers.get('Tus-Max-Size')) : null;
}

function pickFiles(options: Parameters<AdminPlatform['pickFiles']>[0] = {}): Promise<PickedFile[]> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.multiple = options.multiple ?? false;
    if (options.accept) input.accept = options.accept.join(',');
    if (options.directory) input.webkitdirectory = true;
    input.addEventListener('change', () =>
      resolve(
        Array.from(input.files ?? [], (file) => ({
          name: file.name,
          size: file.size,
          type: file.type,
          relativePath: file.webkitRelativePath || undefined,
          file,
        })),
      ),
    );
    input.addEventListener('cancel', () => resolve([]));
    input.click();
  });
}

/** A refused upload: the server's error JSON when it sent one, else its short text. */
function uploadFailure(error: Error): RequestFailure {
  const response = (error as tus.DetailedError).originalResponse;
  if (!response) return new RequestFailure({ status: 0, code: 'upload', message: UPLOAD_FAILED });
  const text = response.getBody() ?? '';
  try {
    return failureOfAnswer(response.getStatus(), JSON.parse(text));
  } catch {
    const message = text && text.length < 300 ? text : UPLOAD_FAILED;
    return new RequestFailure({ status: response.getStatus(), code: 'upload', message });
  }
}

/** The item of an upload the server completed, from its `result` (asked again while it is processed). */
function askResult(url: string | null): Promise<UploadResult | null> {
  if (!url) return Promise.resolve(null);
  return awaitUploadResult(async () => {
    const token = await freshToken();
    return fetch(`${url}/result`, {
      headers: { [AUTH_HEADERS.csrf]: csrfToken(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  });
}

function upload(picked: PickedFile, options: Parameters<AdminPlatform['upload']>[1] = {}): UploadHandle {
  if (!picked.file) throw new Error('The browser uploads File objects only');
  let settle: { resolve(result: UploadResult): void; reject(error: unknown): void } | undefined;
  const promise = new Promise<UploadResult>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const metadata: Record<string, string> = { filename: picked.name, filetype: picked.type };
  if (options.folderId) metadata.folder_id = options.folderId;
  if (options.bucket) metadata.bucket = options.bucket;
  const task = new tus.Upload(picked.file, {
    endpoint: UPLOADS_ENDPOINT,
    metadata,
    chunkSize: 5 * 1024 * 1024,
    retryDelays: [0, 1000, 3000, 5000],
    // Resuming across reloads would need localStorage; within the page, pause/resume and retries suffice.
    storeFingerprintForResuming: false,
    removeFingerprintOnSuccess: true,
    async onBeforeRequest(request) {
      const token = await freshToken();
      if (token) request.setHeader('Authorization', `Bearer ${token}`);
      request.setHeader(AUTH_HEADERS.csrf, csrfToken());
    },
    onProgress: (sent, total) => options.onProgress?.(sent, total),
    async onSuccess({ lastResponse }) {
      // A resume that found the upload complete brings no item: done only once `result` has it.
      const result = parseUploadResult(lastResponse.getBody()) ?? (await askResult(task.url));
      if (result) settle?.resolve(result);
      else settle?.reject(new RequestFailure({ status: 0, code: 'upload', message: UPLOAD_FAILED }));
    },
    onError: (error) => settle?.reject(uploadFailure(error)),
  });
  task.start();
  return {
    promise,
    pause: () => void task.abort(false),
    resume: () => task.start(),
    cancel: () => {
      void task.abort(true);
      settle?.reject(new RequestFailure({ status: 0, code: 'cancelled', message: 'Upload cancelled' }));
    },
  };
}

/**
 * The admin platform in the browser: same-origin calls with the access token in memory, the refresh token in
 * its HttpOnly cookie and the page's anti-forgery header (lib/api.ts, lib/session.ts); tus uploads;
 * navigation through the page's router.
 */
export function createBrowserPlatform(navigate: (path: string) => void): AdminPlatform {
  const origin = window.location.origin;
  const absolute = (path: string) => (/^https?:\/\//.test(path) ? path : `${origin}${path}`);
  let maxUpload: Promise<number | null> | undefined;
  return {
    kind: 'browser',
    request: <T>(path: string, init: AdminRequestInit = {}) =>
      authed<T>(withQuery(path, init.query), {
        method: init.method ?? 'GET',
        body: init.body,
        ifMatch: init.ifMatch,
      }),
    session: {
      get: currentSession,
      loading: () => useSession.getState().status === 'loading',
      subscribe: (listener) => useSession.subscribe(listener),
      async signIn(email, password) {
        await signIn(email, password);
      },
      async verifySecondFactor(method, code) {
        const { user } = useSession.getState();
        if (!user) throw new RequestFailure({ status: 401, code: 'unauthorized', message: 'Sign in first' });
        const post = <T>(path: string, body: object) => authed<T>(path, { body });
        applySession(await verifySecondFactor(post, user, method, code));
      },
      signOut: (scope) => signOut(scope),
    },
    navigate,
    mediaUrl: absolute,
    // The site is this origin: its pages keep plain paths.
    siteUrl: (path) => path,
    pickFiles,
    upload,
    maxUploadBytes() {
      // Asked once; a question that got no answer is asked again next time.
      maxUpload ??= askMaxUploadBytes()
        .catch(() => null)
        .then((max) => {
          if (max === null) maxUpload = undefined;
          return max;
        });
      return maxUpload;
    },
    openExternal(url) {
      if (url.startsWith('mailto:')) window.location.href = url;
      else window.open(url, '_blank', 'noopener');
    },
    events: {
      // The data is the event's own, parsed with its schema.
      subscribe: (type, listener) => listenToEvents(type, listener as (data: unknown) => void),
    },
    sendFile: <T>(path: string, file: PickedFile, query?: AdminRequestInit['query']) =>
      authed<T>(withQuery(path, query), { method: 'POST', body: file.file }),
    async downloadFile(path, filename) {
      await freshToken();
      const blob = await authed<Blob>(path, { blob: true });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = filename;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    },
    drafts: localDrafts,
  };
}
