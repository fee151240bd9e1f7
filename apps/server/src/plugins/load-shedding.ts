import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_MESSAGES, type ApiError } from '@linkup/contract';
import { errorBody } from './errors';

/** What a shed request is told to wait before trying again. */
const RETRY_AFTER_SECONDS = 2;
/**
 * The health routes answer for themselves: liveness even under pressure (a restart would not help
 * a busy process), readiness and /api/health by their own checks.
 */
const NEVER_SHED = /^\/api\/health(\/|$)/;

/**
 * Load shedding (issue 33, `@fastify/under-pressure`): while the event loop lags more than
 * MAX_EVENT_LOOP_DELAY_MS, requests get 503 with Retry-After (HAProxy retries them on another
 * process) instead of queueing behind work that is already late. 0 turns it off.
 */
export const loadSheddingPlugin = fp(async (app) => {
  const { maxEventLoopDelayMs } = app.deps.config;
  if (maxEventLoopDelayMs === 0) return;
  // under-pressure sends what the handler returns and lets the request through on undefined (its
  // README); its types say void, so the handler is typed here.
  const shed = (request: FastifyRequest, reply: FastifyReply, type: string, value: number | undefined): ApiError | undefined => {
    if (NEVER_SHED.test(request.routeOptions.url ?? '')) return undefined;
    request.log.warn({ type, value }, 'under pressure: request shed');
    void reply.status(503).header('Retry-After', String(RETRY_AFTER_SECONDS));
    return errorBody(503, STATUS_MESSAGES[503], { code: 'unavailable' });
  };
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    pressureHandler: shed as unknown as (request: FastifyRequest, reply: FastifyReply, type: string, value: number | undefined) => void,
  });
});
