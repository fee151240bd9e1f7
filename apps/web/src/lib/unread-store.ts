/**
 * The one unread store: messages per room (their total is the Messages tab badge) and the
 * notifications inbox (the header bell's badge; of it, the Feed and Matches tabs' badges). The chat feature keeps the room counts current from the server and real-time
 * events; every counting rule lives in lib/unread.ts. The conversation list shows these counts.
 */
import type { ChatMessage, UnreadCount } from '@linkup/contract';
import { create } from 'zustand';
import { useSessionStore } from '@/lib/session-store';
import {
  countNewMessage, countsFromSnapshot, forgetRoom, markRoomRead, snapshotIncludes, totalUnread,
  type SnapshotRoom, type UnreadCounts, type UnreadEvent,
} from '@/lib/unread';

/**
 * How many counted message ids are remembered, so a message delivered twice counts once; and how
 * many real-time events, to apply again over a snapshot that was on its way meanwhile.
 */
const SEEN_MESSAGES_KEPT = 500;
const EVENTS_KEPT = 500;

type SnapshotRooms = readonly SnapshotRoom[];
type LatestCounted = Readonly<Record<string, SnapshotRoom['latest_message']>>;

interface UnreadState {
  /** Unread messages per room. */
  counts: UnreadCounts;
  seen: readonly string[];
  /** Each room's latest message as of the last server snapshot: it and older ones are in its count. */
  latestCounted: LatestCounted;
  openRoomId: string | null;
  /** The latest real-time events, and how many there have been. */
  events: readonly UnreadEvent[];
  eventCount: number;
  /** Unread inbox items (the bell), and of them those behind the Feed and Matches tabs. */
  unreadNotifications: number;
  unreadTabs: UnreadCount['tabs'];
  /** Call before asking the server for rooms; pass the result with them to `setAll` or `merge`. */
  mark: () => number;
  /** Every room the member is in, from the server as of `since` (a `mark()`). */
  setAll: (rooms: SnapshotRooms, since?: number) => void;
  /** Some rooms (a page of the list), from the server as of `since` (a `mark()`). */
  merge: (rooms: SnapshotRooms, since?: number) => void;
  newMessage: (message: ChatMessage) => void;
  read: (roomId: string) => void;
  forget: (roomId: string) => void;
  setOpenRoom: (roomId: string | null) => void;
  setUnreadNotifications: (counts: UnreadCount) => void;
  reset: () => void;
}

const clamp = (count: number) => (Number.isFinite(count) && count > 0 ? Math.floor(count) : 0);
const withOpenRoomRead = (counts: UnreadCounts, openRoomId: string | null) => (openRoomId ? markRoomRead(counts, openRoomId) : counts);
const myId = () => useSessionStore.getState().user?.id ?? null;
const EMPTY = {
  counts: {}, seen: [], latestCounted: {}, openRoomId: null, events: [], eventCount: 0, unreadNotifications: 0, unreadTabs: { feed: 0, matches: 0 },
} as const;

export const useUnreadStore = create<UnreadState>()((set, get) => {
  /** The counts after a snapshot; the room on screen is being read, so it stays at 0. */
  const fromSnapshot = (rooms: SnapshotRooms, complete: boolean, since: number | undefined) => {
    const { counts, events, eventCount, openRoomId } = get();
    const missed = since === undefined ? 0 : eventCount - since;
    // Older than the events still kept: apply all of those (a message already counted is still skipped).
    const eventsSince = missed > 0 ? events.slice(-missed) : [];
    const next = countsFromSnapshot(counts, rooms, { complete, eventsSince }, { myId: myId(), openRoomId });
    const latest = Object.fromEntries(rooms.map((r) => [r.id, r.latest_message]));
    set({ counts: withOpenRoomRead(next, openRoomId), latestCounted: complete ? latest : { ...get().latestCounted, ...latest } });
  };
  const record = (event: UnreadEvent) => {
    const { events, eventCount } = get();
    return { events: [...events, event].slice(-EVENTS_KEPT), eventCount: eventCount + 1 };
  };
  return {
    ...EMPTY,
    mark: () => get().eventCount,
    setAll: (rooms, since) => fromSnapshot(rooms, true, since),
    merge: (rooms, since) => fromSnapshot(rooms, false, since),
    newMessage: (message) => {
      const { counts, seen, openRoomId, latestCounted } = get();
      if (seen.includes(message.id)) return;
      // A message the last rooms list already counted (its event arrived late) counts once.
      const counted = snapshotIncludes(latestCounted[message.chat_room_id], message);
      set({
        counts: counted ? counts : countNewMessage(counts, message, { myId: myId(), openRoomId }),
        seen: [...seen, message.id].slice(-SEEN_MESSAGES_KEPT),
        ...record({ kind: 'message', message }),
      });
    },
    read: (roomId) => set({ counts: markRoomRead(get().counts, roomId), ...record({ kind: 'read', roomId }) }),
    forget: (roomId) => set({ counts: forgetRoom(get().counts, roomId) }),
    setOpenRoom: (roomId) => set({ openRoomId: roomId }),
    setUnreadNotifications: ({ unread_count, tabs }) =>
      set({ unreadNotifications: clamp(unread_count), unreadTabs: { feed: clamp(tabs.feed), matches: clamp(tabs.matches) } }),
    reset: () => set({ ...EMPTY }),
  };
});

/** The Messages tab badge: unread messages across rooms. */
export const selectUnreadMessages = (state: Pick<UnreadState, 'counts'>) => totalUnread(state.counts);

// Another member signed in (or nobody): their counts start from the server again.
useSessionStore.subscribe((state, previous) => {
  if (state.token !== previous.token) useUnreadStore.getState().reset();
});
