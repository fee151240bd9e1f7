import type { Redis } from 'ioredis';

/**
 * Counts uses of a key (a member, an address) in fixed windows. With REDIS_URL every server
 * process counts in Redis, so a member's allowance is one however many processes and sessions
 * they use; without it the count is this process's.
 */
export interface Limiter {
  /** Counts one use of `key`; false once more than `max` uses were counted in the current window. */
  take(key: string, max: number, windowMs: number): Promise<boolean>;
}

const SWEEP_ABOVE = 10_000;

export class MemoryLimiter implements Limiter {
  readonly #windows = new Map<string, { startedAt: number; used: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async take(key: string, max: number, windowMs: number): Promise<boolean> {
    const now = this.now();
    let window = this.#windows.get(key);
    if (!window || now - window.startedAt >= windowMs) {
      if (this.#windows.size > SWEEP_ABOVE) this.#sweep(now, windowMs);
      window = { startedAt: now, used: 0 };
      this.#windows.set(key, window);
    }
    window.used += 1;
    return window.used <= max;
  }

  #sweep(now: number, windowMs: number): void {
    for (const [key, window] of this.#windows) if (now - window.startedAt >= windowMs) this.#windows.delete(key);
  }
}

/**
 * Counts in Redis: one INCR per use on a key of the current window, which expires with it. If
 * Redis fails the count falls back to this process's (like the HTTP limit, which skips on error).
 */
export class RedisLimiter implements Limiter {
  readonly #fallback = new MemoryLimiter();

  constructor(
    private readonly redis: Redis,
    private readonly onError: (err: unknown) => void,
    private readonly prefix = 'linkup:limit:',
  ) {}

  async take(key: string, max: number, windowMs: number): Promise<boolean> {
    const window = Math.floor(Date.now() / windowMs);
    const redisKey = `${this.prefix}${key}:${windowMs}:${window}`;
    try {
      const results = await this.redis.multi().incr(redisKey).pexpire(redisKey, windowMs).exec();
      const [error, count] = results?.[0] ?? [new Error('no answer'), 0];
      if (error) throw error;
      return Number(count) <= max;
    } catch (err) {
      this.onError(err);
      return this.#fallback.take(key, max, windowMs);
    }
  }
}
