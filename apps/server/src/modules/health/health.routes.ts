import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema, HealthSchema, STATUS_MESSAGES, envelope } from '@linkup/contract';

/** GET /api/health: the database and (when configured) Redis, for load balancers and humans. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { health } = app.services;

  app.get('/health', {
    schema: {
      tags: ['health'],
      summary: 'Service health: database and Redis',
      response: { 200: envelope(HealthSchema), 503: ApiErrorSchema.extend({ data: HealthSchema }) },
    },
  }, async (_request, reply) => {
    const { healthy, health: data } = await health.check();
    reply.header('Cache-Control', 'no-store');
    if (healthy) return { success: true as const, data };
    return reply.status(503).send({
      success: false as const, message: STATUS_MESSAGES[503], status: 503, code: 'unavailable' as const, timestamp: new Date().toISOString(), data,
    });
  });
};
