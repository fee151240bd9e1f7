import { describe, expect, it } from 'vitest';
import { EVENTS, MESSAGES_CHANNEL, roomChannel, roomIdFromChannel } from './realtime-channels';

describe('real-time names (spec §4, §7)', () => {
  it('uses the spec’s channel and event names', () => {
    expect(roomChannel('abc')).toBe('chat.room.abc');
    expect(roomIdFromChannel('chat.room.abc')).toBe('abc');
    expect(roomIdFromChannel('chat.room.')).toBeNull();
    expect(roomIdFromChannel('messages')).toBeNull();
    expect(MESSAGES_CHANNEL).toBe('messages');
    expect(EVENTS).toMatchObject({
      messageSent: 'message.sent', messageDeleted: 'message.deleted', userJoined: 'user.joined', userLeft: 'user.left',
      newMessage: 'NewMessage', messageRead: 'MessageRead',
    });
  });
});
