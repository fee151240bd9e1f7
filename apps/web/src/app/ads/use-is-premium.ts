import { useStats } from '@/features/matching/api/get-stats';

/**
 * Whether the signed-in member is premium; undefined until known. Read from the matching stats
 * until the session user carries `is_premium` (then: `useSessionStore((s) => s.user?.is_premium)`).
 */
export function useIsPremium(): boolean | undefined {
  return useStats().data?.is_premium;
}
