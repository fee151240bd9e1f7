import { describe, expect, it } from 'vitest';
import { DEFAULT_TEST_DEVICE, GOOGLE_TEST_BANNERS, parseEnv } from '@/config/env';

describe('web app settings', () => {
  it("defaults to '/api', Google's test banners and the emulator as the one test device", () => {
    expect(parseEnv({})).toEqual({
      apiUrl: '/api',
      ads: { testDevice: DEFAULT_TEST_DEVICE, testing: true, bannerAdUnits: { android: GOOGLE_TEST_BANNERS.android, ios: GOOGLE_TEST_BANNERS.ios } },
      nativePush: { android: false, ios: false },
      storeBilling: { android: false, ios: false },
    });
  });

  it('sells through a store only where the build says it is configured (VITE_STORE_BILLING_*)', () => {
    expect(parseEnv({ VITE_STORE_BILLING_IOS: 'true' }).storeBilling).toEqual({ android: false, ios: true });
    expect(() => parseEnv({ VITE_STORE_BILLING_ANDROID: '1' })).toThrow(/VITE_STORE_BILLING_ANDROID must be true or false/);
  });

  it('has native push only where the build says Firebase is configured (VITE_NATIVE_PUSH_*)', () => {
    expect(parseEnv({ VITE_NATIVE_PUSH_ANDROID: 'true', VITE_NATIVE_PUSH_IOS: 'false' }).nativePush).toEqual({ android: true, ios: false });
    expect(parseEnv({ VITE_NATIVE_PUSH_IOS: 'true' }).nativePush).toEqual({ android: false, ios: true });
    expect(() => parseEnv({ VITE_NATIVE_PUSH_ANDROID: 'yes' })).toThrow(/VITE_NATIVE_PUSH_ANDROID must be true or false/);
  });

  it('takes the AdMob ids and test device from VITE_ADMOB_*', () => {
    const env = parseEnv({
      VITE_API_URL: 'https://linkup.app/api/',
      VITE_ADMOB_BANNER_ANDROID: 'ca-app-pub-1234567890123456/1111111111',
      VITE_ADMOB_BANNER_IOS: 'ca-app-pub-1234567890123456/2222222222',
      VITE_ADMOB_TEST_DEVICE: '33BE2250B43518CCDA7DE426D04EE231',
    });
    expect(env.apiUrl).toBe('https://linkup.app/api');
    expect(env.ads).toEqual({
      testDevice: '33BE2250B43518CCDA7DE426D04EE231',
      testing: true,
      bannerAdUnits: { android: 'ca-app-pub-1234567890123456/1111111111', ios: 'ca-app-pub-1234567890123456/2222222222' },
    });
  });

  it('serves real ads only when a release build says so (VITE_ADMOB_TESTING=false) with its own ad units', () => {
    const units = { VITE_ADMOB_BANNER_ANDROID: 'ca-app-pub-1234567890123456/1111111111', VITE_ADMOB_BANNER_IOS: 'ca-app-pub-1234567890123456/2222222222' };
    expect(parseEnv({ ...units, VITE_ADMOB_TESTING: 'false' }).ads.testing).toBe(false);
    expect(parseEnv({ ...units, VITE_ADMOB_TESTING: 'true' }).ads.testing).toBe(true);
    expect(() => parseEnv({ VITE_ADMOB_TESTING: 'false' })).toThrow(/VITE_ADMOB_TESTING=false needs your own ad units/);
    expect(() => parseEnv({ ...units, VITE_ADMOB_TESTING: 'no' })).toThrow(/VITE_ADMOB_TESTING must be true or false/);
  });

  it('refuses an ad unit id that is not one', () => {
    expect(() => parseEnv({ VITE_ADMOB_BANNER_IOS: 'banner-1' })).toThrow(/AdMob ad unit id/);
  });
});
