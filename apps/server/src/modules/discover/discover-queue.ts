import { createHash } from 'node:crypto';
import type { DiscoverQuery } from '@linkup/contract';
import type { Redis } from 'ioredis';
import type { Candidate, Viewer } from './discover-ranking';
import { requestPathRedis } from '../../lib/redis';

/** What a card needs of a ranked candidate (the rest of the ranking is not kept). */
export type QueuedCandidate = Pick<Candidate, 'id' | 'boosted' | 'compatibility' | 'reasons' | 'sharedInterestIds'>;

/**
 * A member's ranked discover candidates, built once by the direct query (DiscoverRepository.window
 * + rankCandidates) and served page after page. `key` says what it was built for (the viewer's
 * own fields, preferences and interests, the page's filters, the boosts running, how many of
 * their passes have come back): a request with another key rebuilds it, so a change of
 * preferences, location or boosts is seen at once. Whoever leaves the pool (swiped, blocked,
 * hidden, no longer fitting) is dropped when served; whoever joins it otherwise (a new member, an
 * unblock, changed preferences of someone else) enters with the next rebuild, at most
 * QUEUE_MAX_AGE_MS later.
 */
export interface DiscoverQueue {
  key: string;
  builtAt: number;
  /** How many recent fits the window held (a deeper page needs a larger one). */
  window: number;
  exhausted: boolean;
  ranked: QueuedCandidate[];
}

/** Where queues are kept: this process's memory, or Redis shared by every process. */
export interface DiscoverQueueStore {
  get(userId: string): Promise<DiscoverQueue | null>;
  set(userId: string, queue: DiscoverQueue): Promise<void>;
  /** Forgets a member's queue (their next page rebuilds it). */
  drop(userId: string): Promise<void>;
  close(): Promise<void>;
}

/** A queue rebuilds (in the background, the old one still serving) after this long. */
export const QUEUE_MAX_AGE_MS = 5 * 60_000;

/** What a queue is valid for: everything a direct query reads of the viewer and the request, but the page. */
export function queueKey(viewer: Viewer, query: DiscoverQuery, inputs: { boosts: readonly string[]; resurfaced: number }): string {
  const { page: _page, per_page: _perPage, ...filters } = query;
  const { interestIds, preferences, ...fields } = viewer;
  const { strict, ...values } = preferences;
  return createHash('sha1')
    .update(JSON.stringify([fields, [...interestIds].sort(), values, [...strict].sort(), filters, inputs.boosts, inputs.resurfaced]))
    .digest('base64url');
}

/** Queues in this process, the least recently used dropped beyond `capacity` members. */
export class MemoryQueueStore implements DiscoverQueueStore {
  readonly #queues = new Map<string, DiscoverQueue>();

  constructor(private readonly capacity = 10_000) {}

  async get(userId: string): Promise<DiscoverQueue | null> {
    const queue = this.#queues.get(userId);
    if (!queue) return null;
    this.#queues.delete(userId);
    this.#queues.set(userId, queue);
    return queue;
  }

  async set(userId: string, queue: DiscoverQueue): Promise<void> {
    this.#queues.delete(userId);
    this.#queues.set(userId, queue);
    if (this.#queues.size > this.capacity) this.#queues.delete(this.#queues.keys().next().value!);
  }

  async drop(userId: string): Promise<void> {
    this.#queues.delete(userId);
  }

  async close(): Promise<void> {
    this.#queues.clear();
  }
}

/**
 * Queues in Redis (JSON, expiring with their age limit), shared by every process. On its own
 * request-path connection (lib/redis.ts): while Redis is unreachable or silent a read fails within
 * REDIS_REQUEST_TIMEOUT_MS and discover answers from the direct query (`onError` is told).
 */
export class RedisQueueStore implements DiscoverQueueStore {
  readonly #redis: Redis;

  constructor(redis: Redis, private readonly prefix: string, private readonly onError: (err: unknown) => void) {
    this.#redis = requestPathRedis(redis);
  }

  async get(userId: string): Promise<DiscoverQueue | null> {
    try {
      const raw = await this.#redis.get(this.#key(userId));
      return raw ? (JSON.parse(raw) as DiscoverQueue) : null;
    } catch (err) {
      this.onError(err);
      return null;
    }
  }

  async set(userId: string, queue: DiscoverQueue): Promise<void> {
    try {
      await this.#redis.set(this.#key(userId), JSON.stringify(queue), 'PX', 2 * QUEUE_MAX_AGE_MS);
    } catch (err) {
      this.onError(err);
    }
  }

  async drop(userId: string): Promise<void> {
    try {
      await this.#redis.del(this.#key(userId));
    } catch (err) {
      this.onError(err);
    }
  }

  async close(): Promise<void> {
    await this.#redis.quit().catch(() => this.#redis.disconnect());
  }

  #key(userId: string): string {
    return `${this.prefix}discover:${userId}`;
  }
}
