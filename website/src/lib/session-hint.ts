import { AUTH_COOKIES } from '@atelier/shared';

/**
 * Whether a session may exist: the server sets this readable cookie beside the HttpOnly refresh cookie, so
 * a visitor's page never calls the auth API and never loads the account code.
 */
export const maySignedIn = () =>
  typeof document !== 'undefined' && document.cookie.split('; ').includes(`${AUTH_COOKIES.signedIn}=1`);
