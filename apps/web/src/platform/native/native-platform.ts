import { App } from '@capacitor/app';
import { Capacitor } from '@capacitor/core';
import { SplashScreen } from '@capacitor/splash-screen';
import { StatusBar, Style } from '@capacitor/status-bar';
import { browserPosition } from '@/platform/geolocation';
import { subscription } from '@/platform/native/listener';
import { nativeAds } from '@/platform/native/native-ads';
import { nativePush } from '@/platform/native/native-push';
import type { ColorScheme, Platform } from '@/platform/platform';

/** The header's colour in each look (tokens.css --lu-surface), so the status bar continues it. */
const STATUS_BAR = {
  light: { style: Style.Light, color: '#ffffff' },
  dark: { style: Style.Dark, color: '#1f1419' },
} satisfies Record<ColorScheme, { style: Style; color: string }>;

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
  // The native app carries its shell; a service worker has nothing to add.
  installAppShell: async () => {},
  hideSplash: () => SplashScreen.hide(),
  async setStatusBar(scheme) {
    const { style, color } = STATUS_BAR[scheme];
    await StatusBar.setStyle({ style });
    // iOS draws the status bar over the page (safe areas); Android paints it.
    if (Capacitor.getPlatform() === 'android') await StatusBar.setBackgroundColor({ color });
  },
  push: nativePush,
  ads: nativeAds,
};
