import { PAGE_SIZES, type MessageDeletedPayload, type MessageReadPayload, type NewMessagePayload } from '@linkup/contract';
import { useEffect } from 'react';
import { getRooms } from '@/features/chat/api/get-rooms';
import { useSessionStore } from '@/lib/session-store';
import { useSocket } from '@/lib/socket';
import { useUnreadStore } from '@/lib/unread-store';

/**
 * Keeps the unread counts behind the Messages tab badge current app-wide: the server's counts
 * whenever the real-time connection (re)connects or this mounts while connected, then each
 * NewMessage adds 1 to its room unless the message is mine or the room is open, a MessageRead
 * of mine (on any device) sets the room to 0, and the deletion of a message it counted reloads
 * the counts.
 */
export function useUnreadSync() {
  const socket = useSocket();
  useEffect(() => {
    if (!socket) return;
    let active = true;
    const store = useUnreadStore.getState;

    const refresh = async () => {
      try {
        const since = store().mark();
        const page = await getRooms({ perPage: PAGE_SIZES.max });
        if (!active) return;
        // Events that arrived while the list was on its way are applied again over it.
        if (page.pagination.last_page > 1) store().merge(page.items, since);
        else store().setAll(page.items, since);
      } catch (error) {
        // In the background: the Messages screen reports its own failures.
        console.warn('Could not refresh unread counts', error);
      }
    };
    const onConnect = () => void refresh();
    const onNewMessage = (payload: NewMessagePayload) => store().newMessage(payload.message);
    const onRead = (payload: MessageReadPayload) => {
      if (payload.user_id === useSessionStore.getState().user?.id) store().read(payload.chat_room_id);
    };
    // A deleted message this badge counted may have been unread: the server's counts say.
    const onDeleted = (payload: MessageDeletedPayload) => {
      if (store().seen.includes(payload.id)) void refresh();
    };

    socket.on('connect', onConnect);
    socket.on('NewMessage', onNewMessage);
    socket.on('MessageRead', onRead);
    socket.on('message.deleted', onDeleted);
    if (socket.connected) void refresh();
    return () => {
      active = false;
      socket.off('connect', onConnect);
      socket.off('NewMessage', onNewMessage);
      socket.off('MessageRead', onRead);
      socket.off('message.deleted', onDeleted);
    };
  }, [socket]);
}
