import { usePremiumSync } from '@/features/subscriptions/hooks/use-premium-sync';

/** Mounted once in the app shell: keeps the session's premium state, and `onChanged`'s screens, in step. */
export function PremiumSync({ onChanged }: { onChanged?: () => void }) {
  usePremiumSync(onChanged);
  return null;
}
