import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';
import type { PushMessage, PushPermission, PushPlatform, Unsubscribe } from '@/platform/platform';
import { registerServiceWorker } from '@/platform/web/service-worker';

/** What the service worker posts to the page when a notification is clicked (see pwa/sw.js). */
interface OpenedMessage {
  type: 'notification-opened';
  action: string;
  data: unknown;
}

/** Whether this browser can do Web Push at all: a service worker, the Push API and notifications. */
export function webPushSupported(scope: typeof globalThis = globalThis): boolean {
  return 'serviceWorker' in (scope.navigator ?? {}) && 'PushManager' in scope && 'Notification' in scope;
}

const permissionOf = (value: NotificationPermission): PushPermission =>
  value === 'granted' ? 'granted' : value === 'denied' ? 'denied' : 'prompt';

function urlBase64ToBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  const registered = await registerServiceWorker();
  if (!registered) throw new Error('The service worker could not be registered');
  return navigator.serviceWorker.ready;
}

/**
 * Web Push in the browser (spec §4 "Push"): the service worker at /sw.js receives pushes; the
 * device's token is the push subscription as JSON, made with the server's VAPID key (GET
 * /push/web-push-key) — the same subscription again while it lasts. Pushes arriving while the
 * page is open reach it as the in-app card through the socket, so `onForeground` hears nothing.
 */
export const webPush: PushPlatform = {
  permission: async () => permissionOf(Notification.permission),
  requestPermission: async () => permissionOf(await Notification.requestPermission()),
  async register() {
    const worker = await registration();
    const existing = await worker.pushManager.getSubscription();
    if (existing) return JSON.stringify(existing.toJSON());
    const response = await api.get<unknown>('/push/web-push-key');
    const key = (await schemas()).WebPushKeySchema.parse(response.data).public_key;
    const subscription = await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: urlBase64ToBytes(key) });
    return JSON.stringify(subscription.toJSON());
  },
  onForeground: (): Unsubscribe => () => {},
  // A browser renews a subscription in the service worker ('pushsubscriptionchange'), not the
  // page; `register` answers the current one whenever the app asks again.
  onTokenRefresh: (): Unsubscribe => () => {},
  onOpened(handler) {
    if (!('serviceWorker' in navigator)) return () => {};
    const listener = (event: MessageEvent<OpenedMessage>) => {
      if (event.data?.type !== 'notification-opened') return;
      const { action, data } = event.data;
      // The schemas load lazily (zod stays off the first page); by a tap on a notification they
      // usually have.
      void schemas().then(({ PushDataSchema }) => {
        const parsed = PushDataSchema.safeParse(data);
        const message: PushMessage = { data: parsed.success ? parsed.data : { type: 'other' } };
        handler(message, action || 'tap');
      });
    };
    navigator.serviceWorker.addEventListener('message', listener);
    return () => navigator.serviceWorker.removeEventListener('message', listener);
  },
};
