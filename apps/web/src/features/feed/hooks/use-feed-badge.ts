import type { NotificationPayload } from '@linkup/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { refreshUnreadCount } from '@/features/feed/api/get-unread-count';
import { feedKeys } from '@/features/feed/api/keys';
import { useSocket } from '@/lib/socket';

/**
 * Keeps the Feed tab badge (unread notifications, spec §2) current app-wide: the server's count
 * when the real-time connection opens (sign-in) or reopens, or when this mounts while connected,
 * and again each time a new inbox item arrives on the member's own channel — so it rises
 * without a reload (and my post's like count with it).
 */
export function useFeedBadge() {
  const socket = useSocket();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!socket) return;
    const refresh = () => {
      void refreshUnreadCount(queryClient);
      void queryClient.invalidateQueries({ queryKey: feedKeys.notifications() });
      // A like on my post changes its count.
      void queryClient.invalidateQueries({ queryKey: feedKeys.myPost() });
    };
    // Inbox items carry their notification id; a bare real-time card does not change the inbox.
    const onNotification = (payload: NotificationPayload) => {
      if (payload.notification_id) refresh();
    };
    socket.on('connect', refresh);
    socket.on('notification', onNotification);
    if (socket.connected) void refreshUnreadCount(queryClient);
    return () => {
      socket.off('connect', refresh);
      socket.off('notification', onNotification);
    };
  }, [socket, queryClient]);
}
