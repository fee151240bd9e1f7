import { App } from '@capacitor/app';
import { Capacitor } from '@capacitor/core';
import { SplashScreen } from '@capacitor/splash-screen';
import { StatusBar, Style } from '@capacitor/status-bar';
import { env } from '@/config/env';
import { browserPosition } from '@/platform/geolocation';
import { subscription } from '@/platform/native/listener';
import { nativeAds } from '@/platform/native/native-ads';
import { createNativePush } from '@/platform/native/native-push';
import { createStoreBilling } from '@/platform/native/native-store';
import type { ColorScheme, Platform } from '@/platform/platform';

type NativeName = 'android' | 'ios';

/** The header's colour in each look (tokens.css --lu-surface), so the status bar continues it. */
const STATUS_BAR = {
  light: { style: Style.Light, color: '#ffffff' },
  dark: { style: Style.Dark, color: '#1f1419' },
} satisfies Record<ColorScheme, { style: Style; color: string }>;

/**
 * The native platform of an `name` build. `firebase`: whether each project was built with
 * Firebase's file (env.nativePush). Without it there is no `push` at all: registering would crash
 * the Android app (FirebaseMessaging.getInstance() throws, capacitor-plugins#2370) and fail on iOS.
 * `stores`: whether each build sells through its store (env.storeBilling); without it nothing is
 * offered for sale (platform.ts).
 */
export function createNativePlatform(name: NativeName, firebase: Record<NativeName, boolean>, stores: Record<NativeName, boolean>): Platform {
  return {
    getPlatform: () => name,
    isNative: true,
    sellsPremium: stores[name],
    ...(stores[name] ? { storeBilling: createStoreBilling(name) } : {}),
    onBackButton: (handler) => subscription(App.addListener('backButton', () => handler())),
    onDeepLink: (handler) => subscription(App.addListener('appUrlOpen', (event) => handler(event.url))),
    onResume: (handler) => subscription(App.addListener('resume', () => handler())),
    exitApp: () => App.exitApp(),
    // The web view's navigator.geolocation asks for the OS permission itself.
    currentPosition: () => browserPosition(),
    // The native app carries its shell; a service worker has nothing to add.
    installAppShell: async () => {},
    hideSplash: () => SplashScreen.hide(),
    async setStatusBar(scheme) {
      const { style, color } = STATUS_BAR[scheme];
      await StatusBar.setStyle({ style });
      // iOS draws the status bar over the page (safe areas); Android paints it.
      if (name === 'android') await StatusBar.setBackgroundColor({ color });
    },
    ...(firebase[name] ? { push: createNativePush(name) } : {}),
    ads: nativeAds,
  };
}

export const nativePlatform: Platform = createNativePlatform(Capacitor.getPlatform() === 'ios' ? 'ios' : 'android', env.nativePush, env.storeBilling);
