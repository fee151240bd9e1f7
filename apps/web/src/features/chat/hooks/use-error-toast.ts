import { useEffect } from 'react';
import { toast } from '@/lib/toast';

/**
 * Shows `message` as an error toast each time a query fails (`failedAt` is its errorUpdatedAt).
 * One toast per text at a time, however often a background refresh fails.
 */
export function useErrorToast(failed: boolean, failedAt: number, message: string) {
  useEffect(() => {
    if (failed) toast.error(message);
  }, [failed, failedAt, message]);
}
