import { browserPosition } from '@/platform/geolocation';
import type { Platform } from '@/platform/platform';
import { registerServiceWorker } from '@/platform/web/service-worker';
import { webPush, webPushSupported } from '@/platform/web/web-push';

const noop = () => {};

/**
 * In a browser the back button, links and closing belong to the browser itself, the browser
 * draws its own bars and has no launch screen; there are no ads, and pushes are Web Push through
 * the service worker.
 */
export const webPlatform: Platform = {
  getPlatform: () => 'web',
  isNative: false,
  sellsPremium: true,
  onBackButton: () => noop,
  onDeepLink: () => noop,
  onResume: () => noop,
  exitApp: async () => {},
  currentPosition: () => browserPosition(),
  installAppShell: async () => {
    await registerServiceWorker();
  },
  hideSplash: async () => {},
  setStatusBar: async () => {},
  // Browsers without the Push API (or a service worker) have none: callers check.
  ...(webPushSupported() ? { push: webPush } : {}),
};
