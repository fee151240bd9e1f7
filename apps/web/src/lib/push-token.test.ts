import { describe, expect, it } from 'vitest';
import { PUSH_TOKEN_STORAGE_KEY, clearStoredPushToken, readStoredPushToken, storePushToken } from '@/lib/push-token';

describe('stored push token', () => {
  it('is kept under linkup.push-token and removed on request', () => {
    expect(readStoredPushToken()).toBeNull();
    storePushToken('fcm-1');
    expect(window.localStorage.getItem(PUSH_TOKEN_STORAGE_KEY)).toBe('fcm-1');
    expect(readStoredPushToken()).toBe('fcm-1');
    clearStoredPushToken();
    expect(readStoredPushToken()).toBeNull();
  });
});
