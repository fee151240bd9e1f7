import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { STATUS_MESSAGES } from '@linkup/contract';
import type { Jobs } from '../adapters/jobs/jobs';
import type { DatabaseHandle } from '../db/database';
import { errorBody } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** What other plugins count for /metrics (issue 33). */
    metrics: { messageSent(): void; socketsConnected(count: () => number): void };
  }
}

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * GET /metrics in Prometheus format (issue 33, prom-client), only with `Authorization: Bearer
 * $METRICS_TOKEN` (unset: no route): request latency per route, sockets connected, chat messages
 * sent (messages per second is its rate), the PostgreSQL pool's use and row-change listener, jobs queued and each job
 * attempt's outcome, and Node's own metrics (event-loop lag among them). One registry per app, so
 * tests' apps never share counts.
 */
export const metricsPlugin = fp<{ database: Pick<DatabaseHandle, 'poolUse' | 'rowChanges'>; jobs: Pick<Jobs, 'counts' | 'observe'> }>(async (app, { database, jobs }) => {
  const register = new Registry();
  collectDefaultMetrics({ register, prefix: 'linkup_' });
  const latency = new Histogram({
    name: 'linkup_http_request_duration_seconds', help: 'HTTP request latency by route', registers: [register],
    labelNames: ['method', 'route', 'status'], buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  });
  const messages = new Counter({ name: 'linkup_chat_messages_sent_total', help: 'Chat messages stored and acknowledged', registers: [register] });
  let sockets: () => number = () => 0;
  new Gauge({
    name: 'linkup_sockets_connected', help: 'Socket.IO connections open on this process', registers: [register],
    collect() {
      this.set(sockets());
    },
  });
  if (database.poolUse) {
    const poolUse = database.poolUse;
    new Gauge({
      name: 'linkup_db_pool_connections', help: 'PostgreSQL pool connections by state', labelNames: ['state'], registers: [register],
      collect() {
        const use = poolUse();
        this.set({ state: 'total' }, use.total);
        this.set({ state: 'idle' }, use.idle);
        this.set({ state: 'waiting' }, use.waiting);
      },
    });
  }

  if (database.rowChanges) {
    const rowChanges = database.rowChanges;
    // Kept reads (discover, profiles, sessions, summaries) are on only while this listens (docs/operations.md).
    new Gauge({
      name: 'linkup_row_changes_listening', help: 'Whether this process hears PostgreSQL row changes (1), so its kept reads are on', registers: [register],
      collect() {
        this.set(rowChanges().listening ? 1 : 0);
      },
    });
    new Counter({
      name: 'linkup_row_changes_lost_total', help: 'Times the row-change listener stopped (kept reads forgotten until it listens again)', registers: [register],
      collect() {
        this.reset();
        this.inc(rowChanges().losses);
      },
    });
  }

  const jobRuns = new Counter({
    name: 'linkup_job_runs_total', help: 'Job attempts this process ran, by job and outcome (completed, retrying, failed: out of attempts)',
    labelNames: ['name', 'outcome'], registers: [register],
  });
  jobs.observe(({ name, outcome }) => jobRuns.inc({ name, outcome }));
  new Gauge({
    name: 'linkup_jobs_queued', help: 'Jobs by state: the whole queue on BullMQ, this process in-process; failed = kept for `jobs failed`',
    labelNames: ['state'], registers: [register],
    async collect() {
      const counts = await jobs.counts().catch(() => null);
      if (!counts) return;
      for (const [state, count] of Object.entries(counts)) this.set({ state }, count);
    },
  });

  app.decorate('metrics', {
    messageSent: () => messages.inc(),
    socketsConnected: (count: () => number) => {
      sockets = count;
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    // Unmatched paths (404s, scans) would each be a series of their own.
    latency.observe({ method: request.method, route: route ?? 'unmatched', status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    if (route === '/api/chat/messages' && request.method === 'POST' && reply.statusCode < 300) messages.inc();
  });

  const token = app.deps.config.metricsToken;
  if (!token) return;
  app.get('/metrics', { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Bearer ') || !sameToken(header.slice(7), token)) {
      return reply.status(401).send(errorBody(401, STATUS_MESSAGES[401]));
    }
    return reply.header('Content-Type', register.contentType).header('Cache-Control', 'no-store').send(await register.metrics());
  });
});
