import { describe, expect, it } from 'vitest';
import { EVENTS, MESSAGES_CHANNEL, ROOM_CHANNEL_PREFIX, channelId, roomChannel, roomIdFromChannel } from './realtime-channels';

describe('real-time names (spec §4, §7)', () => {
  it('uses the spec’s channel and event names', () => {
    expect(roomChannel('abc')).toBe('chat.room.abc');
    expect(roomIdFromChannel('chat.room.abc')).toBe('abc');
    expect(roomIdFromChannel('chat.room.')).toBeNull();
    expect(roomIdFromChannel('messages')).toBeNull();
    // Only an id: what follows the prefix is checked before anything queries with it.
    for (const bad of ['chat.room.\u0000', 'chat.room.a\u0000b', 'chat.room.\u202Ex', 'chat.room.a b', `chat.room.${'x'.repeat(65)}`, 42, null]) {
      expect(roomIdFromChannel(bad), JSON.stringify(bad)).toBeNull();
    }
    expect(channelId('chat.room.Ab_9-z', ROOM_CHANNEL_PREFIX)).toBe('Ab_9-z');
    expect(MESSAGES_CHANNEL).toBe('messages');
    expect(EVENTS).toMatchObject({
      messageSent: 'message.sent', messageDeleted: 'message.deleted', userJoined: 'user.joined', userLeft: 'user.left',
      newMessage: 'NewMessage', messageRead: 'MessageRead',
    });
  });
});
