/**
 * The one place that knows whether LinkUp runs in a browser or inside the native shell. Features
 * and app/ ask `platform` (or `getPlatform()`), never Capacitor directly.
 */
import { Capacitor } from '@capacitor/core';
import type { DevicePosition } from '@/platform/geolocation';
import { nativePlatform } from '@/platform/native/native-platform';
import { webPlatform } from '@/platform/web/web-platform';

export type PlatformName = 'web' | 'android' | 'ios';
export type Unsubscribe = () => void;

export interface Platform {
  getPlatform(): PlatformName;
  readonly isNative: boolean;
  /** The hardware back button (Android); nothing on the web, where the browser owns back. */
  onBackButton(handler: () => void): Unsubscribe;
  /** Links that open the app (`linkup://…` or a universal link); nothing on the web. */
  onDeepLink(handler: (url: string) => void): Unsubscribe;
  exitApp(): Promise<void>;
  /** The device position, once (rejects with a PositionError when it cannot be had). */
  currentPosition(): Promise<DevicePosition>;
}

export const platform: Platform = Capacitor.isNativePlatform() ? nativePlatform : webPlatform;

export const getPlatform = (): PlatformName => platform.getPlatform();
