import type { PermissionState } from '@capacitor/core';
import { PushNotifications, type PushNotificationSchema } from '@capacitor/push-notifications';
import { PushDataSchema } from '@linkup/contract';
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

/** @capacitor/push-notifications: the FCM token on Android, and on iOS through Firebase (AppDelegate). */
export const nativePush: PushPlatform = {
  permission: async () => permissionOf((await PushNotifications.checkPermissions()).receive),
  requestPermission: async () => permissionOf((await PushNotifications.requestPermissions()).receive),
  register: () =>
    new Promise<string>((resolve, reject) => {
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
    }),
  onForeground: (handler) =>
    subscription(PushNotifications.addListener('pushNotificationReceived', (notification) => handler(pushMessage(notification)))),
  onOpened: (handler) =>
    subscription(
      PushNotifications.addListener('pushNotificationActionPerformed', ({ notification, actionId }) => handler(pushMessage(notification), actionId)),
    ),
};
