import type { ChatRoom } from '@linkup/contract';
import { describe, expect, it } from 'vitest';
import { applyNewMessageToRooms } from '@/features/chat/utils/rooms';
import { buildMessage } from '@/test/fake-socket';

const room = (id: string, unread: number): ChatRoom => ({ id, name: `Chat with ${id}`, unread_count: unread, latest_message: null, last_activity: null });

describe('the conversation list after a new message', () => {
  it('moves its room to the top with its latest message and time; the same message twice changes nothing', () => {
    const message = buildMessage({ chat_room_id: 'b', message: 'Hello', created_at: '2030-01-02T09:00:00.000Z' });
    const rooms = applyNewMessageToRooms([room('a', 0), room('b', 1)], message);
    expect(rooms.map((r) => r.id)).toEqual(['b', 'a']);
    expect(rooms[0]).toMatchObject({ last_activity: '2030-01-02T09:00:00.000Z', latest_message: { message: 'Hello' } });
    expect(applyNewMessageToRooms(rooms, message)).toEqual(rooms);
  });
});
