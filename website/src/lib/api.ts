import { AUTH_COOKIES, AUTH_HEADERS, failureOfAnswer, RequestFailure } from '@atelier/shared';

export const OFFLINE_MESSAGE = 'Could not reach the server. Check your connection and try again.';

let csrf: string | undefined;

/**
 * The anti-forgery value of this page load: made once, kept in the `atelier_csrf` cookie and sent as a
 * header, so the server can tell the page's own requests from another site's.
 */
export function csrfToken(): string {
  if (!csrf) {
    csrf = crypto.randomUUID();
    const secure = location.protocol === 'https:' ? '; Secure' : '';
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the site supports
    document.cookie = `${AUTH_COOKIES.csrf}=${csrf}; Path=/; SameSite=Strict${secure}`;
  }
  return csrf;
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A JSON body, form data (an upload), or a file (a Blob, sent as it is). */
  body?: unknown;
  /** The access token (bearer). */
  token?: string | null;
  /** Ask for the refresh token in the HttpOnly cookie (sign-in, set-up). */
  cookieMode?: boolean;
  /** Answer the body as a Blob (a download) instead of JSON. */
  blob?: boolean;
  /** An `If-Match` header: the version a save is based on. */
  ifMatch?: string;
}

/** Calls the API with the page's anti-forgery header; resolves to the JSON answer or throws a RequestFailure. */
export async function call<T>(path: string, options: CallOptions = {}): Promise<T> {
  const {
    method = options.body === undefined ? 'GET' : 'POST',
    body,
    token,
    cookieMode,
    blob,
    ifMatch,
  } = options;
  const headers: Record<string, string> = { [AUTH_HEADERS.csrf]: csrfToken() };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (cookieMode) headers[AUTH_HEADERS.mode] = 'cookie';
  if (ifMatch) headers['If-Match'] = ifMatch;
  const file = body instanceof Blob;
  const form = body instanceof FormData || file;
  if (file) headers['Content-Type'] = body.type || 'application/octet-stream';
  else if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: form ? (body as BodyInit) : body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new RequestFailure({ status: 0, code: 'network', message: OFFLINE_MESSAGE });
  }
  if (response.status === 204) return undefined as T;
  if (blob && response.ok) return (await response.blob()) as T;
  const answer = await response.json().catch(() => null);
  if (!response.ok) throw failureOfAnswer(response.status, answer);
  return answer as T;
}
