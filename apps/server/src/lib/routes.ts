import type { FastifyRequest } from 'fastify';
import { IdSchema } from '@linkup/contract';
import { z } from 'zod';
import { unauthorized } from './http-errors';
import type { AuthenticatedMember, ClientMeta } from './session';

/** `:id` path parameters: an opaque id of a member, room, message, match or photo. */
export const IdParams = z.object({ id: IdSchema });

/** The OpenAPI options of a route that needs a signed-in member, under a tag. */
export const bearerAuth = (tag: string) => ({ security: [{ bearer: [] }], tags: [tag] });

/** The signed-in member of a route guarded by `app.authenticate`. */
export function currentMember(request: FastifyRequest): AuthenticatedMember {
  if (!request.member) throw unauthorized();
  return request.member;
}

export const clientMeta = (request: FastifyRequest): ClientMeta => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });

/**
 * The key of every per-member limit: the member id of the verified session, so all sessions of
 * one member share one allowance (and all processes, with REDIS_URL). A route's limit runs after
 * its plugin's `app.authenticate` hook; the address is only a fallback for a route without one.
 */
export const memberKey = (request: FastifyRequest): string => (request.member ? `member:${request.member.user.id}` : `ip:${request.ip}`);

/** A per-member rate limit of `max` calls in `windowMs` (a minute unless said), for a route's `config`. */
export const perMember = (max: number, windowMs = 60_000) => ({ rateLimit: { max, timeWindow: windowMs, keyGenerator: memberKey } });
