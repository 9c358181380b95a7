/**
 * The desktop app's session with its server: the access token held in memory, the refresh token in the
 * token store, and refresh with rotation (one refresh at a time). Publishes the session the renderer may
 * know — never a token. No electron import.
 */
import { isRequestFailure, RequestFailure, TokenResponse } from '@atelier/shared';
import type { DesktopSession } from '../shared/ipc';
import { readAnswer, type Send } from './api-http';
import type { TokenStore } from './token-store';

/** Refresh this long before the access token expires, so no call goes out with a dying token. */
const REFRESH_MARGIN_MS = 60_000;

export const sessionEnded = () =>
  new RequestFailure({
    status: 401,
    code: 'unauthorized',
    message: 'Your session has ended. Please sign in again.',
  });

interface Held {
  access: string;
  expiresAt: number;
  session: DesktopSession;
}

export interface SessionKeeperOptions {
  serverUrl: string;
  tokens: TokenStore;
  send: Send;
  now?: () => number;
}

export type SessionKeeper = ReturnType<typeof createSessionKeeper>;

export function createSessionKeeper({ serverUrl, tokens, send, now = Date.now }: SessionKeeperOptions) {
  let held: Held | null = null;
  let refreshing: Promise<void> | null = null;
  const listeners = new Set<(session: DesktopSession | null) => void>();

  function publish() {
    for (const listener of listeners) listener(held?.session ?? null);
  }

  /** Takes a token answer (sign-in, second factor, refresh) as the session, keeping its tokens. */
  async function accept(answer: unknown): Promise<DesktopSession> {
    const token = TokenResponse.parse(answer);
    held = {
      access: token.access_token,
      expiresAt: token.expires_at * 1000,
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
        await accept(await readAnswer(response));
      } catch (error) {
        // The session is over (expired, revoked, or its token reused): signed out. Any other
        // failure (server down) keeps the session for the next try.
        if (isRequestFailure(error) && (error.code === 'invalid_grant' || error.status === 401))
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
    if (!held) throw sessionEnded();
    return held.access;
  }

  return {
    current: (): DesktopSession | null => held?.session ?? null,
    subscribe(listener: (session: DesktopSession | null) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    accept,
    forget,
    refresh,
    accessToken,
  };
}
