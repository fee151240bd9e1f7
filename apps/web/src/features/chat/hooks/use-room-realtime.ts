import { roomChannel, type ChatMessage, type MessageDeletedPayload, type MessageReadPayload, type MessageSentPayload, type TypingPayload } from '@linkup/contract';
import { useCallback, useEffect, useRef } from 'react';
import { useSocket } from '@/lib/socket';

export interface RoomEventHandlers {
  onMessage: (message: ChatMessage) => void;
  onUpdated: (message: ChatMessage) => void;
  onDeleted: (messageId: string) => void;
  onTyping: (payload: TypingPayload) => void;
  /** The connection came (back) after the screen opened: catch up on what was missed. */
  onReconnected: () => void;
  /** A member read the room (MessageRead on the member's own channel; issue 32's "Seen"). */
  onRead?: (payload: MessageReadPayload) => void;
}

/**
 * The open room's channel `chat.room.{id}` (spec §4, DESIGN §5): subscribed on open and after
 * every reconnect, unsubscribed on leaving. user.joined and user.left are ignored.
 */
export function useRoomRealtime(roomId: string | undefined, handlers: RoomEventHandlers) {
  const socket = useSocket();
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!socket || !roomId) return;
    const channel = roomChannel(roomId);
    const subscribe = () =>
      socket.emit('subscribe', channel, (ack) => {
        if (!ack.ok) console.warn(`Could not follow ${channel}: ${ack.message}`);
      });
    const onConnect = () => {
      subscribe();
      latest.current.onReconnected();
    };
    const onSent = (p: MessageSentPayload) => p.channel === channel && latest.current.onMessage(p.message);
    const onUpdated = (p: MessageSentPayload) => p.channel === channel && latest.current.onUpdated(p.message);
    const onDeleted = (p: MessageDeletedPayload) => p.channel === channel && latest.current.onDeleted(p.id);
    const onTyping = (p: TypingPayload) => p.channel === channel && latest.current.onTyping(p);
    const onRead = (p: MessageReadPayload) => p.chat_room_id === roomId && latest.current.onRead?.(p);

    socket.on('connect', onConnect);
    socket.on('message.sent', onSent);
    socket.on('message.updated', onUpdated);
    socket.on('message.deleted', onDeleted);
    socket.on('typing', onTyping);
    socket.on('MessageRead', onRead);
    if (socket.connected) subscribe();
    return () => {
      socket.off('connect', onConnect);
      socket.off('message.sent', onSent);
      socket.off('message.updated', onUpdated);
      socket.off('message.deleted', onDeleted);
      socket.off('typing', onTyping);
      socket.off('MessageRead', onRead);
      if (socket.connected) socket.emit('unsubscribe', channel);
    };
  }, [socket, roomId]);

  /** Tells the room the member is typing; dropped, not queued, while offline. */
  return useCallback(
    (typingRoomId: string) => {
      if (socket?.connected) socket.volatile.emit('typing', { chat_room_id: typingRoomId });
    },
    [socket],
  );
}
