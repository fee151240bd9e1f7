import type { ChatRoom } from '@linkup/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { buildMessage } from '@/test/fake-socket';
import { selectUnreadMessages, useUnreadStore } from '@/lib/unread-store';

const at = (minute: number) => `2026-11-23T10:${String(minute).padStart(2, '0')}:00.000Z`;
const room = (id: string, unread: number, latestId: string | null, minute = 0): ChatRoom => ({
  id, name: id, unread_count: unread, last_activity: null,
  latest_message: latestId ? buildMessage({ id: latestId, chat_room_id: id, user_id: 'usr_x', created_at: at(minute) }) : null,
});
const newMessage = (id: string, roomId: string, minute: number) =>
  useUnreadStore.getState().newMessage(buildMessage({ id, chat_room_id: roomId, user_id: 'usr_x', created_at: at(minute) }));
const badge = () => selectUnreadMessages(useUnreadStore.getState());

afterEach(() => useUnreadStore.getState().reset());

describe('the Messages badge counts a message once (issue 32 item 14)', () => {
  it('a NewMessage arriving after a rooms list that already counted it adds nothing', () => {
    const store = useUnreadStore.getState();
    store.setAll([room('a', 1, 'm1', 1)], store.mark());
    newMessage('m1', 'a', 1);
    expect(badge()).toBe(1);
  });

  it('nor does a late event for an older message of a room the list counted', () => {
    const store = useUnreadStore.getState();
    store.merge([room('a', 2, 'm2', 2)], store.mark());
    newMessage('m1', 'a', 1);
    newMessage('m2', 'a', 2);
    expect(badge()).toBe(2);
  });

  it('a message newer than the list still counts, once', () => {
    const store = useUnreadStore.getState();
    store.setAll([room('a', 1, 'm1', 1), room('b', 0, null)], store.mark());
    newMessage('m2', 'a', 2);
    newMessage('m2', 'a', 2);
    newMessage('m3', 'b', 3);
    expect(useUnreadStore.getState().counts).toEqual({ a: 2, b: 1 });
  });
});
