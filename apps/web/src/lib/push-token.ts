/**
 * The device's push token as last registered (spec §3 "Push token registration", §4): kept in
 * localStorage under `linkup.push-token` so a token saved while signed out can be sent after
 * sign-in, and removed on logout together with the session. Beside it, which member it was last
 * sent for and when, so it is sent again after a sign-in as someone else or after 7 days (spec §9).
 */
import { TIMINGS } from '@linkup/contract';
import { create } from 'zustand';

/**
 * The member asked for push notifications on this device (Settings → Notifications): on the web
 * the permission is asked only then, or after a notification reached them in the app — never on
 * first load.
 */
export const usePushRequestStore = create<{
  requested: number;
  request: () => void;
  /** A moment that makes sense to offer push (issue 32 item 7): a match, a message sent — explained in the app first. */
  offered: number;
  offer: () => void;
  /** The browser blocks notifications and the member was told how to unblock them (said once, where they acted). */
  blocked: boolean;
  setBlocked: (blocked: boolean) => void;
}>()((set) => ({
  requested: 0,
  request: () => set((s) => ({ requested: s.requested + 1 })),
  offered: 0,
  // Once per start: the first match or first message sent; later ones change nothing.
  offer: () => set((s) => (s.offered > 0 ? s : { offered: 1 })),
  blocked: false,
  setBlocked: (blocked) => set({ blocked }),
}));

/** Offers push at a moment that makes sense (first match, first message); the explanation's "Not now" is remembered. */
export const offerPush = (): void => usePushRequestStore.getState().offer();

export const PUSH_TOKEN_STORAGE_KEY = 'linkup.push-token';
export const PUSH_TOKEN_SENT_STORAGE_KEY = 'linkup.push-token.sent';

interface SentRecord {
  token: string;
  userId: string;
  at: number;
}

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function readStoredPushToken(): string | null {
  try {
    return storage()?.getItem(PUSH_TOKEN_STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

export function storePushToken(token: string): void {
  try {
    storage()?.setItem(PUSH_TOKEN_STORAGE_KEY, token);
  } catch (error) {
    console.warn('Could not save the push token', error);
  }
}

export function clearStoredPushToken(): void {
  try {
    storage()?.removeItem(PUSH_TOKEN_STORAGE_KEY);
    storage()?.removeItem(PUSH_TOKEN_SENT_STORAGE_KEY);
  } catch {
    // Storage unavailable: nothing was kept either.
  }
}

function readSent(): SentRecord | null {
  try {
    const value: unknown = JSON.parse(storage()?.getItem(PUSH_TOKEN_SENT_STORAGE_KEY) ?? 'null');
    const record = value as Partial<SentRecord> | null;
    return record && typeof record.token === 'string' && typeof record.userId === 'string' && typeof record.at === 'number'
      ? (record as SentRecord)
      : null;
  } catch {
    return null;
  }
}

/** Remembers that the server has `token` for `userId` as of `at`. */
export function markPushTokenSent(token: string, userId: string, at: number = Date.now()): void {
  try {
    storage()?.setItem(PUSH_TOKEN_SENT_STORAGE_KEY, JSON.stringify({ token, userId, at } satisfies SentRecord));
  } catch (error) {
    console.warn('Could not save when the push token was sent', error);
  }
}

/** Whether `token` must be (re)sent for `userId`: never sent, sent for someone else, or 7 days ago. */
export function pushTokenNeedsSending(token: string, userId: string, now: number = Date.now()): boolean {
  const sent = readSent();
  return !sent || sent.token !== token || sent.userId !== userId || now - sent.at >= TIMINGS.pushTokenRefreshMs;
}
