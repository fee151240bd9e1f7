import type { ChatMessage, ChatRoom } from '@linkup/contract';

/**
 * The conversation list after a new message (spec §4): the room moves to the top with the message
 * as its latest and its time as the last activity. (Its unread count is the unread store's.)
 */
export function applyNewMessageToRooms(rooms: readonly ChatRoom[], message: ChatMessage): ChatRoom[] {
  const room = rooms.find((r) => r.id === message.chat_room_id);
  if (!room || room.latest_message?.id === message.id) return [...rooms];
  const updated: ChatRoom = { ...room, latest_message: message, last_activity: message.created_at };
  return [updated, ...rooms.filter((r) => r.id !== room.id)];
}
