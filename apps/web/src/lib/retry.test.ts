import { RETRY_POLICY } from '@linkup/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClientError } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { isRetryableError, retryDelayMs, withRetry } from '@/lib/retry';

const apiError = (status: number) => new ApiClientError({ status, message: `status ${status}` });

describe('withRetry', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('retries 3 times, waiting 1 s, 2 s and 3 s (spec §7), and then gives up with the last error', async () => {
    const task = vi.fn(() => Promise.reject(apiError(503)));
    const result = withRetry(task).catch((e: unknown) => e);

    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(task).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(task).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(4);

    await vi.advanceTimersByTimeAsync(10_000);
    expect(task).toHaveBeenCalledTimes(1 + RETRY_POLICY.retries);
    expect(await result).toMatchObject({ status: 503 });
  });

  it('returns the first success', async () => {
    const task = vi.fn().mockRejectedValueOnce(apiError(0)).mockResolvedValueOnce('ok');
    const result = withRetry(task);
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(result).resolves.toBe('ok');
    expect(task).toHaveBeenCalledTimes(2);
  });

  it.each([400, 401, 403, 404, 409, 422, 429])('never retries a %i', async (status) => {
    const task = vi.fn(() => Promise.reject(apiError(status)));
    const result = withRetry(task).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(task).toHaveBeenCalledTimes(1);
    expect(await result).toMatchObject({ status });
  });

  it('does not retry errors that are not API errors', async () => {
    const task = vi.fn(() => Promise.reject(new Error('bug')));
    await expect(withRetry(task)).rejects.toThrow('bug');
    expect(task).toHaveBeenCalledTimes(1);
  });
});

describe('retry policy', () => {
  it('retries only network errors and 5xx', () => {
    expect(isRetryableError(apiError(0))).toBe(true);
    expect(isRetryableError(apiError(500))).toBe(true);
    expect(isRetryableError(apiError(503))).toBe(true);
    expect(isRetryableError(apiError(401))).toBe(false);
    expect(isRetryableError(apiError(422))).toBe(false);
    expect(isRetryableError(new TypeError('x'))).toBe(false);
  });

  it('waits 1 s × the attempt number', () => {
    expect([1, 2, 3].map(retryDelayMs)).toEqual([1_000, 2_000, 3_000]);
  });

  it('gives queries the same policy: 3 retries, only for retryable errors', () => {
    const { retry, retryDelay } = createQueryClient().getDefaultOptions().queries!;
    const shouldRetry = retry as (count: number, error: unknown) => boolean;
    expect(shouldRetry(0, apiError(500))).toBe(true);
    expect(shouldRetry(1, apiError(0))).toBe(true);
    expect(shouldRetry(2, apiError(500))).toBe(true);
    expect(shouldRetry(3, apiError(500))).toBe(false);
    expect(shouldRetry(0, apiError(401))).toBe(false);
    const delay = retryDelay as (count: number, error: unknown) => number;
    expect([delay(0, null), delay(1, null), delay(2, null)]).toEqual([1_000, 2_000, 3_000]);
  });
});
