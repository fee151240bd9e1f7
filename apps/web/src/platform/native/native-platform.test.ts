import { describe, expect, it } from 'vitest';
import { createNativePlatform } from '@/platform/native/native-platform';

describe('the native platform', () => {
  it('has push only in a build with Firebase: without google-services.json, registering would crash Android', () => {
    const without = { android: false, ios: false };
    expect(createNativePlatform('android', without, without).push).toBeUndefined();
    expect(createNativePlatform('ios', without, without).push).toBeUndefined();
    expect(createNativePlatform('android', { android: true, ios: false }, without).push).toBeDefined();
    expect(createNativePlatform('ios', { android: true, ios: false }, without).push).toBeUndefined();
    expect(createNativePlatform('ios', { android: false, ios: true }, without).push).toBeDefined();
  });

  it('keeps ads and names its platform either way', () => {
    const android = createNativePlatform('android', { android: false, ios: false }, { android: false, ios: false });
    expect(android.getPlatform()).toBe('android');
    expect(android.isNative).toBe(true);
    expect(android.ads).toBeDefined();
  });

  it('sells premium only through its store, and only in a build whose store is configured', () => {
    const none = { android: false, ios: false };
    for (const build of [createNativePlatform('ios', none, none), createNativePlatform('ios', none, { android: true, ios: false })]) {
      expect(build.sellsPremium).toBe(false);
      expect(build.storeBilling).toBeUndefined();
    }
    const ios = createNativePlatform('ios', none, { android: false, ios: true });
    expect(ios.sellsPremium).toBe(true);
    expect(ios.storeBilling?.store).toBe('apple');
    expect(createNativePlatform('android', none, { android: true, ios: false }).storeBilling?.store).toBe('google');
  });
});
