import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config';
import { createDatabase, type DatabaseHandle } from './db/database';
import { rowChangesStarted } from './db/row-changes';
import { Outbox } from './adapters/outbox/outbox.repository';
import { selectMail, selectStorage, selectWhatsApp } from './adapters/select';
import { systemClock, type Clock } from './lib/clock';
import { DrainState } from './lib/drain';
import { MemoryLimiter, RedisLimiter } from './lib/limiter';
import { keepPeerAddresses } from './lib/peer-address';
import { requestPathRedis } from './lib/redis';
import { accountRoutes } from './modules/account/account.routes';
import { appLinksRoutes } from './modules/app-links/app-links.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { chatRoutes } from './modules/chat/chat.routes';
import { devApiRoutes, devPageRoutes } from './modules/dev/dev.routes';
import { devicesRoutes } from './modules/devices/devices.routes';
import { discoverRoutes } from './modules/discover/discover.routes';
import { healthRoutes } from './modules/health/health.routes';
import { feedRoutes } from './modules/feed/feed.routes';
import { helpRoutes } from './modules/help/help.routes';
import { matchesRoutes } from './modules/matches/matches.routes';
import { membersRoutes } from './modules/members/members.routes';
import { moderationRoutes, standingRoutes } from './modules/moderation/moderation.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes';
import { preferencesRoutes } from './modules/preferences/preferences.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { safetyRoutes } from './modules/safety/safety.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { sandboxCheckoutRoutes } from './modules/subscriptions/sandbox-checkout.routes';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes';
import { verificationRoutes } from './modules/verification/verification.routes';
import { authPlugin } from './plugins/auth';
import { cacheControlPlugin } from './plugins/cache-control';
import { compressionPlugin } from './plugins/compression';
import { docsPlugin } from './plugins/docs';
import { realtimePlugin } from './plugins/realtime';
import { errorsPlugin } from './plugins/errors';
import { loadSheddingPlugin } from './plugins/load-shedding';
import { metricsPlugin } from './plugins/metrics';
import { mediaPlugin } from './plugins/media';
import { securityPlugin } from './plugins/security';
import { staticPlugin } from './plugins/static';
import { buildServices } from './services';
import type { AppDeps } from './types';

export interface BuildAppOptions {
  config: Config;
  /** An open database (tests pass one they migrated); otherwise opened from config and closed with the app. */
  database?: DatabaseHandle;
  /** The time services count days by; tests pass one they can move. */
  clock?: Clock;
}

const REQUEST_ID = /^[A-Za-z0-9_.:-]{8,64}$/;
/** Query parameters that carry secrets (reset and verification links) never reach the logs. */
const SECRET_QUERY = /([?&](?:token|otp|code|password)=)[^&]*/gi;

function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization', 'req.headers.cookie', 'headers.authorization',
        '*.password', '*.password_confirmation', '*.token', '*.otp', '*.code',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req) => ({
        method: req.method,
        url: String(req.url).replace(SECRET_QUERY, '$1[redacted]'),
        remoteAddress: req.ip,
      }),
    },
  };
}

/**
 * Builds the whole product as one Fastify app without listening: tests use `app.inject`,
 * main.ts listens. Plugins load in order: infrastructure → auth → routes → static files.
 */
export async function buildApp({ config, database, clock = systemClock }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();
  keepPeerAddresses(app.server);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const handle = database ?? createDatabase({
    databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: config.databasePoolMax,
  });
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false })
    : null;
  redis?.on('error', (err) => app.log.warn({ err: err.message }, 'redis error'));
  const limiterRedis = redis ? requestPathRedis(redis) : null;

  const outbox = config.isProduction ? null : new Outbox(handle.db, clock);
  const stores = selectStorage(config);
  const deps: AppDeps = {
    config,
    db: handle.db,
    dialect: handle.dialect,
    redis,
    limiterRedis,
    outbox,
    mail: selectMail(config, outbox),
    whatsapp: selectWhatsApp(config, outbox),
    storage: stores.photos,
    selfies: stores.selfies,
    drain: new DrainState(),
    clock,
    limiter: limiterRedis ? new RedisLimiter(limiterRedis, (err) => app.log.warn({ err }, 'redis limiter failed; counting in this process')) : new MemoryLimiter(),
  };
  app.decorate('deps', deps);
  const services = buildServices({ ...deps, database: handle, realtime: () => app.realtime, log: app.log });
  app.decorate('services', services);

  // Jobs and schedules (collapsed pushes, reminders, the sweep: services.ts) run once the app is ready.
  app.addHook('onReady', async () => {
    // Nothing is served while the row-change triggers are being made (their table locks and a write could deadlock).
    await rowChangesStarted(handle.db);
    await services.jobs.start();
  });
  app.addHook('onClose', async () => {
    // The drain: no more jobs taken here, the running ones finish (a waiting retry stays queued in Redis).
    await services.jobs.close();
    services.pushes.close();
    // Deliveries still under way (a message's notification, started without waiting) finish
    // before the database closes; waiting push retries were just let go (a running process resumes them).
    await services.notifications.settled();
    await services.discoverQueues?.close();
    if (limiterRedis) await limiterRedis.quit().catch(() => limiterRedis.disconnect());
    if (redis) await redis.quit().catch(() => redis.disconnect());
    if (!database) await handle.close();
    stores.close();
  });

  await app.register(errorsPlugin);
  await app.register(loadSheddingPlugin);
  await app.register(metricsPlugin, { database: handle, jobs: services.jobs });
  await app.register(cacheControlPlugin);
  await app.register(securityPlugin);
  await app.register(compressionPlugin);
  await app.register(docsPlugin);
  await app.register(authPlugin);
  await app.register(realtimePlugin);

  await app.register(async (api) => {
    await api.register(healthRoutes);
    await api.register(authRoutes);
    await api.register(chatRoutes);
    await api.register(profileRoutes);
    await api.register(preferencesRoutes);
    await api.register(onboardingRoutes);
    await api.register(membersRoutes);
    await api.register(safetyRoutes);
    await api.register(moderationRoutes);
    await api.register(standingRoutes);
    await api.register(verificationRoutes);
    await api.register(settingsRoutes);
    await api.register(accountRoutes);
    await api.register(helpRoutes);
    await api.register(devicesRoutes);
    await api.register(discoverRoutes);
    await api.register(matchesRoutes);
    await api.register(notificationsRoutes);
    await api.register(feedRoutes);
    await api.register(subscriptionsRoutes);
    if (!config.isProduction) await api.register(devApiRoutes);
  }, { prefix: '/api' });
  if (!config.isProduction) await app.register(devPageRoutes);
  if (!config.isProduction) await app.register(sandboxCheckoutRoutes);
  await app.register(mediaPlugin, { storage: deps.storage });
  await app.register(appLinksRoutes);

  await app.register(staticPlugin);
  return app;
}
