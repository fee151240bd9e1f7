/**
 * Channel, event and command names of the real-time protocol (DESIGN §5). Plain values, apart from
 * the payload schemas in realtime.ts, so a web page can name them without loading zod.
 */

import { ID_PATTERN } from './constants';

export const SOCKET_PATH = '/socket.io';

/** The member's own channel: NewMessage and MessageRead for that member only. */
export const MESSAGES_CHANNEL = 'messages';
export const ROOM_CHANNEL_PREFIX = 'chat.room.';
export const roomChannel = (roomId: string) => `${ROOM_CHANNEL_PREFIX}${roomId}`;

/**
 * The id a channel names after `prefix`, or null when it does not start with it or what follows
 * is not an id: a channel is checked as an id before any query is made with it.
 */
export function channelId(channel: unknown, prefix: string): string | null {
  if (typeof channel !== 'string' || !channel.startsWith(prefix)) return null;
  const id = channel.slice(prefix.length);
  return ID_PATTERN.test(id) ? id : null;
}

export const roomIdFromChannel = (channel: unknown): string | null => channelId(channel, ROOM_CHANNEL_PREFIX);

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
