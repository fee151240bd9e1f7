import type { NotificationPayload } from '@linkup/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { feedKeys } from '@/features/feed/api/keys';
import { useSocket } from '@/lib/socket';

/** A like on my post arrives as a `post_like` notification: my post's like count reloads. */
export function useMyPostLikes() {
  const socket = useSocket();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const onNotification = (payload: NotificationPayload) => {
      if (payload.type === 'post_like') void queryClient.invalidateQueries({ queryKey: feedKeys.myPost() });
    };
    socket.on('notification', onNotification);
    return () => {
      socket.off('notification', onNotification);
    };
  }, [socket, queryClient]);
}
