import type { ChatRoom } from '@linkup/contract';
import { describe, expect, it } from 'vitest';
import { buildMessage } from '@/test/fake-socket';
import { countNewMessage, countsFromRooms, countsFromSnapshot, forgetRoom, markRoomRead, mergeCounts, totalUnread } from '@/lib/unread';

const room = (id: string, unread: number, extra: Partial<ChatRoom> = {}): ChatRoom => ({
  id, name: `Chat with ${id}`, unread_count: unread, latest_message: null, last_activity: null, ...extra,
});
const me = { myId: 'usr_me', openRoomId: null };

describe('unread counts (spec §4 "Chat")', () => {
  it('starts from the server’s counts and totals them', () => {
    const counts = countsFromRooms([room('a', 2), room('b', 0), room('c', 11)]);
    expect(counts).toEqual({ a: 2, b: 0, c: 11 });
    expect(totalUnread(counts)).toBe(13);
    expect(totalUnread({})).toBe(0);
  });

  it('merges one page of rooms over what is known of the others', () => {
    expect(mergeCounts({ a: 2, z: 4 }, [room('a', 0), room('b', 1)])).toEqual({ a: 0, b: 1, z: 4 });
  });

  describe('a snapshot that was on its way while events arrived', () => {
    const at = (minute: number) => `2026-11-23T10:${String(minute).padStart(2, '0')}:00.000Z`;
    const message = (id: string, roomId: string, minute: number, userId = 'usr_x') =>
      ({ kind: 'message', message: buildMessage({ id, chat_room_id: roomId, user_id: userId, created_at: at(minute) }) }) as const;
    const latest = (id: string, minute: number) => ({ latest_message: buildMessage({ id, created_at: at(minute) }) });

    it('counts again the messages it did not know of, and not those it did', () => {
      const snapshot = [room('a', 1, latest('m1', 1)), room('b', 0)];
      const events = [message('m1', 'a', 1), message('m2', 'a', 2), message('m3', 'b', 3), message('m4', 'new', 4), message('m5', 'a', 5, 'usr_me')];
      expect(countsFromSnapshot({}, snapshot, { complete: true, eventsSince: events }, me)).toEqual({ a: 2, b: 1, new: 1 });
      expect(countsFromSnapshot({}, snapshot, { complete: true, eventsSince: [] }, me)).toEqual({ a: 1, b: 0 });
    });

    it('applies a read over it, and counts every message after the read', () => {
      const snapshot = [room('a', 3, latest('m2', 2))];
      const events = [message('m1', 'a', 1), { kind: 'read', roomId: 'a' } as const, message('m2', 'a', 2)];
      expect(countsFromSnapshot({}, snapshot, { complete: true, eventsSince: events }, me)).toEqual({ a: 1 });
    });

    it('as one page, leaves the other rooms and their events alone', () => {
      const counts = { a: 2, z: 4 };
      const events = [message('m1', 'z', 1), message('m2', 'b', 2)];
      expect(countsFromSnapshot(counts, [room('b', 0), room('a', 0)], { complete: false, eventsSince: events }, me)).toEqual({ a: 0, b: 1, z: 4 });
    });
  });

  it('adds 1 to another room for a message from someone else', () => {
    const counts = countNewMessage({ a: 2 }, buildMessage({ chat_room_id: 'a', user_id: 'usr_x' }), me);
    expect(counts).toEqual({ a: 3 });
    expect(countNewMessage({}, buildMessage({ chat_room_id: 'new' }), me)).toEqual({ new: 1 });
  });

  it('does not count my own messages, nor messages of the open room', () => {
    const mine = buildMessage({ chat_room_id: 'a', user_id: 'usr_me' });
    const counts = { a: 2 };
    expect(countNewMessage(counts, mine, me)).toBe(counts);
    expect(countNewMessage(counts, buildMessage({ chat_room_id: 'a' }), { myId: 'usr_me', openRoomId: 'a' })).toBe(counts);
  });

  it('sets a room to 0 when it is read, and forgets a room that was left', () => {
    expect(markRoomRead({ a: 5, b: 1 }, 'a')).toEqual({ a: 0, b: 1 });
    const already = { a: 0 };
    expect(markRoomRead(already, 'a')).toBe(already);
    expect(forgetRoom({ a: 5, b: 1 }, 'a')).toEqual({ b: 1 });
  });
});
