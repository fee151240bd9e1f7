import { describe, expect, it } from 'vitest';
import { createNativePlatform } from '@/platform/native/native-platform';

describe('the native platform', () => {
  it('has push only in a build with Firebase: without google-services.json, registering would crash Android', () => {
    const without = { android: false, ios: false };
    expect(createNativePlatform('android', without).push).toBeUndefined();
    expect(createNativePlatform('ios', without).push).toBeUndefined();
    expect(createNativePlatform('android', { android: true, ios: false }).push).toBeDefined();
    expect(createNativePlatform('ios', { android: true, ios: false }).push).toBeUndefined();
    expect(createNativePlatform('ios', { android: false, ios: true }).push).toBeDefined();
  });

  it('keeps ads and names its platform either way', () => {
    const android = createNativePlatform('android', { android: false, ios: false });
    expect(android.getPlatform()).toBe('android');
    expect(android.isNative).toBe(true);
    expect(android.ads).toBeDefined();
  });
});
