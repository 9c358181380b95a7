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

export const notFound = (message: string = MESSAGES.notFound) =>
  new ApiError(404, ERROR_CODES.notFound, message);
export const badRequest = (message: string) => new ApiError(400, ERROR_CODES.badRequest, message);

/** A zod failure as a 400: one issue gives its own message (the spec's id messages), several a summary. */
export function validationError(error: ZodError): ApiError {
  const issues = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  const message = issues.length === 1 && issues[0] ? issues[0].message : MESSAGES.validationFailed;
  return new ApiError(400, ERROR_CODES.validation, message, issues);
}
