/**
 * Retry helper (spec §7, §9): the first try and up to RETRY_POLICY.retries retries, waiting
 * baseDelay × the retry's number before each — 1 s, 2 s, then 3 s (issue 32). Only failures a later try can
 * fix are retried: network errors (status 0) and server errors (5xx). Auth (401/403), validation
 * (400/422) and other 4xx answers (404, 409, 429, …) are returned at once — repeating the same
 * request cannot change them, and retrying a 429 would only deepen the rate limit.
 */
import { NETWORK_ERROR_STATUS, RETRY_POLICY } from '@linkup/contract';
import { isApiClientError } from '@/lib/api-client';

export function isRetryableError(error: unknown): boolean {
  if (!isApiClientError(error)) return false;
  return error.status === NETWORK_ERROR_STATUS || error.status >= 500;
}

/** Wait before a retry, given its number (1-based: the try that just failed). */
export const retryDelayMs = (retry: number) => RETRY_POLICY.baseDelayMs * retry;

export interface RetryOptions {
  /** Retries after the first try. */
  retries?: number;
  shouldRetry?: (error: unknown) => boolean;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function withRetry<T>(task: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { retries = RETRY_POLICY.retries, shouldRetry = isRetryableError, sleep = defaultSleep } = options;
  for (let attempt = 1; ; attempt++) {
    try {
      return await task();
    } catch (error) {
      if (attempt > retries || !shouldRetry(error)) throw error;
      await sleep(retryDelayMs(attempt));
    }
  }
}
