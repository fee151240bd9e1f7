import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema, HealthSchema, LivenessSchema, ReadinessSchema, STATUS_MESSAGES, envelope } from '@linkup/contract';

const unavailable = () => ({
  success: false as const, message: STATUS_MESSAGES[503], status: 503, code: 'unavailable' as const, timestamp: new Date().toISOString(),
});

/**
 * GET /api/health: the database and (when configured) Redis, for humans and simple balancers;
 * /api/health/live and /api/health/ready for orchestrators and HAProxy (issue 33).
 */
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
    return reply.status(503).send({ ...unavailable(), data });
  });

  app.get('/health/live', {
    schema: {
      tags: ['health'],
      summary: 'Liveness: the process answers (restart it when this fails)',
      response: { 200: envelope(LivenessSchema) },
    },
  }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { success: true as const, data: health.live() };
  });

  app.get('/health/ready', {
    schema: {
      tags: ['health'],
      summary: 'Readiness: database and Redis reachable and not draining (send new work here)',
      response: { 200: envelope(ReadinessSchema), 503: ApiErrorSchema.extend({ data: ReadinessSchema }) },
    },
  }, async (_request, reply) => {
    const data = await health.ready();
    reply.header('Cache-Control', 'no-store');
    if (data.status === 'ready') return { success: true as const, data };
    return reply.status(503).send({ ...unavailable(), data });
  });
};
