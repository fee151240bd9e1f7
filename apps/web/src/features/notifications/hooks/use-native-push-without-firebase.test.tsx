import { TIMINGS } from '@linkup/contract';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNativePush } from '@/features/notifications/hooks/use-native-push';
import { PUSH_TOKEN_STORAGE_KEY } from '@/lib/push-token';
import { buildSession, calledEndpoints, mockApi, resetStores } from '@/test/fixtures';

// An Android build without google-services.json (issue #34 item 7): the platform has no push.
const device = await vi.hoisted(async () => (await import('@/test/fake-platform')).fakeNativePlatform('android', { firebase: false }));
vi.mock('@/platform/platform', () => ({ platform: device.platform, getPlatform: device.platform.getPlatform }));

const dialogs = vi.hoisted(() => ({ confirm: vi.fn(async () => true) }));
vi.mock('@/lib/dialogs', () => ({ confirmDialog: dialogs.confirm }));

const toasts = vi.hoisted(() => ({ error: vi.fn() }));
vi.mock(import('@/lib/toast'), async (importOriginal) => ({ ...(await importOriginal()), toast: { ...(await importOriginal()).toast, ...toasts } }));

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('native push in a build without Firebase', () => {
  it('never registers (FirebaseMessaging would crash the app): no permission question, no token, no error', async () => {
    resetStores(buildSession());
    const fetch = mockApi({});
    renderHook(() => useNativePush({ onForeground: vi.fn(), onOpened: vi.fn() }));
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.nativePushSetupDelayMs * 5));

    expect(device.platform).not.toHaveProperty('push');
    expect(device.push.permission).not.toHaveBeenCalled();
    expect(device.push.requestPermission).not.toHaveBeenCalled();
    expect(device.push.register).not.toHaveBeenCalled();
    expect(dialogs.confirm).not.toHaveBeenCalled();
    expect(toasts.error).not.toHaveBeenCalled();
    expect(calledEndpoints(fetch)).toEqual([]);
    expect(window.localStorage.getItem(PUSH_TOKEN_STORAGE_KEY)).toBeNull();
    expect(device.listensForPushes()).toBe(false);
  });
});
