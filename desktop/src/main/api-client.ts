/**
 * The desktop app's only way to the server: the bearer flow of docs/auth.md (password sign-in, second
 * factor, refresh with rotation, sign-out) and authenticated JSON calls. Runs in main; the renderer
 * reaches it over IPC. No electron import: the token store and fetch are handed in.
 */
import { type AuthUser, TokenResponse } from '@atelier/shared';
import type { TokenStore } from './token-store';

export interface RemoteIssue {
  path: string;
  message: string;
}

/** A failed call, with the server's error code and message (or `unreachable` when nothing answered). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues?: RemoteIssue[],
  ) {
    super(message);
  }
}

/** What the renderer may know about the session: never a token. */
export interface DesktopSession {
  user: AuthUser;
  aal: 'aal1' | 'aal2';
  /** Signed in with the password; the second step (authenticator or recovery code) is still due. */
  mfaRequired: boolean;
  /** False when the OS has no keychain: the session ends with the app. */
  persistent: boolean;
}

export interface RequestInit {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** An `If-Match` header: the version a save is based on. */
  ifMatch?: string;
}

interface Held {
  access: string;
  expiresAt: number;
  session: DesktopSession;
  factorId: string | null;
}

const SESSION_ENDED = () =>
  new ApiError(401, 'unauthorized', 'Your session has ended. Please sign in again.');

/** Refresh this long before the access token expires, so no call goes out with a dying token. */
const REFRESH_MARGIN_MS = 60_000;

export interface ApiClientOptions {
  serverUrl: string;
  tokens: TokenStore;
  fetch?: typeof fetch;
  now?: () => number;
  /** Sent as User-Agent, so the devices list names the app. */
  userAgent?: string;
}

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient({
  serverUrl,
  tokens,
  fetch: fetchFn = fetch,
  now = Date.now,
  userAgent,
}: ApiClientOptions) {
  let held: Held | null = null;
  let refreshing: Promise<void> | null = null;
  const listeners = new Set<(session: DesktopSession | null) => void>();

  function publish() {
    for (const listener of listeners) listener(held?.session ?? null);
  }

  async function send(path: string, init: RequestInit, access?: string): Promise<Response> {
    const url = new URL(`${serverUrl}${path}`);
    for (const [key, value] of Object.entries(init.query ?? {})) {
      if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = { accept: 'application/json' };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    if (access) headers.authorization = `Bearer ${access}`;
    if (init.ifMatch) headers['if-match'] = init.ifMatch;
    if (userAgent) headers['user-agent'] = userAgent;
    try {
      return await fetchFn(url, {
        method: init.method ?? 'GET',
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(30_000),
      });
    } catch {
      throw new ApiError(
        0,
        'unreachable',
        `The server at ${serverUrl} does not answer. Check your connection.`,
      );
    }
  }

  async function parse(response: Response): Promise<unknown> {
    if (response.status === 204) return undefined;
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    if (response.ok) return body;
    const error = (body as { error?: { code?: string; message?: string; issues?: RemoteIssue[] } })?.error;
    throw new ApiError(
      response.status,
      error?.code ?? 'http_error',
      error?.message ?? `The server answered ${response.status}.`,
      error?.issues,
    );
  }

  async function accept(answer: unknown): Promise<DesktopSession> {
    const token = TokenResponse.parse(answer);
    const factor = token.user.factors.find((f) => f.factor_type === 'totp' && f.status === 'verified');
    held = {
      access: token.access_token,
      expiresAt: token.expires_at * 1000,
      factorId: factor?.id ?? null,
      session: {
        user: token.user,
        aal: token.aal,
        mfaRequired: token.mfa_required,
        persistent: tokens.persistent,
      },
    };
    if (token.refresh_token) await tokens.save(serverUrl, token.refresh_token);
    if (token.device_token) await tokens.saveDevice(serverUrl, token.user.email, token.device_token);
    publish();
    return held.session;
  }

  async function forget() {
    held = null;
    await tokens.clear();
    publish();
  }

  /** One refresh at a time: two calls finding an old token share the rotation. */
  function refresh(): Promise<void> {
    refreshing ??= (async () => {
      const refreshToken = await tokens.load(serverUrl);
      if (!refreshToken) {
        if (held) await forget();
        return;
      }
      const response = await send('/auth/v1/token', {
        method: 'POST',
        query: { grant_type: 'refresh_token' },
        body: { refresh_token: refreshToken },
      });
      try {
        await accept(await parse(response));
      } catch (error) {
        // The session is over (expired, revoked, or its token reused): signed out. Any other
        // failure (server down) keeps the session for the next try.
        if (error instanceof ApiError && (error.code === 'invalid_grant' || error.status === 401))
          await forget();
        throw error;
      }
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function accessToken(): Promise<string> {
    if (!held || held.expiresAt - now() < REFRESH_MARGIN_MS) await refresh();
    if (!held) throw SESSION_ENDED();
    return held.access;
  }

  return {
    serverUrl,
    session: (): DesktopSession | null => held?.session ?? null,
    subscribe(listener: (session: DesktopSession | null) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** At start-up: a stored refresh token signs the user back in. Never throws. */
    async restore(): Promise<DesktopSession | null> {
      try {
        await refresh();
      } catch {
        // Unreachable server or spent token: the app starts signed out (the token stays for a retry).
      }
      return held?.session ?? null;
    },

    async signIn(email: string, password: string): Promise<DesktopSession> {
      const response = await send('/auth/v1/token', {
        method: 'POST',
        query: { grant_type: 'password' },
        body: { email, password, device_token: (await tokens.loadDevice(serverUrl, email)) ?? undefined },
      });
      return accept(await parse(response));
    },

    /** The second step: a 6-digit code from the authenticator, or a recovery code. */
    async verifySecondFactor(code: string): Promise<DesktopSession> {
      const access = await accessToken();
      const trimmed = code.trim();
      if (/^\d{6}$/.test(trimmed) && held?.factorId) {
        const factorId = held.factorId;
        const challenge = (await parse(
          await send(
            `/auth/v1/factors/${encodeURIComponent(factorId)}/challenge`,
            { method: 'POST' },
            access,
          ),
        )) as { id: string };
        return accept(
          await parse(
            await send(
              `/auth/v1/factors/${encodeURIComponent(factorId)}/verify`,
              { method: 'POST', body: { challenge_id: challenge.id, code: trimmed } },
              access,
            ),
          ),
        );
      }
      return accept(
        await parse(
          await send('/auth/v1/factors/recovery', { method: 'POST', body: { code: trimmed } }, access),
        ),
      );
    },

    /** `local` this app, `global` every device of the user, `others` every device but this one. */
    async signOut(scope: 'local' | 'global' | 'others' = 'local'): Promise<void> {
      if (held) {
        try {
          const access = await accessToken();
          const response = await send('/auth/v1/logout', { method: 'POST', query: { scope } }, access);
          // Already signed out on the server (401/403/404): sign out here all the same.
          if (![401, 403, 404].includes(response.status)) await parse(response);
        } catch (error) {
          if (scope !== 'local') throw error;
        }
      }
      if (scope !== 'others') await forget();
    },

    /** An authenticated call; a rejected access token is refreshed once and the call repeated. */
    async fetch(path: string, init: RequestInit = {}): Promise<Response> {
      if (!path.startsWith('/') || path.startsWith('//')) {
        throw new ApiError(400, 'bad_request', 'API paths start with a single /.');
      }
      const response = await send(path, init, await accessToken());
      if (response.status !== 401 || !held) return response;
      try {
        await refresh();
      } catch (error) {
        // Signed out elsewhere ("sign out everywhere", a password change): say so plainly.
        if (error instanceof ApiError && error.code === 'invalid_grant') throw SESSION_ENDED();
        throw error;
      }
      return send(path, init, await accessToken());
    },

    /** An authenticated JSON call: the parsed answer, or an ApiError with the server's message. */
    async request<T = unknown>(path: string, init: RequestInit = {}): Promise<T> {
      return (await parse(await this.fetch(path, init))) as T;
    },

    /** An answer's error as an ApiError (for callers of `fetch`). */
    parse,

    /** A bearer token for the uploader (tus runs its own requests). */
    accessToken,
  };
}
