import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DiscoverPageSchema, DiscoverQuerySchema, envelope } from '@linkup/contract';
import { compiledSerializer } from '../../lib/compiled-serializer';
import { currentMember, bearerAuth } from '../../lib/routes';

/** Tagged with matching's routes (spec §7 "Matches"), where discover stands in the API. */
const secured = bearerAuth('matches');

/** Spec §7 "Matches": people to discover. */
export const discoverRoutes: FastifyPluginAsyncZod = async (app) => {
  const { discover } = app.services;
  app.addHook('onRequest', app.authenticate);

  app.get('/matches/discover', {
    schema: { ...secured, summary: 'People to discover, best fits first', querystring: DiscoverQuerySchema, response: { 200: envelope(DiscoverPageSchema) } },
    serializerCompiler: compiledSerializer,
  }, async (request) => ({ success: true as const, data: await discover.discover(currentMember(request).user.id, request.query) }));
};
