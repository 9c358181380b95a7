/**
 * The desktop app's only way to the server: the bearer flow of docs/auth.md (password sign-in, second
 * factor, refresh with rotation, sign-out) and authenticated calls, every failure a shared RequestFailure.
 * Runs in main; the renderer reaches it over IPC. No electron import: the token store and fetch are handed in.
 */
import {
  Health,
  isRequestFailure,
  RequestFailure,
  type SecondFactorMethod,
  tusMaxSize,
  UPLOADS_ENDPOINT,
  verifySecondFactor,
} from '@atelier/shared';
import type { DesktopSession } from '../shared/ipc';
import { type ApiRequestInit, createSend, readAnswer } from './api-http';
import { createSessionKeeper, sessionEnded } from './api-session';
import type { TokenStore } from './token-store';

export interface ApiClientOptions {
  serverUrl: string;
  tokens: TokenStore;
  fetch?: typeof fetch;
  now?: () => number;
  /** Sent as User-Agent, so the devices list names the app. */
  userAgent?: string;
}

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient({ serverUrl, tokens, fetch, now, userAgent }: ApiClientOptions) {
  const send = createSend({ serverUrl, fetch, userAgent });
  const keeper = createSessionKeeper({ serverUrl, tokens, send, now });
  const maxUpload = askedOnce(() =>
    authedFetch(UPLOADS_ENDPOINT, { method: 'OPTIONS' }).then((response) =>
      response.ok ? tusMaxSize(response.headers.get('tus-max-size')) : null,
    ),
  );
  const largestEdge = askedOnce(async () => {
    const health = Health.safeParse(await (await send('/api/health', {})).json());
    return health.success ? (health.data.media?.largest_edge ?? null) : null;
  });

  /** An authenticated call; a rejected access token is refreshed once and the call repeated. */
  async function authedFetch(path: string, init: ApiRequestInit = {}): Promise<Response> {
    if (!path.startsWith('/') || path.startsWith('//')) {
      throw new RequestFailure({
        status: 400,
        code: 'bad_request',
        message: 'API paths start with a single /.',
      });
    }
    const response = await send(path, init, await keeper.accessToken());
    if (response.status !== 401 || !keeper.current()) return response;
    try {
      await keeper.refresh();
    } catch (error) {
      // Signed out elsewhere ("sign out everywhere", a password change): say so plainly.
      if (isRequestFailure(error) && error.code === 'invalid_grant') throw sessionEnded();
      throw error;
    }
    return send(path, init, await keeper.accessToken());
  }

  /** An authenticated JSON call: the answer, or a RequestFailure with the server's message. */
  async function request<T = unknown>(path: string, init: ApiRequestInit = {}): Promise<T> {
    return (await readAnswer(await authedFetch(path, init))) as T;
  }

  return {
    serverUrl,
    session: keeper.current,
    subscribe: keeper.subscribe,

    /** At start-up: a stored refresh token signs the user back in. Never throws. */
    async restore(): Promise<DesktopSession | null> {
      try {
        await keeper.refresh();
      } catch {
        // Unreachable server or spent token: the app starts signed out (the token stays for a retry).
      }
      return keeper.current();
    },

    async signIn(email: string, password: string): Promise<DesktopSession> {
      const response = await send('/auth/v1/token', {
        method: 'POST',
        query: { grant_type: 'password' },
        body: { email, password, device_token: (await tokens.loadDevice(serverUrl, email)) ?? undefined },
      });
      return keeper.accept(await readAnswer(response));
    },

    /** The second step, by the method the person chose: an authenticator code or a recovery code. */
    async verifySecondFactor(method: SecondFactorMethod, code: string): Promise<DesktopSession> {
      const user = keeper.current()?.user;
      if (!user) throw sessionEnded();
      const post = <T>(path: string, body: object) => request<T>(path, { method: 'POST', body });
      return keeper.accept(await verifySecondFactor(post, user, method, code));
    },

    /** `local` this app, `global` every device of the user, `others` every device but this one. */
    async signOut(scope: 'local' | 'global' | 'others' = 'local'): Promise<void> {
      if (keeper.current()) {
        try {
          const access = await keeper.accessToken();
          const response = await send('/auth/v1/logout', { method: 'POST', query: { scope } }, access);
          // Already signed out on the server (401/403/404): sign out here all the same.
          if (![401, 403, 404].includes(response.status)) await readAnswer(response);
        } catch (error) {
          if (scope !== 'local') throw error;
        }
      }
      if (scope !== 'others') await keeper.forget();
    },

    fetch: authedFetch,
    request,

    /** An answer's error as a RequestFailure (for callers of `fetch`). */
    readAnswer,

    /** A bearer token for the uploader (tus runs its own requests). */
    accessToken: keeper.accessToken,

    /**
     * The largest upload the server takes (`Tus-Max-Size` of the upload endpoint's OPTIONS), asked once;
     * null when the server could not say (asked again next time).
     */
    maxUploadBytes: maxUpload,

    /**
     * The longest edge the site shows a photograph at (`media.largest_edge` of /api/health), asked once; null
     * when the server could not say (asked again next time).
     */
    largestImageEdge: largestEdge,
  };
}

/** A figure the server tells: asked at the first call and kept; a failure or no answer is asked again. */
function askedOnce(ask: () => Promise<number | null>): () => Promise<number | null> {
  let answer: Promise<number | null> | undefined;
  return () => {
    answer ??= ask()
      .catch(() => null)
      .then((value) => {
        if (value === null) answer = undefined;
        return value;
      });
    return answer;
  };
}
