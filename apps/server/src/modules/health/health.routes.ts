import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { APP_VERSION, ApiErrorSchema, HealthSchema, envelope, type Health } from '@linkup/contract';
import { pingDatabase } from '../../db/database';
import type { AppDeps } from '../../types';

const started = Date.now();

async function pingRedis(redis: NonNullable<AppDeps['redis']>): Promise<boolean> {
  try {
    return (await Promise.race([redis.ping(), new Promise((r) => setTimeout(() => r('timeout'), 1000))])) === 'PONG';
  } catch {
    return false;
  }
}

/** GET /api/health: the database and (when configured) Redis, for load balancers and humans. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', {
    schema: {
      tags: ['health'],
      summary: 'Service health: database and Redis',
      response: { 200: envelope(HealthSchema), 503: ApiErrorSchema.extend({ data: HealthSchema }) },
    },
  }, async (_request, reply) => {
    const { db, dialect, redis } = app.deps;
    const [dbUp, redisUp] = await Promise.all([pingDatabase(db), redis ? pingRedis(redis) : Promise.resolve(null)]);
    const healthy = dbUp && redisUp !== false;
    const data: Health = {
      status: healthy ? 'ok' : 'degraded',
      version: APP_VERSION,
      uptime_seconds: Math.round((Date.now() - started) / 1000),
      checks: {
        database: { status: dbUp ? 'up' : 'down', dialect },
        redis: { status: redisUp === null ? 'not_configured' : redisUp ? 'up' : 'down' },
      },
    };
    reply.header('Cache-Control', 'no-store');
    if (healthy) return { success: true as const, data };
    return reply.status(503).send({
      success: false as const, message: 'Service temporarily unavailable. Please try again later.', status: 503,
      timestamp: new Date().toISOString(), data,
    });
  });
};
