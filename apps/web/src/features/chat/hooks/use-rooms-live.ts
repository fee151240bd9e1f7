import type { ChatMessage, ChatRoom, NewMessagePayload } from '@linkup/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { RoomsData } from '@/features/chat/api/get-rooms';
import { chatKeys } from '@/features/chat/api/keys';
import { applyNewMessageToRooms } from '@/features/chat/utils/rooms';
import { useSocket } from '@/lib/socket';

/** The loaded pages after `change` to the whole list, each page keeping its length. */
function changeRooms(data: RoomsData | undefined, change: (rooms: ChatRoom[]) => ChatRoom[]): RoomsData | undefined {
  if (!data) return data;
  const rooms = change(data.pages.flatMap((p) => p.items));
  let start = 0;
  return {
    ...data,
    pages: data.pages.map((page) => {
      const items = rooms.slice(start, start + page.items.length);
      start += page.items.length;
      return { ...page, items };
    }),
  };
}

/**
 * A new message in the conversation list at once: its room to the top with it as the latest (the
 * member's own too, for a list shown beside the open chat on a wide screen).
 */
export function showInRooms(queryClient: QueryClient, message: ChatMessage): void {
  queryClient.setQueryData<RoomsData>(chatKeys.rooms(), (data) => changeRooms(data, (rooms) => applyNewMessageToRooms(rooms, message)));
}

/**
 * The conversation list follows real-time events (spec §2, §4): a new message moves its room to
 * the top at once and the list is then reloaded from the server; after a read, an edit or a
 * deletion (it may change a room's latest message) and a reconnect it is reloaded too. Unread
 * counts are the unread store's (lib/unread-store), kept by useUnreadSync.
 */
export function useRoomsLive() {
  const socket = useSocket();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const key = chatKeys.rooms();
    const reload = () => void queryClient.invalidateQueries({ queryKey: key });
    const onNewMessage = ({ message }: NewMessagePayload) => {
      showInRooms(queryClient, message);
      reload();
    };
    socket.on('NewMessage', onNewMessage);
    // A read (the count itself is the unread store's) or a block hiding a room: the list reloads.
    socket.on('MessageRead', reload);
    // A conversation ended (issue 29: unmatch, block, account deletion): the list shows the server's.
    socket.on('room.closed', reload);
    // An edited or deleted message may be a room's latest: the list shows the server's again.
    socket.on('message.updated', reload);
    socket.on('message.deleted', reload);
    socket.io.on('reconnect', reload);
    return () => {
      socket.off('NewMessage', onNewMessage);
      socket.off('MessageRead', reload);
      socket.off('room.closed', reload);
      socket.off('message.updated', reload);
      socket.off('message.deleted', reload);
      socket.io.off('reconnect', reload);
    };
  }, [socket, queryClient]);
}
