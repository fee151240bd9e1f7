import { STATUS_MESSAGES, errorCodeForStatus, type ErrorCode, type ErrorDetails, type FieldErrors } from '@linkup/contract';

export interface AppErrorOptions {
  /** The stable code clients branch on (default: the general code of the status). */
  code?: ErrorCode;
  /** Field errors (422). */
  errors?: FieldErrors;
  /** What the client may act on, e.g. `{ resets_at }` of a daily limit. */
  details?: ErrorDetails;
}

/**
 * An error a service throws on purpose; the error handler turns it into the spec's API error
 * object with this status, code and details. Status meanings follow DESIGN §4 (402 premium, 404
 * hidden, 409 conflict, 422 validation, 429 limits; 403 only when the session may not act at all).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors?: FieldErrors;
  readonly details?: ErrorDetails;

  constructor(
    readonly status: number,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = options.code ?? errorCodeForStatus(status);
    if (options.errors) this.errors = options.errors;
    if (options.details) this.details = options.details;
  }
}

const defaultMessage = (status: number) => STATUS_MESSAGES[status as keyof typeof STATUS_MESSAGES] as string | undefined;

export const badRequest = (message = defaultMessage(400)!) => new AppError(400, message);
export const unauthorized = () => new AppError(401, defaultMessage(401)!);
export const paymentRequired = (message: string) => new AppError(402, message);
export const forbidden = (message = defaultMessage(403)!) => new AppError(403, message);
export const notFound = (message = defaultMessage(404)!) => new AppError(404, message);
export const conflict = (message: string, code?: ErrorCode) => new AppError(409, message, { code });
export const tooManyRequests = (message = defaultMessage(429)!, code?: ErrorCode, details?: ErrorDetails) => new AppError(429, message, { code, details });
export const unavailable = (message: string) => new AppError(503, message);

/** 422 with the failing fields: `invalid({ email: ['Enter a valid e-mail address.'] })`. */
export function invalid(errors: FieldErrors, message = defaultMessage(422)!, code?: ErrorCode): AppError {
  return new AppError(422, message, { errors, code });
}
