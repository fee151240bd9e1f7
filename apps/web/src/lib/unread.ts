/**
 * Unread bookkeeping (spec §4 "Chat"): per-room counts from the server, then kept current by
 * real-time events — a message for another room adds 1, opening a room sets it to 0. Pure.
 */
import type { ChatMessage, ChatRoom } from '@linkup/contract';

export type UnreadCounts = Readonly<Record<string, number>>;

/** The counts of a complete room list (every room the member is in). */
export function countsFromRooms(rooms: readonly Pick<ChatRoom, 'id' | 'unread_count'>[]): UnreadCounts {
  return Object.fromEntries(rooms.map((r) => [r.id, Math.max(0, r.unread_count)]));
}

/** The counts of some rooms (one page of the list) over what is known of the others. */
export function mergeCounts(counts: UnreadCounts, rooms: readonly Pick<ChatRoom, 'id' | 'unread_count'>[]): UnreadCounts {
  return { ...counts, ...countsFromRooms(rooms) };
}

export interface NewMessageContext {
  /** The signed-in member: their own messages are never unread. */
  myId: string | null;
  /** The room on screen: its messages are read as they arrive. */
  openRoomId: string | null;
}

/** Whether a new message makes its room one more unread. */
export const isUnreadFor = (message: Pick<ChatMessage, 'chat_room_id' | 'user_id'>, { myId, openRoomId }: NewMessageContext) =>
  message.user_id !== myId && message.chat_room_id !== openRoomId;

export function countNewMessage(counts: UnreadCounts, message: Pick<ChatMessage, 'chat_room_id' | 'user_id'>, context: NewMessageContext): UnreadCounts {
  if (!isUnreadFor(message, context)) return counts;
  return { ...counts, [message.chat_room_id]: (counts[message.chat_room_id] ?? 0) + 1 };
}

export function markRoomRead(counts: UnreadCounts, roomId: string): UnreadCounts {
  return counts[roomId] ? { ...counts, [roomId]: 0 } : counts;
}

export function forgetRoom(counts: UnreadCounts, roomId: string): UnreadCounts {
  if (!(roomId in counts)) return counts;
  const { [roomId]: _left, ...rest } = counts;
  return rest;
}

/** What changed the counts in real time: a new message, or a room read (on any device). */
export type UnreadEvent =
  | { kind: 'message'; message: Pick<ChatMessage, 'id' | 'chat_room_id' | 'user_id' | 'created_at'> }
  | { kind: 'read'; roomId: string };

export type SnapshotRoom = Pick<ChatRoom, 'id' | 'unread_count' | 'latest_message'>;

/** Whether a room's latest message in a server snapshot is this message or a newer one: the snapshot counted it. */
export const snapshotIncludes = (latest: SnapshotRoom['latest_message'] | undefined, message: Pick<ChatMessage, 'id' | 'created_at'>) =>
  !!latest && (latest.id === message.id || latest.created_at > message.created_at);

/**
 * Counts from a server snapshot of rooms (all of them, or one page) that was on its way while
 * real-time events arrived: they are applied again over it, in order — a read sets its room to 0
 * and every message after it counts; before any read, a message counts only if it is newer than
 * its room's latest in the snapshot. Without this a list fetched just before a message arrived
 * would put the badge back to what it was.
 */
export function countsFromSnapshot(
  counts: UnreadCounts,
  rooms: readonly SnapshotRoom[],
  { complete, eventsSince }: { complete: boolean; eventsSince: readonly UnreadEvent[] },
  context: NewMessageContext,
): UnreadCounts {
  const inSnapshot = new Map(rooms.map((r) => [r.id, r]));
  let next = complete ? countsFromRooms(rooms) : mergeCounts(counts, rooms);
  const readSince = new Set<string>();
  for (const event of eventsSince) {
    const roomId = event.kind === 'message' ? event.message.chat_room_id : event.roomId;
    // A page leaves the other rooms as they were, events included.
    if (!complete && !inSnapshot.has(roomId)) continue;
    if (event.kind === 'read') {
      next = markRoomRead(next, roomId);
      readSince.add(roomId);
    } else if (readSince.has(roomId) || !snapshotIncludes(inSnapshot.get(roomId)?.latest_message, event.message)) {
      next = countNewMessage(next, event.message, context);
    }
  }
  return next;
}

export const totalUnread = (counts: UnreadCounts) => Object.values(counts).reduce((sum, n) => sum + n, 0);
