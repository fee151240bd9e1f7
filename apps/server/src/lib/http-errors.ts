import { STATUS_MESSAGES, type FieldErrors } from '@linkup/contract';

/**
 * An error a service throws on purpose; the error handler turns it into the spec's API error
 * object with this status. Status meanings follow DESIGN §4 (402 premium, 404 hidden, 409
 * conflict, 422 validation, 429 limits; 403 only when the session may not act at all).
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

const defaultMessage = (status: number) => STATUS_MESSAGES[status as keyof typeof STATUS_MESSAGES] as string | undefined;

export const badRequest = (message = defaultMessage(400)!) => new AppError(400, message);
export const unauthorized = () => new AppError(401, defaultMessage(401)!);
export const paymentRequired = (message: string) => new AppError(402, message);
export const forbidden = (message = defaultMessage(403)!) => new AppError(403, message);
export const notFound = (message = defaultMessage(404)!) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooManyRequests = (message = defaultMessage(429)!) => new AppError(429, message);

/** 422 with the failing fields: `invalid({ email: ['Enter a valid e-mail address.'] })`. */
export function invalid(errors: FieldErrors, message = defaultMessage(422)!): AppError {
  return new AppError(422, message, errors);
}
