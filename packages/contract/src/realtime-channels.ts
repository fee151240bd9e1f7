/**
 * Channel, event and command names of the real-time protocol (DESIGN §5). Plain values, apart from
 * the payload schemas in realtime.ts, so a web page can name them without loading zod.
 */

export const SOCKET_PATH = '/socket.io';

/** The member's own channel: NewMessage and MessageRead for that member only. */
export const MESSAGES_CHANNEL = 'messages';
export const ROOM_CHANNEL_PREFIX = 'chat.room.';
export const roomChannel = (roomId: string) => `${ROOM_CHANNEL_PREFIX}${roomId}`;
export function roomIdFromChannel(channel: string): string | null {
  return channel.startsWith(ROOM_CHANNEL_PREFIX) && channel.length > ROOM_CHANNEL_PREFIX.length
    ? channel.slice(ROOM_CHANNEL_PREFIX.length)
    : null;
}

export const EVENTS = {
  messageSent: 'message.sent',
  messageDeleted: 'message.deleted',
  messageUpdated: 'message.updated',
  userJoined: 'user.joined',
  userLeft: 'user.left',
  typing: 'typing',
  newMessage: 'NewMessage',
  messageRead: 'MessageRead',
  notification: 'notification',
  premiumChanged: 'premium.changed',
} as const;

/** Client → server commands besides subscribe/unsubscribe/typing (our addition to DESIGN §5). */
export const COMMANDS = { sendMessage: 'message.send' } as const;
