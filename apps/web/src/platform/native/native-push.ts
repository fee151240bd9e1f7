import type { PermissionState } from '@capacitor/core';
import { PushNotifications, type PushNotificationSchema } from '@capacitor/push-notifications';
import { NATIVE_APP, PushDataSchema } from '@linkup/contract';
import { subscription } from '@/platform/native/listener';
import type { PushMessage, PushPermission, PushPlatform } from '@/platform/platform';

const permissionOf = (state: PermissionState): PushPermission =>
  state === 'granted' ? 'granted' : state === 'denied' ? 'denied' : 'prompt';

/** FCM sends data as strings; spec §3 push data, with an unknown type where it has none. */
export function pushMessage(notification: PushNotificationSchema): PushMessage {
  const parsed = PushDataSchema.safeParse(notification.data ?? {});
  return {
    data: parsed.success ? parsed.data : { type: 'other' },
    ...(notification.title ? { title: notification.title } : {}),
    ...(notification.body ? { body: notification.body } : {}),
  };
}

/** Android's importance 4 (high: sound and a heads-up banner) and visibility 0 (private: the lock screen hides the text). */
const HIGH_IMPORTANCE = 4;
const PRIVATE_ON_LOCK_SCREEN = 0;

/**
 * @capacitor/push-notifications: the FCM token on Android, and on iOS through Firebase
 * (AppDelegate). On Android the app's named channel (the contract's; FCM messages and the
 * manifest's default name it) is made before registering: without it Android 8+ files pushes
 * under "Miscellaneous". Making an existing channel again changes nothing the member set.
 */
export function createNativePush(name: 'android' | 'ios'): PushPlatform {
  return {
    permission: async () => permissionOf((await PushNotifications.checkPermissions()).receive),
    requestPermission: async () => permissionOf((await PushNotifications.requestPermissions()).receive),
    register: async () => {
      if (name === 'android') {
        const { id, name: channelName, description } = NATIVE_APP.pushChannel;
        await PushNotifications.createChannel({ id, name: channelName, description, importance: HIGH_IMPORTANCE, visibility: PRIVATE_ON_LOCK_SCREEN, vibration: true });
      }
      return new Promise<string>((resolve, reject) => {
        const handles = Promise.all([
          PushNotifications.addListener('registration', ({ value }) => {
            done();
            resolve(value);
          }),
          PushNotifications.addListener('registrationError', ({ error }) => {
            done();
            reject(new Error(`Push registration failed: ${error}`));
          }),
        ]);
        const done = () => void handles.then((all) => all.forEach((h) => void h.remove()));
        handles.then(() => PushNotifications.register()).catch((error: unknown) => {
          done();
          reject(error instanceof Error ? error : new Error(String(error)));
        });
      });
    },
    // FCM hands the app a new token now and then (restored backups, app data cleared, token
    // rotation); the plugin reports it as another 'registration'.
    onTokenRefresh: (handler) => subscription(PushNotifications.addListener('registration', ({ value }) => handler(value))),
    onForeground: (handler) =>
      subscription(PushNotifications.addListener('pushNotificationReceived', (notification) => handler(pushMessage(notification)))),
    onOpened: (handler) =>
      subscription(
        PushNotifications.addListener('pushNotificationActionPerformed', ({ notification, actionId }) => handler(pushMessage(notification), actionId)),
      ),
  };
}
