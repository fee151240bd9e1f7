import { useEffect } from 'react';
import { serverMessageOr } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/** What useErrorToast reads of a query. */
interface QueryFailure {
  isError: boolean;
  error: unknown;
  /** When it last failed. */
  errorUpdatedAt: number;
}

/**
 * Shows an error toast each time `query` fails: the server's message where it gave one, else
 * `fallback` (spec §8 "server message, else …"). One toast per text at a time, however often a
 * background refresh fails.
 */
export function useErrorToast({ isError, error, errorUpdatedAt }: QueryFailure, fallback: string) {
  useEffect(() => {
    if (isError) toast.error(serverMessageOr(error, fallback));
  }, [isError, error, errorUpdatedAt, fallback]);
}
