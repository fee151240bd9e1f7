import type { PushData } from '@linkup/contract';
import { create } from 'zustand';

export interface CardNotification {
  /** Distinguishes two cards with the same data, so the 8 s timer restarts for a new one. */
  key: number;
  data: PushData;
  title?: string;
  body?: string;
  receivedAt: string;
}

interface CardState {
  card: CardNotification | null;
  show: (notification: { data: PushData; title?: string; body?: string }) => void;
  dismiss: () => void;
}

let keys = 0;

/** The in-app card on screen: one at a time, the newest replacing the last. */
export const useNotificationCardStore = create<CardState>()((set) => ({
  card: null,
  show: ({ data, title, body }) =>
    set({
      card: {
        key: ++keys,
        data,
        ...(title ? { title } : {}),
        ...(body ? { body } : {}),
        receivedAt: new Date().toISOString(),
      },
    }),
  dismiss: () => set({ card: null }),
}));
