import type { NotificationPayload } from '@linkup/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { chatKeys } from '@/features/chat/api/keys';
import { useSocket } from '@/lib/socket';

/**
 * Message requests follow real-time events (issue 29): a message_request notification (a new
 * request, or held ones released) and a MessageRead (a request accepted, or a block hiding one)
 * reload them, and so does a reconnect.
 */
export function useRequestsLive() {
  const socket = useSocket();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const reload = () => void queryClient.invalidateQueries({ queryKey: chatKeys.requests() });
    const onNotification = (data: NotificationPayload) => {
      if (data.type === 'message_request') reload();
    };
    socket.on('notification', onNotification);
    socket.on('MessageRead', reload);
    socket.io.on('reconnect', reload);
    return () => {
      socket.off('notification', onNotification);
      socket.off('MessageRead', reload);
      socket.io.off('reconnect', reload);
    };
  }, [socket, queryClient]);
}
