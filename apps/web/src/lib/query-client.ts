/** TanStack Query defaults: the same retry policy as `withRetry` (network errors and 5xx only). */
import { RETRY_POLICY } from '@linkup/contract';
import { QueryClient } from '@tanstack/react-query';
import { isRetryableError, retryDelayMs } from '@/lib/retry';

/** How long an answer counts as fresh (TanStack's default is 0: every mount asks again). */
export const FRESH_FOR_MS = 5_000;

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // failureCount is the number of failures so far minus one (0 after the first): up to RETRY_POLICY.retries retries.
        retry: (failureCount, error) => failureCount < RETRY_POLICY.retries && isRetryableError(error),
        retryDelay: (failureIndex) => retryDelayMs(failureIndex + 1),
        refetchOnWindowFocus: false,
        // Issue 32: offline, a query still tries (and fails after its retries) instead of waiting
        // paused for a network that may not come: nothing spins forever; kept answers stay shown.
        networkMode: 'always',
        // An answer younger than this is not asked for again when a page mounts: the first page's
        // data, asked for while the app starts (app/first-page-data.ts), was fetched twice — once
        // ahead and again as the page mounted (issue #18). Invalidations still refetch at once.
        staleTime: FRESH_FOR_MS,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
