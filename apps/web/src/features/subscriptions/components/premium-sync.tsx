import { usePremiumSync } from '@/features/subscriptions/hooks/use-premium-sync';

/** Mounted once in the app shell: keeps screens in step with the member's premium. */
export function PremiumSync() {
  usePremiumSync();
  return null;
}
