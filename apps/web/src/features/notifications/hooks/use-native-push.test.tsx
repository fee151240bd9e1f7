import { PUSH_ERRORS, TIMINGS, UI_TEXTS } from '@linkup/contract';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNativePush } from '@/features/notifications/hooks/use-native-push';
import { PUSH_TOKEN_STORAGE_KEY } from '@/lib/push-token';
import { useSessionStore } from '@/lib/session-store';
import { apiError, buildDevice, buildSession, calledEndpoints, json, mockApi, resetStores, sentBody } from '@/test/fixtures';

const device = await vi.hoisted(async () => (await import('@/test/fake-platform')).fakeNativePlatform('android'));
vi.mock('@/platform/platform', () => ({ platform: device.platform, getPlatform: device.platform.getPlatform }));

const dialogs = vi.hoisted(() => ({ confirm: vi.fn(async () => true) }));
vi.mock('@/lib/dialogs', () => ({ confirmDialog: dialogs.confirm }));

const toasts = vi.hoisted(() => ({ error: vi.fn() }));
vi.mock(import('@/lib/toast'), async (importOriginal) => ({ ...(await importOriginal()), toast: { ...(await importOriginal()).toast, ...toasts } }));

function api() {
  return mockApi({ 'POST /api/user/fcm-token': () => json(200, { success: true, data: buildDevice() }) });
}

function mount(handlers = { onForeground: vi.fn(), onOpened: vi.fn() }) {
  const view = renderHook(() => useNativePush(handlers));
  return { ...view, handlers };
}

const oneSecond = () => act(() => vi.advanceTimersByTimeAsync(TIMINGS.nativePushSetupDelayMs));

beforeEach(() => {
  vi.useFakeTimers();
  device.push.permission.mockReset().mockResolvedValue('granted');
  device.push.requestPermission.mockReset().mockResolvedValue('granted');
  device.push.register.mockReset().mockResolvedValue('fcm-device-token-1');
  dialogs.confirm.mockReset().mockResolvedValue(true);
  toasts.error.mockReset();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('native push set-up (spec §4)', () => {
  it('starts 1 s after start: permission, registration, then the token goes to POST /user/fcm-token', async () => {
    resetStores(buildSession());
    const fetch = api();
    mount();
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.nativePushSetupDelayMs - 1));
    expect(device.push.permission).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(device.push.permission).toHaveBeenCalledTimes(1);
    expect(device.push.register).toHaveBeenCalledTimes(1);
    expect(calledEndpoints(fetch)).toEqual(['POST /api/user/fcm-token']);
    expect(sentBody(fetch, 'POST /api/user/fcm-token')).toEqual({
      fcm_token: 'fcm-device-token-1', device_type: 'android', device_name: 'LinkUp for Android', user_agent: navigator.userAgent,
    });
    expect(window.localStorage.getItem(PUSH_TOKEN_STORAGE_KEY)).toBe('fcm-device-token-1');
    expect(dialogs.confirm).not.toHaveBeenCalled();
  });

  it('keeps a token obtained while signed out and sends it after login', async () => {
    resetStores(null);
    const fetch = api();
    mount();
    await oneSecond();
    expect(device.push.register).toHaveBeenCalled();
    expect(window.localStorage.getItem(PUSH_TOKEN_STORAGE_KEY)).toBe('fcm-device-token-1');
    expect(calledEndpoints(fetch)).toEqual([]);

    await act(async () => useSessionStore.getState().signIn(buildSession()));
    expect(calledEndpoints(fetch)).toEqual(['POST /api/user/fcm-token']);
    // Sent once: another render with the same member and token sends nothing.
    await act(async () => useSessionStore.getState().updateUser(buildSession({ name: 'Alex Renamed' }).user));
    expect(calledEndpoints(fetch)).toHaveLength(1);
  });

  it('explains first, then asks the system, when permission was never asked', async () => {
    resetStores(buildSession());
    api();
    device.push.permission.mockResolvedValue('prompt');
    mount();
    await oneSecond();
    expect(dialogs.confirm).toHaveBeenCalledWith(UI_TEXTS.pushPrompt.title, UI_TEXTS.pushPrompt.body, {
      confirmLabel: UI_TEXTS.pushPrompt.allow, cancelLabel: UI_TEXTS.pushPrompt.later,
    });
    expect(device.push.requestPermission).toHaveBeenCalled();
    expect(device.push.register).toHaveBeenCalled();
  });

  it('asks nothing more after "Not now", and nothing of a signed-out visitor', async () => {
    resetStores(buildSession());
    const fetch = api();
    device.push.permission.mockResolvedValue('prompt');
    dialogs.confirm.mockResolvedValue(false);
    const first = mount();
    await oneSecond();
    expect(device.push.requestPermission).not.toHaveBeenCalled();
    expect(device.push.register).not.toHaveBeenCalled();
    first.unmount();

    resetStores(null);
    dialogs.confirm.mockClear();
    window.localStorage.clear();
    mount();
    await oneSecond();
    expect(dialogs.confirm).not.toHaveBeenCalled();
    expect(calledEndpoints(fetch)).toEqual([]);
  });

  it('registers nothing when the member has blocked notifications', async () => {
    resetStores(buildSession());
    const fetch = api();
    device.push.permission.mockResolvedValue('denied');
    mount();
    await oneSecond();
    expect(device.push.register).not.toHaveBeenCalled();
    expect(calledEndpoints(fetch)).toEqual([]);
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it("says 'Failed to subscribe' when registration fails, and 'Failed to update' when the server refuses", async () => {
    resetStores(buildSession());
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({ 'POST /api/user/fcm-token': () => apiError(500, 'Server error. Please try again later.') });
    device.push.register.mockRejectedValueOnce(new Error('no Google Play services'));
    const first = mount();
    await oneSecond();
    expect(toasts.error).toHaveBeenCalledWith(PUSH_ERRORS.subscribe);
    first.unmount();

    mount();
    await oneSecond();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(toasts.error).toHaveBeenCalledWith(PUSH_ERRORS.update);
  });

  it('sends a token the push service replaced mid-session to the server at once, and keeps it on the device', async () => {
    resetStores(buildSession());
    const fetch = api();
    mount();
    await oneSecond();
    expect(calledEndpoints(fetch)).toEqual(['POST /api/user/fcm-token']);

    act(() => device.tokenRefreshed('fcm-device-token-2'));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(calledEndpoints(fetch)).toEqual(['POST /api/user/fcm-token', 'POST /api/user/fcm-token']);
    expect(sentBody(fetch, 'POST /api/user/fcm-token', 1)).toMatchObject({ fcm_token: 'fcm-device-token-2', device_type: 'android' });
    expect(window.localStorage.getItem(PUSH_TOKEN_STORAGE_KEY)).toBe('fcm-device-token-2');
  });

  it('hands pushes in the foreground and taps to the handlers, a tap meaning its type’s first action', async () => {
    resetStores(buildSession());
    api();
    const { handlers } = mount();
    act(() => device.pushArrives({ type: 'like', viewer_id: 'usr_sam' }, { title: 'New Like' }));
    expect(handlers.onForeground).toHaveBeenCalledWith({ data: { type: 'like', viewer_id: 'usr_sam' }, title: 'New Like' });

    act(() => device.pushTapped({ type: 'message', chat_room_id: 'room_9' }));
    expect(handlers.onOpened).toHaveBeenLastCalledWith('reply', { type: 'message', chat_room_id: 'room_9' });
    act(() => device.pushTapped({ type: 'match', action: 'view_matches' }));
    expect(handlers.onOpened).toHaveBeenLastCalledWith('view_matches', { type: 'match', action: 'view_matches' });
    act(() => device.pushTapped({ type: 'like', viewer_id: 'usr_sam' }, 'like_back'));
    expect(handlers.onOpened).toHaveBeenLastCalledWith('like_back', { type: 'like', viewer_id: 'usr_sam' });
  });
});
