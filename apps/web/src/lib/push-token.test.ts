import { TIMINGS } from '@linkup/contract';
import { describe, expect, it } from 'vitest';
import {
  PUSH_TOKEN_STORAGE_KEY,
  clearStoredPushToken,
  markPushTokenSent,
  pushTokenNeedsSending,
  readStoredPushToken,
  storePushToken,
} from '@/lib/push-token';

describe('stored push token', () => {
  it('is kept under linkup.push-token and removed on request', () => {
    expect(readStoredPushToken()).toBeNull();
    storePushToken('fcm-1');
    expect(window.localStorage.getItem(PUSH_TOKEN_STORAGE_KEY)).toBe('fcm-1');
    expect(readStoredPushToken()).toBe('fcm-1');
    clearStoredPushToken();
    expect(readStoredPushToken()).toBeNull();
  });

  it('is sent once per member and token, and again after 7 days (spec §9)', () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    expect(pushTokenNeedsSending('fcm-1', 'u1', now)).toBe(true);
    markPushTokenSent('fcm-1', 'u1', now);
    expect(pushTokenNeedsSending('fcm-1', 'u1', now + TIMINGS.pushTokenRefreshMs - 1)).toBe(false);
    expect(pushTokenNeedsSending('fcm-1', 'u1', now + TIMINGS.pushTokenRefreshMs)).toBe(true);
    expect(pushTokenNeedsSending('fcm-2', 'u1', now)).toBe(true);
    expect(pushTokenNeedsSending('fcm-1', 'u2', now)).toBe(true);

    clearStoredPushToken();
    expect(pushTokenNeedsSending('fcm-1', 'u1', now)).toBe(true);
  });
});
