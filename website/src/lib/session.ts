import { type AuthUser, isRequestFailure, type TokenResponse } from '@atelier/shared';
import { create } from 'zustand';
import { type CallOptions, call } from './api';
import { localDrafts } from './local-drafts';
import { maySignedIn } from './session-hint';
import { goWithToast, showToast } from './toasts';

/**
 * The browser's session (docs/auth.md): the refresh token lives in an HttpOnly cookie the page never sees;
 * the access token lives here, in memory, and is renewed a minute before it expires.
 *
 * - `loading`: the first refresh has not answered yet.
 * - `signed-in`: a full session (its second factor verified, when the account has one).
 * - `second-factor`: the password was right, the account has an authenticator: one more step to go.
 * - `signed-out`.
 */
export type SessionStatus = 'loading' | 'signed-in' | 'second-factor' | 'signed-out';

interface SessionState {
  status: SessionStatus;
  user: AuthUser | null;
  accessToken: string | null;
  /** Unix milliseconds at which the access token expires. */
  expiresAt: number;
}

export const useSession = create<SessionState>(() => ({
  status: 'loading',
  user: null,
  accessToken: null,
  expiresAt: 0,
}));

const RENEW_BEFORE_MS = 60_000;
const FIRST_RETRY_MS = 200;
const RETRIES = 5;

let started: Promise<void> | undefined;
let renewal: ReturnType<typeof setTimeout> | undefined;
let refreshing: Promise<void> | undefined;

/** Takes a token answer as the current session. */
export function applySession(answer: TokenResponse): void {
  clearTimeout(renewal);
  const expiresAt = answer.expires_at * 1000;
  useSession.setState({
    status: answer.mfa_required ? 'second-factor' : 'signed-in',
    user: answer.user,
    accessToken: answer.access_token,
    expiresAt,
  });
  renewal = setTimeout(() => void refresh(), Math.max(5_000, expiresAt - Date.now() - RENEW_BEFORE_MS));
}

/** Forgets the session here (the server's side is the caller's business). */
export function forgetSession(): void {
  clearTimeout(renewal);
  useSession.setState({ status: 'signed-out', user: null, accessToken: null, expiresAt: 0 });
}

/**
 * Renews the access token with the refresh cookie. A refusal ends the session; an unreachable or failing
 * server is tried again after 200 ms, doubling, five times, and then the page counts as signed out.
 */
export function refresh(): Promise<void> {
  refreshing ??= (async () => {
    for (let attempt = 0, delay = FIRST_RETRY_MS; ; attempt++, delay *= 2) {
      try {
        applySession(await call<TokenResponse>('/auth/v1/token?grant_type=refresh_token', { body: {} }));
        return;
      } catch (error) {
        const retryable = isRequestFailure(error) && error.retryable;
        if (retryable && attempt < RETRIES) {
          await new Promise((resolve) => setTimeout(resolve, delay));
          continue;
        }
        // The server could not say whether there is a session: a page load says so.
        if (retryable && useSession.getState().status === 'loading')
          showToast(
            'Authentication Error',
            'There was a problem initializing authentication.',
            'destructive',
          );
        forgetSession();
        return;
      }
    }
  })().finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

/** Loads the session once per page: a refresh when the cookie says one may exist. */
export function startSession(): Promise<void> {
  started ??= maySignedIn() ? refresh() : Promise.resolve(forgetSession());
  return started;
}

/** Calls the API as the signed-in user; an expired or refused access token is renewed once. */
export async function authed<T>(path: string, options: Omit<CallOptions, 'token'> = {}): Promise<T> {
  await startSession();
  if (Date.now() > useSession.getState().expiresAt - 5_000) await refresh();
  try {
    return await call<T>(path, { ...options, token: useSession.getState().accessToken });
  } catch (error) {
    if (!isRequestFailure(error) || error.status !== 401) throw error;
    await refresh();
    return call<T>(path, { ...options, token: useSession.getState().accessToken });
  }
}

/** Signs in with e-mail and password; the answer says whether a second factor is still needed. */
export async function signIn(email: string, password: string): Promise<TokenResponse> {
  const answer = await call<TokenResponse>('/auth/v1/token?grant_type=password', {
    body: { email, password },
    cookieMode: true,
  });
  applySession(answer);
  return answer;
}

/**
 * Signs out on the server, then here. The server's 401, 403 and 404 mean the session is already gone there:
 * the page signs out all the same. Any other failure is thrown and the user stays signed in.
 */
export async function signOut(scope: 'local' | 'global' = 'local'): Promise<void> {
  const user = useSession.getState().user;
  try {
    await call(`/auth/v1/logout?scope=${scope}`, { body: {}, token: useSession.getState().accessToken });
  } catch (error) {
    if (!isRequestFailure(error) || ![401, 403, 404].includes(error.status)) throw error;
  }
  localStorage.clear();
  // A shared computer keeps nobody's unsaved form drafts.
  if (user) await localDrafts.clearFor(user.id).catch(() => {});
  forgetSession();
}

/** Signs out and goes to the home page, "Logged out successfully"; throws if the server failed. */
export async function signOutToHome(): Promise<void> {
  await signOut();
  goWithToast('/', {
    title: 'Logged out successfully',
    description: 'You have been signed out of your account.',
    tone: 'success',
  });
}

/** Reloads the user (after a profile change elsewhere). */
export async function reloadUser(): Promise<AuthUser> {
  const user = await authed<AuthUser>('/auth/v1/user');
  useSession.setState({ user });
  return user;
}
