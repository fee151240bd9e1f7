import type { Redis } from 'ioredis';

/** How long a request waits on Redis before going on without it. */
export const REDIS_REQUEST_TIMEOUT_MS = 500;

/**
 * A connection for what a request waits on (rate limits, member limits, the discover queue).
 * Without an offline queue a command fails at once while Redis is unreachable, and with a command
 * timeout it also fails when Redis accepts the connection but does not answer (overloaded, paused,
 * a half-open link): the caller goes on without Redis instead of holding the request.
 */
export function requestPathRedis(redis: Redis): Redis {
  const connection = redis.duplicate({ enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: REDIS_REQUEST_TIMEOUT_MS });
  connection.on('error', () => {});
  return connection;
}
