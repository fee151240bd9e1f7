import { STATUS_MESSAGES, type ErrorCode, type ErrorCodeOf, type ErrorDetails, type ErrorStatus, type FieldErrors } from '@linkup/contract';

export interface AppErrorOptions<S extends ErrorStatus> {
  /** The stable code clients branch on: one of the contract's codes of this status (ERROR_CODE_STATUS). */
  code: ErrorCodeOf<S>;
  /** Field errors (422). */
  errors?: FieldErrors;
  /** What the client may act on, e.g. `{ resets_at }` of a daily limit. */
  details?: ErrorDetails;
}

/**
 * An error a service throws on purpose; the error handler turns it into the spec's API error
 * object with this status, code and details. Status meanings follow DESIGN §4 (402 premium, 404
 * hidden, 409 conflict, 422 validation, 429 limits; 403 only when the session may not act at all).
 * The code is required and must be one of the status's codes, so a client never has to tell two
 * errors apart by their English message.
 */
export class AppError<S extends ErrorStatus = ErrorStatus> extends Error {
  readonly code: ErrorCode;
  readonly errors?: FieldErrors;
  readonly details?: ErrorDetails;

  constructor(
    readonly status: S,
    message: string,
    options: AppErrorOptions<S>,
  ) {
    super(message);
    this.name = 'AppError';
    this.code = options.code;
    if (options.errors) this.errors = options.errors;
    if (options.details) this.details = options.details;
  }
}

export const badRequest = (code: ErrorCodeOf<400>, message: string) => new AppError(400, message, { code });
/** No valid session: the one meaning of 401 besides a wrong password. */
export const unauthorized = () => new AppError(401, STATUS_MESSAGES[401], { code: 'unauthenticated' });
/** 402 has one meaning: the feature is premium's. */
export const paymentRequired = (message: string) => new AppError(402, message, { code: 'premium_required' });
/**
 * 404. `not_found` itself only where the answer must look exactly like an unknown route (a
 * console a member may not see, the dev outbox from another machine); anything the member asked
 * for by id has its own code.
 */
export const notFound = (code: ErrorCodeOf<404>, message: string = STATUS_MESSAGES[404]) => new AppError(404, message, { code });
export const conflict = (code: ErrorCodeOf<409>, message: string) => new AppError(409, message, { code });
export const tooManyRequests = (code: ErrorCodeOf<429>, message: string, details?: ErrorDetails) =>
  new AppError(429, message, { code, ...(details ? { details } : {}) });
export const unavailable = (code: ErrorCodeOf<503>, message: string) => new AppError(503, message, { code });

/** 422 with the failing fields: `invalid('email_taken', { email: [AUTH_MESSAGES.emailTaken] })`. */
export function invalid(code: ErrorCodeOf<422>, errors: FieldErrors, message: string = STATUS_MESSAGES[422]): AppError {
  return new AppError(422, message, { code, errors });
}
