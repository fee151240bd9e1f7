import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSocket } from '@/lib/socket';

/**
 * Premium started, renewed or ended (`premium.changed` on my channel): every screen's data is
 * reloaded, so likes and visitors unlock (or lock) without a reload of the page.
 */
export function usePremiumSync() {
  const socket = useSocket();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const onChanged = () => void queryClient.invalidateQueries();
    socket.on('premium.changed', onChanged);
    return () => {
      socket.off('premium.changed', onChanged);
    };
  }, [socket, queryClient]);
}
