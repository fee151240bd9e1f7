import { browserPosition } from '@/platform/geolocation';
import type { Platform } from '@/platform/platform';

const noop = () => {};

/** In a browser the back button, links and closing belong to the browser itself. */
export const webPlatform: Platform = {
  getPlatform: () => 'web',
  isNative: false,
  onBackButton: () => noop,
  onDeepLink: () => noop,
  exitApp: async () => {},
  currentPosition: () => browserPosition(),
};
