import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../lib/http-errors';
import type { AuthenticatedMember } from '../modules/auth/auth.service';
import { bearerToken } from '../modules/auth/tokens';

/**
 * Bearer-token sessions: `app.authenticate` as a preHandler puts the member on
 * `request.member` or answers 401 (which the client treats as "log out").
 */
export const authPlugin = fp(async (app) => {
  app.decorateRequest('member', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    const member = token ? await app.deps.auth.authenticate(token) : null;
    if (!member) throw unauthorized();
    request.member = member;
  });
});

/** The signed-in member of a route guarded by `app.authenticate`. */
export function currentMember(request: FastifyRequest): AuthenticatedMember {
  if (!request.member) throw unauthorized();
  return request.member;
}
