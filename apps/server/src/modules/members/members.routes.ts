import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PublicProfileSchema, envelope } from '@linkup/contract';
import { IdParams, currentMember, perMember, bearerAuth } from '../../lib/routes';

const secured = bearerAuth('members');

/** Another member's profile (`GET /users/{id}`): what anyone may see, never contact details. */
export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { members } = app.services;
  app.addHook('onRequest', app.authenticate);

  app.get('/users/:id', {
    schema: { ...secured, summary: "Another member's profile (records a profile visit)", params: IdParams, response: { 200: envelope(PublicProfileSchema) } },
    // Per member: browsing is fine, walking through every profile is not.
    config: perMember(120),
  }, async (request) => ({ success: true as const, data: await members.view(currentMember(request).user.id, request.params.id) }));
};
