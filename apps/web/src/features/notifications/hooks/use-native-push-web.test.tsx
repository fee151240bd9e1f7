import { PUSH_ERRORS, TIMINGS, UI_TEXTS } from '@linkup/contract';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNativePush } from '@/features/notifications/hooks/use-native-push';
import { useMatchCelebration } from '@/lib/match-celebration';
import { offerPush, usePushRequestStore } from '@/lib/push-token';
import { buildDevice, buildSession, calledEndpoints, json, mockApi, resetStores } from '@/test/fixtures';

// The browser (Web Push): never asked on load; asked after a first match or message, explained first (issue 32 item 7).
const device = await vi.hoisted(async () => {
  const fake = (await import('@/test/fake-platform')).fakeNativePlatform('android');
  return { ...fake, platform: { ...fake.platform, isNative: false, getPlatform: () => 'web' as const } };
});
vi.mock('@/platform/platform', () => ({ platform: device.platform, getPlatform: device.platform.getPlatform }));

const dialogs = vi.hoisted(() => ({ confirm: vi.fn(async () => true) }));
vi.mock('@/lib/dialogs', () => ({ confirmDialog: dialogs.confirm }));

const toasts = vi.hoisted(() => ({ error: vi.fn() }));
vi.mock(import('@/lib/toast'), async (importOriginal) => ({ ...(await importOriginal()), toast: { ...(await importOriginal()).toast, ...toasts } }));

const api = () => mockApi({ 'POST /api/user/fcm-token': () => json(200, { success: true, data: buildDevice() }) });
const mount = () => renderHook(() => useNativePush({ onForeground: vi.fn(), onOpened: vi.fn() }));
const oneSecond = () => act(() => vi.advanceTimersByTimeAsync(TIMINGS.nativePushSetupDelayMs));

beforeEach(() => {
  vi.useFakeTimers();
  window.localStorage.clear();
  usePushRequestStore.setState({ requested: 0, offered: 0, blocked: false });
  device.push.permission.mockReset().mockResolvedValue('prompt');
  device.push.requestPermission.mockReset().mockResolvedValue('granted');
  device.push.register.mockReset().mockResolvedValue('{"endpoint":"https://push.example/1"}');
  dialogs.confirm.mockReset().mockResolvedValue(true);
  toasts.error.mockReset();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('web push at a moment that makes sense (issue 32 item 7)', () => {
  it('asks nothing on load; after the first match or message it explains first, then asks the browser', async () => {
    resetStores(buildSession());
    const fetch = api();
    mount();
    await oneSecond();
    expect(dialogs.confirm).not.toHaveBeenCalled();
    expect(device.push.requestPermission).not.toHaveBeenCalled();

    await act(async () => offerPush());
    expect(dialogs.confirm).toHaveBeenCalledWith(UI_TEXTS.pushPrompt.title, UI_TEXTS.pushPrompt.body, {
      confirmLabel: UI_TEXTS.pushPrompt.allow, cancelLabel: UI_TEXTS.pushPrompt.later,
    });
    expect(device.push.requestPermission).toHaveBeenCalledTimes(1);
    expect(calledEndpoints(fetch)).toEqual(['POST /api/user/fcm-token']);

    // A second match or message offers nothing more.
    await act(async () => offerPush());
    expect(dialogs.confirm).toHaveBeenCalledTimes(1);
  });

  it('offered at a match, the explanation waits until "It\'s a match!" is closed: never a dialog over a dialog', async () => {
    resetStores(buildSession());
    api();
    mount();
    await oneSecond();
    await act(async () => {
      useMatchCelebration.getState().celebrate('usr_thandi');
      offerPush();
    });
    expect(dialogs.confirm).not.toHaveBeenCalled();

    await act(async () => useMatchCelebration.getState().celebrate(null));
    expect(dialogs.confirm).toHaveBeenCalledTimes(1);
    expect(device.push.requestPermission).toHaveBeenCalledTimes(1);
  });

  it('"Not now" is remembered: the next start\'s first match asks nothing', async () => {
    resetStores(buildSession());
    api();
    dialogs.confirm.mockResolvedValue(false);
    const first = mount();
    await oneSecond();
    await act(async () => offerPush());
    expect(dialogs.confirm).toHaveBeenCalledTimes(1);
    expect(device.push.requestPermission).not.toHaveBeenCalled();
    first.unmount();

    usePushRequestStore.setState({ requested: 0, offered: 0 });
    mount();
    await oneSecond();
    await act(async () => offerPush());
    expect(dialogs.confirm).toHaveBeenCalledTimes(1);
  });

  it('blocked: says so once where the member pressed "Turn on", never on an offer or a later start', async () => {
    resetStores(buildSession());
    api();
    device.push.permission.mockResolvedValue('denied');
    const first = mount();
    await oneSecond();
    await act(async () => offerPush());
    expect(toasts.error).not.toHaveBeenCalled();
    expect(usePushRequestStore.getState().blocked).toBe(false);

    await act(async () => usePushRequestStore.getState().request());
    expect(toasts.error).toHaveBeenCalledExactlyOnceWith(PUSH_ERRORS.permissionBlocked);
    expect(usePushRequestStore.getState().blocked).toBe(true);
    first.unmount();
  });

  it("a failing subscription says 'Failed to subscribe' only when the member asked, not on every later page", async () => {
    resetStores(buildSession());
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    device.push.permission.mockResolvedValue('granted');
    device.push.register.mockRejectedValue(new Error('push service unavailable'));
    const first = mount();
    await oneSecond();
    expect(device.push.register).toHaveBeenCalledTimes(1);
    expect(toasts.error).not.toHaveBeenCalled();
    first.unmount();

    mount();
    await oneSecond();
    expect(toasts.error).not.toHaveBeenCalled();
    await act(async () => usePushRequestStore.getState().request());
    expect(toasts.error).toHaveBeenCalledExactlyOnceWith(PUSH_ERRORS.subscribe);
  });
});
