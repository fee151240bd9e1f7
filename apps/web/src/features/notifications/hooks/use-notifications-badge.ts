import type { NotificationPayload } from '@linkup/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { refreshUnreadCount } from '@/features/notifications/api/get-unread-count';
import { notificationKeys } from '@/features/notifications/api/keys';
import { useSocket } from '@/lib/socket';

/**
 * Keeps the bell's badge (unread notifications) and the Feed and Matches tab badges current
 * app-wide: the server's counts when the real-time connection opens (sign-in) or reopens, or when
 * this mounts while connected, and again each time a new inbox item arrives on the member's own
 * channel — so they rise without a reload.
 */
export function useNotificationsBadge() {
  const socket = useSocket();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!socket) return;
    const refresh = () => {
      void refreshUnreadCount(queryClient);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
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
