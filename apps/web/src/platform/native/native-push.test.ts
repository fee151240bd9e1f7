import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NATIVE_APP } from '@linkup/contract';
import { createNativePush, pushMessage } from '@/platform/native/native-push';

const nativePush = createNativePush('ios');

/** @capacitor/push-notifications as the device would answer; its events are played by the test. */
const plugin = vi.hoisted(() => {
  const listeners = new Map<string, (event: unknown) => void>();
  return {
    listeners,
    checkPermissions: vi.fn(async () => ({ receive: 'prompt-with-rationale' })),
    requestPermissions: vi.fn(async () => ({ receive: 'granted' })),
    register: vi.fn(async () => {}),
    createChannel: vi.fn(async () => {}),
    addListener: vi.fn(async (event: string, listener: (event: unknown) => void) => {
      listeners.set(event, listener);
      return { remove: async () => void listeners.delete(event) };
    }),
  };
});
vi.mock('@capacitor/push-notifications', () => ({ PushNotifications: plugin }));

beforeEach(() => {
  vi.clearAllMocks();
  plugin.listeners.clear();
});

describe('native push', () => {
  it('reads and asks the notification permission', async () => {
    expect(await nativePush.permission()).toBe('prompt');
    expect(await nativePush.requestPermission()).toBe('granted');
    plugin.checkPermissions.mockResolvedValueOnce({ receive: 'denied' });
    expect(await nativePush.permission()).toBe('denied');
  });

  it('registers and answers the FCM token, then stops listening', async () => {
    plugin.register.mockImplementationOnce(async () => plugin.listeners.get('registration')?.({ value: 'fcm-abc' }));
    await expect(nativePush.register()).resolves.toBe('fcm-abc');
    await vi.waitFor(() => expect(plugin.listeners.size).toBe(0));
  });

  it('makes the app’s named channel on Android before registering (Android 8+ shows pushes only on a channel); iOS has none', async () => {
    const android = createNativePush('android');
    plugin.register.mockImplementationOnce(async () => plugin.listeners.get('registration')?.({ value: 'fcm-android' }));
    await expect(android.register()).resolves.toBe('fcm-android');
    expect(plugin.createChannel).toHaveBeenCalledWith(expect.objectContaining({
      id: NATIVE_APP.pushChannel.id, name: NATIVE_APP.pushChannel.name, description: NATIVE_APP.pushChannel.description, importance: 4,
    }));
    expect(plugin.createChannel.mock.invocationCallOrder[0]).toBeLessThan(plugin.register.mock.invocationCallOrder[0]!);

    plugin.register.mockImplementationOnce(async () => plugin.listeners.get('registration')?.({ value: 'fcm-ios' }));
    plugin.createChannel.mockClear();
    await expect(nativePush.register()).resolves.toBe('fcm-ios');
    expect(plugin.createChannel).not.toHaveBeenCalled();
  });

  it('hears a token the push service replaced later, until unsubscribed', async () => {
    const refreshed = vi.fn();
    const off = nativePush.onTokenRefresh(refreshed);
    await vi.waitFor(() => expect(plugin.listeners.has('registration')).toBe(true));
    plugin.listeners.get('registration')?.({ value: 'fcm-new' });
    expect(refreshed).toHaveBeenCalledWith('fcm-new');
    off();
    await vi.waitFor(() => expect(plugin.listeners.has('registration')).toBe(false));
  });

  it('fails when the push service refuses', async () => {
    plugin.register.mockImplementationOnce(async () => plugin.listeners.get('registrationError')?.({ error: 'SERVICE_NOT_AVAILABLE' }));
    await expect(nativePush.register()).rejects.toThrow('SERVICE_NOT_AVAILABLE');
  });

  it('hands over pushes received in the foreground and tapped ones with spec §3 data', async () => {
    const received = vi.fn();
    const opened = vi.fn();
    nativePush.onForeground(received);
    const off = nativePush.onOpened(opened);
    await vi.waitFor(() => expect(plugin.listeners.size).toBe(2));

    plugin.listeners.get('pushNotificationReceived')?.({ id: '1', title: 'New Like', body: 'Sam liked you', data: { type: 'like', viewer_id: 'usr_sam', viewer_age: '29' } });
    expect(received).toHaveBeenCalledWith({ data: { type: 'like', viewer_id: 'usr_sam', viewer_age: '29' }, title: 'New Like', body: 'Sam liked you' });

    plugin.listeners.get('pushNotificationActionPerformed')?.({ actionId: 'tap', notification: { id: '2', data: { type: 'message', chat_room_id: 'r1' } } });
    expect(opened).toHaveBeenCalledWith({ data: { type: 'message', chat_room_id: 'r1' } }, 'tap');

    off();
    await vi.waitFor(() => expect(plugin.listeners.has('pushNotificationActionPerformed')).toBe(false));
  });

  it('reads a push without a type as an unknown one', () => {
    expect(pushMessage({ id: '1', data: { foo: 'bar' } })).toEqual({ data: { type: 'other' } });
  });
});
