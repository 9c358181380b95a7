import { ERROR_CODES, MESSAGES } from '@atelier/shared';
import type { Context, ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ApiError, diskFull, isDiskFull, statusError } from '../lib/errors';
import type { Logger } from '../lib/logger';

/** Writes a refusal as the API's error JSON, with its headers (Retry-After, WWW-Authenticate, tus'). */
export function sendError(c: Context, error: ApiError): Response {
  for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
  return c.json(error.toBody(), error.status);
}

/**
 * The one error handler: whatever a handler, a middleware or a service throws is answered here. An ApiError as
 * it is, Hono's own refusals (malformed JSON, wrong content type) in the same shape, anything else as a 500
 * that is logged and says nothing of its cause; a full disk as a 507 that says so (and is logged too).
 */
export function errorHandler(log: Logger): ErrorHandler {
  return (error, c) => {
    if (error instanceof ApiError) return sendError(c, error);
    if (error instanceof HTTPException) {
      const message =
        error.status === 415 ? 'Send the body as JSON (Content-Type: application/json)' : error.message;
      return sendError(c, statusError(error.status, message));
    }
    const full = isDiskFull(error);
    log.error(
      { err: error, requestId: c.get('requestId'), path: c.req.path },
      full ? 'disk full' : 'unhandled error',
    );
    if (full) return sendError(c, diskFull());
    return sendError(c, new ApiError(500, ERROR_CODES.internal, MESSAGES.internal));
  };
}
