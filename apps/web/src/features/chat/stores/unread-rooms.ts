/**
 * Unread messages per room, and the room on screen. Its total feeds the Messages tab badge
 * (lib/unread-store), so every counting rule lives in utils/unread.
 */
import type { ChatMessage, ChatRoom } from '@linkup/contract';
import { create } from 'zustand';
import {
  countNewMessage, countsFromRooms, forgetRoom, markRoomRead, mergeCounts, totalUnread, type UnreadCounts,
} from '@/features/chat/utils/unread';
import { useSessionStore } from '@/lib/session-store';
import { useUnreadStore } from '@/lib/unread-store';

/** How many counted message ids are remembered, so a message delivered twice counts once. */
const SEEN_MESSAGES_KEPT = 500;

interface UnreadRoomsState {
  counts: UnreadCounts;
  seen: readonly string[];
  openRoomId: string | null;
  /** Every room the member is in, from the server. */
  setAll: (rooms: readonly Pick<ChatRoom, 'id' | 'unread_count'>[]) => void;
  /** Some rooms (a page of the list), from the server. */
  merge: (rooms: readonly Pick<ChatRoom, 'id' | 'unread_count'>[]) => void;
  newMessage: (message: ChatMessage) => void;
  read: (roomId: string) => void;
  forget: (roomId: string) => void;
  setOpenRoom: (roomId: string | null) => void;
  reset: () => void;
}

const withOpenRoomRead = (counts: UnreadCounts, openRoomId: string | null) => (openRoomId ? markRoomRead(counts, openRoomId) : counts);

export const useUnreadRoomsStore = create<UnreadRoomsState>()((set, get) => ({
  counts: {},
  seen: [],
  openRoomId: null,
  // The room on screen is being read: whatever the server counted before, it stays at 0.
  setAll: (rooms) => set({ counts: withOpenRoomRead(countsFromRooms(rooms), get().openRoomId) }),
  merge: (rooms) => set({ counts: withOpenRoomRead(mergeCounts(get().counts, rooms), get().openRoomId) }),
  newMessage: (message) => {
    const { counts, seen, openRoomId } = get();
    if (seen.includes(message.id)) return;
    const myId = useSessionStore.getState().user?.id ?? null;
    set({ counts: countNewMessage(counts, message, { myId, openRoomId }), seen: [...seen, message.id].slice(-SEEN_MESSAGES_KEPT) });
  },
  read: (roomId) => set({ counts: markRoomRead(get().counts, roomId) }),
  forget: (roomId) => set({ counts: forgetRoom(get().counts, roomId) }),
  setOpenRoom: (roomId) => set({ openRoomId: roomId }),
  reset: () => set({ counts: {}, seen: [], openRoomId: null }),
}));

// The tab badge shows the total across rooms.
useUnreadRoomsStore.subscribe((state, previous) => {
  if (state.counts !== previous.counts) useUnreadStore.getState().setUnreadMessages(totalUnread(state.counts));
});

// Another member signed in (or nobody): their counts start from the server again.
useSessionStore.subscribe((state, previous) => {
  if (state.token !== previous.token) useUnreadRoomsStore.getState().reset();
});
