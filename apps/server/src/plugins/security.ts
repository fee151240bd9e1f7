import Fastify, { type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import cors from '@fastify/cors';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';

/**
 * The headers helmet sets for these options, worked out once on a throwaway instance:
 * @fastify/helmet builds helmet anew and parses the content security policy again on every
 * request, about 8% of the CPU of a chat send. The headers depend only on the options.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify();
  let headers: Record<string, string> = {};
  await probe.register(helmet, options);
  probe.addHook('onRequest', async (_request, reply) => {
    headers = Object.fromEntries(Object.entries(reply.raw.getHeaders()).map(([name, value]) => [name, String(value)]));
  });
  probe.get('/', async () => null);
  await probe.inject('/');
  await probe.close();
  return headers;
}

/**
 * The path a request was routed by: its route's (`/api/auth/login` however the URL spelled it —
 * `/%61pi/auth/login` reaches the same route), or for an unknown path its decoded pathname.
 * Decisions about a request are made on this, never on the raw URL.
 */
function routedPath(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  if (route) return route;
  const pathname = request.url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/**
 * Helmet's headers with a CSP the web app passes (inline styles for PrimeReact and react-toastify;
 * sockets on the same origin), CORS for the configured origins (web and the native app's capacitor://),
 * and a per-IP rate limit — kept in Redis when it is configured so every process shares it.
 */
export const securityPlugin = fp(async (app) => {
  const { config, limiterRedis } = app.deps;

  const headers = await helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // Photos may be shown by the native app's webview origin.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  await app.register(cors, {
    origin: config.corsOrigins,
    credentials: false,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'X-Request-Id'],
    exposedHeaders: ['X-Request-Id', 'Retry-After'],
    maxAge: 600,
  });

  // The limits' own connection (lib/redis.ts): while Redis is unreachable or silent a count fails
  // within REDIS_REQUEST_TIMEOUT_MS and the limiter lets the request through (skipOnError)
  // instead of holding it.

  await app.register(rateLimit, {
    global: true,
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.windowMs,
    ...(limiterRedis ? { redis: limiterRedis, nameSpace: `${config.redisKeyPrefix}rl:`, skipOnError: true } : {}),
    // Only the API is limited (by the route it reached, in whatever spelling); the web app's files
    // are static and cached. The per-route limits (AUTH_RATE_LIMIT_MAX, per member) share this.
    allowList: (request) => {
      const path = routedPath(request);
      return !path.startsWith('/api/') || path.startsWith('/api/health');
    },
  });
});
