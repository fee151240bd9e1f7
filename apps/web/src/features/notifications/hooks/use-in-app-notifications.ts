import { INBOX_ONLY_NOTIFICATION_TYPES, type NotificationPayload } from '@linkup/contract';
import { useEffect } from 'react';
import { useNotificationCardStore } from '@/features/notifications/stores/notification-card-store';
import { playNotificationSound } from '@/lib/notification-sound';
import { useSocket } from '@/lib/socket';

/**
 * In-app notifications (spec §2 "In-app notification card", §9 sounds): each `notification` on
 * the member's own channel shows the card — the newest replacing the last — and plays its type's
 * sound at volume 0.5 unless sounds are off. The server sends them only as the member's in-app
 * switches allow.
 */
export function useInAppNotifications(): void {
  const socket = useSocket();
  const show = useNotificationCardStore((s) => s.show);
  useEffect(() => {
    if (!socket) return;
    const onNotification = (data: NotificationPayload) => {
      // Quiet types (message requests): in the inbox and the lists they refresh, never a card.
      if (INBOX_ONLY_NOTIFICATION_TYPES.includes(data.type)) return;
      show({ data });
      playNotificationSound(data.type);
    };
    socket.on('notification', onNotification);
    return () => {
      socket.off('notification', onNotification);
    };
  }, [socket, show]);
}
