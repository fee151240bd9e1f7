import { App } from '@capacitor/app';
import { Capacitor, type PluginListenerHandle } from '@capacitor/core';
import { browserPosition } from '@/platform/geolocation';
import type { Platform, Unsubscribe } from '@/platform/platform';

/** Listener handles arrive asynchronously; the returned function removes them whenever they do. */
function subscription(pending: Promise<PluginListenerHandle>): Unsubscribe {
  let removed = false;
  let handle: PluginListenerHandle | undefined;
  pending
    .then((h) => {
      handle = h;
      if (removed) void h.remove();
    })
    .catch((error: unknown) => console.warn('Native listener failed to register', error));
  return () => {
    removed = true;
    if (handle) void handle.remove();
  };
}

export const nativePlatform: Platform = {
  getPlatform: () => {
    const name = Capacitor.getPlatform();
    return name === 'android' || name === 'ios' ? name : 'web';
  },
  isNative: true,
  onBackButton: (handler) => subscription(App.addListener('backButton', () => handler())),
  onDeepLink: (handler) => subscription(App.addListener('appUrlOpen', (event) => handler(event.url))),
  exitApp: () => App.exitApp(),
  // The web view's navigator.geolocation asks for the OS permission itself.
  currentPosition: () => browserPosition(),
};
