import { UI_TEXTS } from '@linkup/contract';

const PREFIX = `${UI_TEXTS.messages.chatWithPrefix} `;

/**
 * The other member's name inside a room name such as 'Chat with Thandi Nkosi', for the avatar's
 * initials; any other name is used as it is.
 */
export function partnerName(roomName: string): string {
  const name = roomName.trim();
  return name.startsWith(PREFIX) && name.length > PREFIX.length ? name.slice(PREFIX.length).trim() : name;
}
