import { isRequestFailure } from '@atelier/shared';

/** The message to show for a failure: the server's own, or `fallback` when it is not an answer of the API. */
export const messageOf = (error: unknown, fallback: string): string =>
  isRequestFailure(error) ? error.message : fallback;
