/**
 * Retry helper (spec §7, §9): up to RETRY_POLICY.attempts tries, waiting baseDelay × attempt number
 * between them — 1 s after the first failure, 2 s after the second. Only failures a later try can
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

/** Wait before the next try, given the number of the try that just failed (1-based). */
export const retryDelayMs = (failedAttempt: number) => RETRY_POLICY.baseDelayMs * failedAttempt;

export interface RetryOptions {
  attempts?: number;
  shouldRetry?: (error: unknown) => boolean;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function withRetry<T>(task: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { attempts = RETRY_POLICY.attempts, shouldRetry = isRetryableError, sleep = defaultSleep } = options;
  for (let attempt = 1; ; attempt++) {
    try {
      return await task();
    } catch (error) {
      if (attempt >= attempts || !shouldRetry(error)) throw error;
      await sleep(retryDelayMs(attempt));
    }
  }
}
