/** A problem with one field of a request: `path` names the field ("email", "images.2"). */
export interface FieldIssue {
  path: string;
  message: string;
}

/** The one error shape every endpoint answers with. */
export interface ApiErrorBody {
  error: {
    code: string;
    message: string;
    issues?: FieldIssue[];
  };
}

export const ERROR_CODES = {
  badRequest: 'bad_request',
  validation: 'validation_failed',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  rateLimited: 'rate_limited',
  invalidCredentials: 'invalid_credentials',
  invalidGrant: 'invalid_grant',
  mfaRequired: 'mfa_required',
  /** A deactivated account signing in: the right password, refused all the same. */
  deactivated: 'account_deactivated',
  /** A sensitive change whose author has not typed their password in the last few minutes. */
  reauthenticationRequired: 'reauthentication_required',
  csrf: 'csrf_failed',
  internal: 'internal_error',
  unavailable: 'service_unavailable',
  insufficientStorage: 'insufficient_storage',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/**
 * A failed call as plain data: what crosses a process boundary (Electron keeps only an Error's message, so
 * the desktop app sends this and rebuilds the failure on the other side). `status` 0: nothing answered.
 */
export interface FailureData {
  status: number;
  code: string;
  message: string;
  issues?: FieldIssue[];
}

/**
 * A call to the API that did not succeed: the server's status, code, message (meant for people) and field
 * issues, or status 0 when the server could not be reached. Every client throws this one type — the browser's
 * session helpers and admin platform, the desktop app's main process and its renderer bridge — so a screen
 * reads a failure the same way whichever shell it runs in (through `isRequestFailure`, never `instanceof`).
 */
export class RequestFailure extends Error implements FailureData {
  override readonly name = 'RequestFailure';
  readonly status: number;
  readonly code: string;
  readonly issues: FieldIssue[];
  constructor({ status, code, message, issues }: FailureData) {
    super(message);
    this.status = status;
    this.code = code;
    this.issues = issues ?? [];
  }
  /** Worth trying again: nothing answered, or the server failed. */
  get retryable(): boolean {
    return this.status === 0 || this.status >= 500;
  }
  /** The failure as plain data (see FailureData). */
  toData(): FailureData {
    return { status: this.status, code: this.code, message: this.message, issues: this.issues };
  }
}

/**
 * Whether `error` is a failed API call (a RequestFailure). Judged by its shape, so a failure made by another
 * copy of this module (another bundle of the same app) is recognised too.
 */
export function isRequestFailure(error: unknown): error is RequestFailure {
  if (!(error instanceof Error)) return false;
  const { status, code, issues } = error as Partial<RequestFailure>;
  return typeof status === 'number' && typeof code === 'string' && Array.isArray(issues);
}

/**
 * The failure an error answer stands for: its `{ error: { code, message, issues } }` body (see ApiErrorBody)
 * when it has one, else a generic one with the status.
 */
export function failureOfAnswer(status: number, body: unknown): RequestFailure {
  const error = (body as Partial<ApiErrorBody> | null | undefined)?.error;
  const issues = Array.isArray(error?.issues)
    ? error.issues.filter(
        (issue): issue is FieldIssue => typeof issue?.path === 'string' && typeof issue.message === 'string',
      )
    : [];
  return new RequestFailure({
    status,
    code: typeof error?.code === 'string' ? error.code : 'http_error',
    message: typeof error?.message === 'string' ? error.message : `The server answered ${status}.`,
    issues,
  });
}
