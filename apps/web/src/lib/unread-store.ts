/** Unread counts behind the tab bar badges; the chat and feed features keep them current. */
import { create } from 'zustand';

interface UnreadState {
  unreadMessages: number;
  unreadNotifications: number;
  setUnreadMessages: (count: number) => void;
  setUnreadNotifications: (count: number) => void;
  reset: () => void;
}

const clamp = (count: number) => (Number.isFinite(count) && count > 0 ? Math.floor(count) : 0);

export const useUnreadStore = create<UnreadState>()((set) => ({
  unreadMessages: 0,
  unreadNotifications: 0,
  setUnreadMessages: (count) => set({ unreadMessages: clamp(count) }),
  setUnreadNotifications: (count) => set({ unreadNotifications: clamp(count) }),
  reset: () => set({ unreadMessages: 0, unreadNotifications: 0 }),
}));
