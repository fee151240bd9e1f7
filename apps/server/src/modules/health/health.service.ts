import { APP_VERSION, type Health, type Liveness, type Readiness } from '@linkup/contract';
import type { Redis } from 'ioredis';
import { pingDatabase, type DatabaseHandle } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { DrainState } from '../../lib/drain';

const REDIS_PING_TIMEOUT_MS = 1000;

async function pingRedis(redis: Redis): Promise<boolean> {
  try {
    const timeout = new Promise((resolve) => setTimeout(() => resolve('timeout'), REDIS_PING_TIMEOUT_MS).unref());
    // When the timeout wins, the ping still fails later (a Redis outage): caught here, or it
    // would be an unhandled rejection, which ends the process.
    const ping = redis.ping();
    ping.catch(() => {});
    return (await Promise.race([ping, timeout])) === 'PONG';
  } catch {
    return false;
  }
}

/**
 * The database and (when configured) Redis, for load balancers and humans; readiness also fails
 * once the process drains (issue 33), liveness only when the process cannot answer at all.
 */
export class HealthService {
  readonly #started: number;

  constructor(
    private readonly database: Pick<DatabaseHandle, 'db' | 'dialect'>,
    private readonly redis: Redis | null,
    private readonly drain: Pick<DrainState, 'draining'>,
    private readonly clock: Clock,
  ) {
    this.#started = clock.now().getTime();
  }

  /** Whole seconds since the service started, by its clock (never below 0 should a test move it back). */
  #uptime(): number {
    return Math.max(0, Math.round((this.clock.now().getTime() - this.#started) / 1000));
  }

  /** Ready for new work: not draining, and the database and Redis answer. */
  async ready(): Promise<Readiness> {
    // Draining answers at once, without a check that might hang: the balancer must stop sending here.
    if (this.drain.draining) return { status: 'draining' };
    const { healthy, health } = await this.check();
    if (this.drain.draining) return { status: 'draining' };
    return { status: healthy ? 'ready' : 'degraded', checks: health.checks };
  }

  /** The process answers: what a liveness probe asks (a restart helps nothing else). */
  live(): Liveness {
    return { status: 'ok', uptime_seconds: this.#uptime() };
  }

  async check(): Promise<{ healthy: boolean; health: Health }> {
    const { db, dialect } = this.database;
    const [dbUp, redisUp] = await Promise.all([pingDatabase(db), this.redis ? pingRedis(this.redis) : Promise.resolve(null)]);
    return {
      healthy: dbUp && redisUp !== false,
      health: {
        status: dbUp && redisUp !== false ? 'ok' : 'degraded',
        version: APP_VERSION,
        uptime_seconds: this.#uptime(),
        checks: {
          database: { status: dbUp ? 'up' : 'down', dialect },
          redis: { status: redisUp === null ? 'not_configured' : redisUp ? 'up' : 'down' },
        },
      },
    };
  }
}
