/** TanStack Query defaults: the same retry policy as `withRetry` (network errors and 5xx only). */
import { RETRY_POLICY } from '@linkup/contract';
import { QueryClient } from '@tanstack/react-query';
import { isRetryableError, retryDelayMs } from '@/lib/retry';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // failureCount is 0 after the first failure; RETRY_POLICY.attempts counts every try.
        retry: (failureCount, error) => failureCount < RETRY_POLICY.attempts - 1 && isRetryableError(error),
        retryDelay: (failureIndex) => retryDelayMs(failureIndex + 1),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
