import { UI_TEXTS, type ChatRoom } from '@linkup/contract';

const PREFIX = `${UI_TEXTS.messages.chatWithPrefix} `;

/**
 * The other member's name inside a room name such as 'Chat with Thandi Nkosi', for the avatar's
 * initials; any other name is used as it is.
 */
export function partnerName(roomName: string): string {
  const name = roomName.trim();
  return name.startsWith(PREFIX) && name.length > PREFIX.length ? name.slice(PREFIX.length).trim() : name;
}

/**
 * Who a conversation is with, as the list and the chat's header name it (issue 32): the other
 * member's name, not the room's "Chat with …" — the room's name where the member is not known
 * (an ended conversation).
 */
export function roomMemberName(room: Pick<ChatRoom, 'name' | 'member'>): string {
  return room.member?.name ?? partnerName(room.name);
}
