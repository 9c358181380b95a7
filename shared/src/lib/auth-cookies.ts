/** The auth cookies' names, in a module of their own: a page's boot script that reads one takes nothing else. */
export const AUTH_COOKIES = {
  refresh: 'atelier_refresh',
  csrf: 'atelier_csrf',
  /** Not a secret: "a session may exist", so pages try a refresh only when there is one to refresh. */
  signedIn: 'atelier_signed_in',
  /** HttpOnly, signed: this browser signed in to an account before (OWASP device cookies, docs/auth.md). */
  device: 'atelier_device',
} as const;
