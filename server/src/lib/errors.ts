import { type ApiErrorBody, ERROR_CODES, type ErrorCode, MESSAGES } from '@atelier/shared';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';

/** Thrown by handlers and services; the one error handler turns it into the error JSON. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ApiErrorBody['error']['issues'],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  toBody(): ApiErrorBody {
    return {
      error: { code: this.code, message: this.message, ...(this.issues ? { issues: this.issues } : {}) },
    };
  }
}

/** The code of a refusal known only by its HTTP status (Hono's own, tus'). */
const STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  401: ERROR_CODES.unauthorized,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.conflict,
  // tus: an upload that expired is gone, as one that never was.
  410: ERROR_CODES.notFound,
  413: ERROR_CODES.payloadTooLarge,
  415: ERROR_CODES.unsupportedMediaType,
  429: ERROR_CODES.rateLimited,
};

/** A refusal that has only a status and a message, in the API's error shape. */
export const statusError = (
  status: ContentfulStatusCode,
  message: string,
  headers?: Record<string, string>,
) =>
  new ApiError(
    status,
    STATUS_CODES[status] ?? (status < 500 ? ERROR_CODES.badRequest : ERROR_CODES.internal),
    message || MESSAGES.internal,
    undefined,
    headers,
  );

export const notFound = (message: string = MESSAGES.notFound) =>
  new ApiError(404, ERROR_CODES.notFound, message);
export const badRequest = (message: string) => new ApiError(400, ERROR_CODES.badRequest, message);

/** A write the disk (or the database on it) had no room for: ENOSPC, a quota, SQLITE_FULL. */
export const isDiskFull = (error: unknown) =>
  ['ENOSPC', 'EDQUOT', 'SQLITE_FULL'].includes((error as { code?: string } | null)?.code ?? '');
export const diskFull = () => new ApiError(507, ERROR_CODES.insufficientStorage, MESSAGES.diskFull);

/** A zod failure as a 400: one issue gives its own message (the spec's id messages), several a summary. */
export function validationError(error: ZodError): ApiError {
  const issues = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  const message = issues.length === 1 && issues[0] ? issues[0].message : MESSAGES.validationFailed;
  return new ApiError(400, ERROR_CODES.validation, message, issues);
}

/** A refusal of one field of a form (the message shows at that field). */
export const fieldProblem = (path: string, message: string) =>
  new ApiError(400, ERROR_CODES.validation, message, [{ path, message }]);

/** Too many attempts: 429 with `Retry-After` in seconds. */
export const tooMany = (message: string, minutes: number) =>
  new ApiError(429, ERROR_CODES.rateLimited, message, undefined, { 'Retry-After': String(minutes * 60) });
