import { createHmac } from 'node:crypto';
import type { Redis } from 'ioredis';
import { systemClock, type Clock } from './clock';
import type { CountingExecutor, LimitCountersRepository } from './limit-counters.repository';

/**
 * The one limiter primitive (docs/decisions.md, "The limiter primitive"): every "at most N uses
 * of something in a while" counts here, atomically, *before* the work it limits — take first,
 * refuse when over, then work — so parallel requests cannot all pass a check made before any of
 * them was counted. A window begins at a key's first use and lasts `windowMs`.
 *
 * Stores: `DatabaseLimiter` (table `limit_counters`, one upsert a use; in the work's own
 * transaction when given one) and `RedisLimiter` (INCR with expiry) when REDIS_URL is set;
 * `MemoryLimiter` counts in this process only (sockets without Redis, and tests).
 */
export interface Limiter {
  /**
   * Counts one use of `key`; false once more than `max` uses were counted in its window (the
   * refused use counts too, unless its transaction rolls back). `within`: the transaction of the
   * work, so the count commits or rolls back with it and parallel takers of the key wait for it
   * (always counted in the database).
   */
  take(key: string, max: number, windowMs: number, within?: CountingExecutor): Promise<boolean>;
  /** Like `take`, also telling when the key's window ends (when an allowance comes back). */
  use(key: string, max: number, windowMs: number, within?: CountingExecutor): Promise<LimitUse>;
  /** Takes one use of `key` back (e.g. a sign-in that succeeded gives back its attempt). */
  giveBack(key: string, windowMs: number): Promise<void>;
  /** Forgets every use of `key` in its window. */
  reset(key: string, windowMs: number): Promise<void>;
  /** Forgets windows that have ended (the database store's rows; Redis expires its own). */
  prune(): Promise<void>;
}

export interface LimitUse {
  allowed: boolean;
  /** When the window that counted this use ends (ISO). */
  resetsAt: string;
}

/** A key is counted per window length, so one name used with two windows never shares a count. */
const windowKey = (key: string, windowMs: number) => `${key}@${windowMs}`;

/**
 * What a shared store keeps of a key: an HMAC under the app's secret, so a counter names no
 * member (keys hold ids, e-mail addresses, numbers and addresses) — a deleted account leaves
 * nothing in the database or Redis to find, and counters expire.
 */
const storedKey = (key: string, windowMs: number, secret: string) =>
  createHmac('sha256', secret).update(windowKey(key, windowMs)).digest('base64url');

const SWEEP_ABOVE = 10_000;

/** Counts in this process: for one process (sockets without Redis) and for tests. */
export class MemoryLimiter implements Limiter {
  readonly #windows = new Map<string, { endsAt: number; used: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async take(key: string, max: number, windowMs: number): Promise<boolean> {
    return (await this.use(key, max, windowMs)).allowed;
  }

  async use(key: string, max: number, windowMs: number): Promise<LimitUse> {
    const now = this.now();
    const k = windowKey(key, windowMs);
    let window = this.#windows.get(k);
    if (!window || now >= window.endsAt) {
      if (this.#windows.size > SWEEP_ABOVE) await this.prune();
      window = { endsAt: now + windowMs, used: 0 };
      this.#windows.set(k, window);
    }
    window.used += 1;
    return { allowed: window.used <= max, resetsAt: new Date(window.endsAt).toISOString() };
  }

  async giveBack(key: string, windowMs: number): Promise<void> {
    const window = this.#windows.get(windowKey(key, windowMs));
    if (window && this.now() < window.endsAt && window.used > 0) window.used -= 1;
  }

  async reset(key: string, windowMs: number): Promise<void> {
    this.#windows.delete(windowKey(key, windowMs));
  }

  async prune(): Promise<void> {
    const now = this.now();
    for (const [key, window] of this.#windows) if (now >= window.endsAt) this.#windows.delete(key);
  }
}

/**
 * Counts in the database (`limit_counters`): one atomic upsert a use, shared by every process on
 * the database, and — given the work's transaction — committed or rolled back with the work.
 */
export class DatabaseLimiter implements Limiter {
  constructor(
    private readonly counters: LimitCountersRepository,
    private readonly clock: Clock = systemClock,
    private readonly secret = '',
  ) {}

  async take(key: string, max: number, windowMs: number, within?: CountingExecutor): Promise<boolean> {
    return (await this.use(key, max, windowMs, within)).allowed;
  }

  async use(key: string, max: number, windowMs: number, within?: CountingExecutor): Promise<LimitUse> {
    const now = this.clock.now();
    const { count, expiresAt } = await this.counters.increment(
      storedKey(key, windowMs, this.secret), now.toISOString(), new Date(now.getTime() + windowMs).toISOString(), within,
    );
    return { allowed: count <= max, resetsAt: expiresAt };
  }

  async giveBack(key: string, windowMs: number): Promise<void> {
    await this.counters.decrement(storedKey(key, windowMs, this.secret), this.clock.now().toISOString());
  }

  async reset(key: string, windowMs: number): Promise<void> {
    await this.counters.remove(storedKey(key, windowMs, this.secret));
  }

  async prune(): Promise<void> {
    await this.counters.prune(this.clock.now().toISOString());
  }
}

/** Gives a use back only while its window lives, and never below zero. */
const GIVE_BACK = `local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

export interface RedisLimiterOptions {
  /** Prepended to every key (REDIS_KEY_PREFIX + `limit:`). */
  prefix?: string;
  /** Counts while Redis fails, and every count given a transaction. In this process by default. */
  fallback?: Limiter;
  clock?: Clock;
  /** The key of the keys' HMAC (the app's secret). */
  secret?: string;
}

/**
 * Counts in Redis: a key's first use creates it with the window's expiry (SET NX PX) and every use
 * is an INCR, in one MULTI, so all processes share one count. A count given a transaction is the
 * fallback's (the database's), to commit with the work. If Redis fails the fallback counts (like
 * the HTTP limit, which skips on error), so an outage never lets every request through unchecked.
 */
export class RedisLimiter implements Limiter {
  readonly #fallback: Limiter;
  readonly #prefix: string;
  readonly #clock: Clock;
  readonly #secret: string;

  constructor(
    private readonly redis: Redis,
    private readonly onError: (err: unknown) => void,
    options: RedisLimiterOptions = {},
  ) {
    this.#prefix = options.prefix ?? 'linkup:limit:';
    this.#fallback = options.fallback ?? new MemoryLimiter();
    this.#clock = options.clock ?? systemClock;
    this.#secret = options.secret ?? '';
  }

  async take(key: string, max: number, windowMs: number, within?: CountingExecutor): Promise<boolean> {
    return (await this.use(key, max, windowMs, within)).allowed;
  }

  async use(key: string, max: number, windowMs: number, within?: CountingExecutor): Promise<LimitUse> {
    if (within) return this.#fallback.use(key, max, windowMs, within);
    const redisKey = this.#key(key, windowMs);
    try {
      const results = await this.redis.multi().set(redisKey, 0, 'PX', windowMs, 'NX').incr(redisKey).pttl(redisKey).exec();
      const [incrError, count] = results?.[1] ?? [new Error('no answer'), 0];
      if (incrError) throw incrError;
      const ttl = Number(results?.[2]?.[1] ?? windowMs);
      const resetsAt = new Date(this.#clock.now().getTime() + (ttl > 0 ? ttl : windowMs)).toISOString();
      return { allowed: Number(count) <= max, resetsAt };
    } catch (err) {
      this.onError(err);
      return this.#fallback.use(key, max, windowMs);
    }
  }

  async giveBack(key: string, windowMs: number): Promise<void> {
    try {
      await this.redis.eval(GIVE_BACK, 1, this.#key(key, windowMs));
    } catch (err) {
      this.onError(err);
      await this.#fallback.giveBack(key, windowMs);
    }
  }

  async reset(key: string, windowMs: number): Promise<void> {
    try {
      await this.redis.del(this.#key(key, windowMs));
    } catch (err) {
      this.onError(err);
    }
    await this.#fallback.reset(key, windowMs);
  }

  async prune(): Promise<void> {
    await this.#fallback.prune();
  }

  #key(key: string, windowMs: number): string {
    return `${this.#prefix}${storedKey(key, windowMs, this.#secret)}`;
  }
}
