import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { CONFLICT_MESSAGE, STATUS_MESSAGES, errorCodeForStatus, type ApiError, type ErrorCode, type ErrorDetails, type FieldErrors } from '@linkup/contract';
import { AppError } from '../lib/http-errors';
import { DeliveryError } from '../adapters/delivery-error';
import { StorageUnavailableError } from '../adapters/storage/storage';
import { databaseErrorStatus } from '../db/errors';

export function errorBody(
  status: number,
  message: string,
  { code = errorCodeForStatus(status), errors, details }: { code?: ErrorCode; errors?: FieldErrors; details?: ErrorDetails } = {},
): ApiError {
  return { success: false, message, status, code, ...(errors ? { errors } : {}), ...(details ? { details } : {}), timestamp: new Date().toISOString() };
}

/** Field errors from the zod validator: `{ "email": ["Invalid email address"] }`. */
function fieldErrors(
  validation: readonly { instancePath?: string; message?: string; params?: Record<string, unknown> }[],
  context: string | undefined,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of validation) {
    const fromPath = issue.instancePath?.replace(/^\//, '').replace(/\//g, '.');
    const missingKey = typeof issue.params?.missingProperty === 'string' ? issue.params.missingProperty : undefined;
    const field = fromPath || missingKey || (context === 'body' ? 'body' : context ?? 'request');
    (errors[field] ??= []).push(issue.message ?? 'Invalid value.');
  }
  return errors;
}

const clientErrorMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but says it is JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request has an invalid content length.',
};

/**
 * One error handler: every error leaves as the spec's API error object; what a client sent
 * never yields a 5xx; 5xx bodies never carry internals.
 */
export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(errorBody(error.status, error.message, error));
    }
    if (error instanceof DeliveryError) {
      request.log.error({ err: { message: error.message, channel: error.channel, status: error.providerStatus } }, 'delivery provider failed');
      return reply.status(503).send(errorBody(503, STATUS_MESSAGES[503]));
    }
    if (error instanceof StorageUnavailableError) {
      request.log.error({ err: { message: error.message, status: error.storeStatus } }, 'photo store failed');
      return reply.status(503).send(errorBody(503, STATUS_MESSAGES[503]));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation, error.validationContext);
      return reply.status(422).send(errorBody(422, STATUS_MESSAGES[422], { errors }));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(errorBody(500, STATUS_MESSAGES[500]));
    }
    const fromDatabase = databaseErrorStatus(error);
    if (fromDatabase) {
      // Validation let through something the database refused: a bug to fix, never the client's 500.
      request.log.error({ err: error }, 'database refused a request');
      return reply.status(fromDatabase).send(errorBody(fromDatabase, fromDatabase === 409 ? CONFLICT_MESSAGE : STATUS_MESSAGES[fromDatabase]));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 429) {
      return reply.status(429).send(errorBody(429, STATUS_MESSAGES[429]));
    }
    if (status >= 400 && status < 500) {
      const message = clientErrorMessages[error.code] ?? (status === 400 ? STATUS_MESSAGES[400] : error.message);
      return reply.status(status).send(errorBody(status, message));
    }
    request.log.error({ err: error }, 'unhandled error');
    const safeStatus = status === 503 ? 503 : 500;
    return reply.status(safeStatus).send(errorBody(safeStatus, STATUS_MESSAGES[safeStatus]));
  });
});
