import type { NotificationPayload } from '@linkup/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { refreshMatchingLists } from '@/features/matching/api/keys';
import { useSocket } from '@/lib/socket';

/** Notification types that change my matches, likes or visitors. */
const MATCHING_NOTIFICATIONS: ReadonlySet<string> = new Set(['match', 'super_match', 'like', 'super_like', 'profile_view']);

/**
 * A match (or a like or visit) made by someone else arrives as a `notification` event: the
 * matching lists on screen reload, wherever in the app the member is.
 */
export function useMatchNotifications() {
  const socket = useSocket();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const onNotification = (payload: NotificationPayload) => {
      if (MATCHING_NOTIFICATIONS.has(payload.type)) void refreshMatchingLists(queryClient);
    };
    socket.on('notification', onNotification);
    return () => {
      socket.off('notification', onNotification);
    };
  }, [socket, queryClient]);
}
