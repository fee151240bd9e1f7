import type { PremiumChangedPayload } from '@linkup/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscriptionKeys } from '@/features/subscriptions/api/keys';
import { useSocket } from '@/lib/socket';
import { syncPremium } from '@/lib/use-is-premium';

/**
 * Premium started, renewed or ended (`premium.changed` on my channel): the new state goes into the
 * session's user — the one premium state, `useIsPremium` — and my subscription reloads; `onChanged`
 * reloads what else depends on it (the app passes the matching lists: likes and visitors unlock or
 * lock without a reload of the page). Nothing else is fetched again.
 */
export function usePremiumSync(onChanged?: () => void) {
  const socket = useSocket();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const changed = ({ is_premium }: PremiumChangedPayload) => {
      syncPremium(is_premium);
      void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
      onChanged?.();
    };
    socket.on('premium.changed', changed);
    return () => {
      socket.off('premium.changed', changed);
    };
  }, [socket, queryClient, onChanged]);
}
