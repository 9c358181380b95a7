import { timingSafeEqual } from 'node:crypto';
import { AUTH_COOKIES, AUTH_MESSAGES, ERROR_CODES, type TokenResponse } from '@atelier/shared';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Client, IssuedSession } from '../auth/issue-session';
import { REFRESH_TOKEN_TTL_MS } from '../auth/sessions';
import type { AppEnv } from '../context';
import { ApiError } from '../lib/errors';
import { clientIp } from './client-ip';

/** The refresh cookie is sent only to the auth endpoints, never to pages or the rest of the API. */
const COOKIE_PATH = '/auth/v1';

export const clientOf = (c: Context<AppEnv>): Client => ({
  userAgent: c.req.header('user-agent') ?? null,
  ip: clientIp(c),
});

const csrfFailure = () => new ApiError(403, ERROR_CODES.csrf, AUTH_MESSAGES.csrf);

/**
 * The anti-forgery check of a request authenticated by cookie (double submit): the page makes a random
 * value per load, stores it in the `atelier_csrf` cookie and sends it as `X-CSRF-Token`. Another site can
 * make the browser send the cookie, but can neither read it nor set the header.
 */
function requireCsrf(c: Context<AppEnv>): void {
  const header = c.req.header('x-csrf-token') ?? '';
  const cookie = getCookie(c, AUTH_COOKIES.csrf) ?? '';
  if (header.length < 16 || header.length > 200 || header.length !== cookie.length) throw csrfFailure();
  if (!timingSafeEqual(Buffer.from(header), Buffer.from(cookie))) throw csrfFailure();
}

/** `X-Auth-Mode: cookie` asks for the refresh token in the HttpOnly cookie; such requests need the CSRF header. */
export function cookieMode(c: Context<AppEnv>): boolean {
  if (c.req.header('x-auth-mode')?.toLowerCase() !== 'cookie') return false;
  requireCsrf(c);
  return true;
}

/** The refresh token of a request: the body's (bearer flow), else the cookie's (with the CSRF check). */
export function refreshTokenOf(c: Context<AppEnv>, fromBody: string | undefined): string | null {
  if (fromBody) return fromBody;
  const cookie = getCookie(c, AUTH_COOKIES.refresh);
  if (!cookie) return null;
  requireCsrf(c);
  return cookie;
}

/**
 * The refresh token, plus a readable hint cookie for every page (`atelier_signed_in=1`): a page then asks for
 * a refresh only when a session may exist, so visitors' page loads never call the auth API.
 */
function setRefreshCookie(c: Context<AppEnv>, token: string): void {
  const common = {
    sameSite: 'Strict',
    secure: c.var.deps.env.publicUrl.startsWith('https:'),
    maxAge: Math.floor(REFRESH_TOKEN_TTL_MS / 1000),
  } as const;
  setCookie(c, AUTH_COOKIES.refresh, token, { ...common, path: COOKIE_PATH, httpOnly: true });
  setCookie(c, AUTH_COOKIES.signedIn, '1', { ...common, path: '/' });
}

export function clearRefreshCookie(c: Context<AppEnv>): void {
  const secure = c.var.deps.env.publicUrl.startsWith('https:');
  if (getCookie(c, AUTH_COOKIES.refresh) !== undefined)
    deleteCookie(c, AUTH_COOKIES.refresh, { path: COOKIE_PATH, secure });
  if (getCookie(c, AUTH_COOKIES.signedIn) !== undefined)
    deleteCookie(c, AUTH_COOKIES.signedIn, { path: '/', secure });
}

/** A year: the device cookie outlives sessions, so a signed-out browser is still recognised at its next sign-in. */
const DEVICE_COOKIE_SECONDS = 365 * 24 * 3600;

/** The device token a sign-in presents: the body's (desktop app), else the browser's HttpOnly cookie. */
export const deviceTokenOf = (c: Context<AppEnv>, fromBody: string | undefined) =>
  fromBody ?? getCookie(c, AUTH_COOKIES.device);

/**
 * The token answer: the refresh token in the body (bearer mode) or in the cookie (cookie mode); likewise the
 * device token of a password sign-in.
 */
export function sessionBody(c: Context<AppEnv>, issued: IssuedSession, inCookie: boolean) {
  if (inCookie && issued.refreshToken) setRefreshCookie(c, issued.refreshToken);
  if (inCookie && issued.deviceToken)
    setCookie(c, AUTH_COOKIES.device, issued.deviceToken, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'Strict',
      secure: c.var.deps.env.publicUrl.startsWith('https:'),
      maxAge: DEVICE_COOKIE_SECONDS,
    });
  const body: TokenResponse = { ...issued.response };
  if (!inCookie && issued.refreshToken) body.refresh_token = issued.refreshToken;
  if (!inCookie && issued.deviceToken) body.device_token = issued.deviceToken;
  return body;
}
