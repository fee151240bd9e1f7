import type { ChatRoom, RoomClosedPayload } from '@linkup/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { chatKeys } from '@/features/chat/api/keys';
import { useSocket } from '@/lib/socket';

/**
 * Issue 29: the conversation of the open room ended (the other member unmatched, blocked or
 * deleted their account — `room.closed` does not say which): the room shows it at once, then as
 * the server has it; the conversation list reloads without it.
 */
export function useRoomEnded(roomId: string | undefined): void {
  const socket = useSocket();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket || !roomId) return;
    const onClosed = ({ chat_room_id: closedId }: RoomClosedPayload) => {
      if (closedId !== roomId) return;
      queryClient.setQueryData<ChatRoom>(chatKeys.room(roomId), (current) => (current ? { ...current, ended: true, match_id: null } : current));
      void queryClient.invalidateQueries({ queryKey: chatKeys.room(roomId) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.rooms() });
    };
    socket.on('room.closed', onClosed);
    return () => {
      socket.off('room.closed', onClosed);
    };
  }, [socket, queryClient, roomId]);
}
