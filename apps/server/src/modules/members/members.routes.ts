import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { PublicProfileSchema, envelope } from '@linkup/contract';
import { z } from 'zod';
import { currentMember } from '../../plugins/auth';
import { hashToken } from '../auth/tokens';
import { MembersRepository } from './members.repository';
import { MembersService } from './members.service';

const memberKey = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  return header ? `member:${hashToken(header)}` : `ip:${request.ip}`;
};
const IdParams = z.object({ id: z.string().min(1).max(64) });
const secured = { security: [{ bearer: [] }], tags: ['members'] };

/** Another member's profile (`GET /users/{id}`): what anyone may see, never contact details. */
export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.deps;
  const members = new MembersService(new MembersRepository(db), db, storage);
  app.addHook('onRequest', app.authenticate);

  app.get('/users/:id', {
    schema: { ...secured, summary: "Another member's profile (records a profile visit)", params: IdParams, response: { 200: envelope(PublicProfileSchema) } },
    // Per member: browsing is fine, walking through every profile is not.
    config: { rateLimit: { max: 120, timeWindow: 60_000, keyGenerator: memberKey } },
  }, async (request) => ({ success: true as const, data: await members.view(currentMember(request).user.id, request.params.id) }));
};
