/**
 * Build-time settings, checked once at start-up (bulletproof-react `config/env`). Plain checks
 * rather than zod: every page, the first included, loads this file (issue #18).
 */

/** Google's sample banner units: they always serve test ads (developers.google.com/admob test ads). */
export const GOOGLE_TEST_BANNERS = {
  android: 'ca-app-pub-3940256099942544/6300978111',
  ios: 'ca-app-pub-3940256099942544/2934735716',
} as const;
/**
 * The one test device by default: the id Google's SDK gives the Android emulator. A phone's own
 * id appears in its log on the first ad request (docs/mobile.md); set VITE_ADMOB_TEST_DEVICE.
 */
export const DEFAULT_TEST_DEVICE = 'B3EEABB8EE11C2BE770B684D95219ECB';

const AD_UNIT = /^ca-app-pub-\d+\/\d+$/;

/** The trimmed value of `key`, or undefined when unset or blank. */
function setting(source: Record<string, unknown>, key: string): string | undefined {
  const raw = source[key];
  return typeof raw === 'string' && raw.trim() ? raw.trim() : undefined;
}

export function parseEnv(source: Record<string, unknown>) {
  const problems: string[] = [];
  /** Base of every API call: '/api' on the web (same origin); an absolute URL in native builds. */
  const apiUrl = setting(source, 'VITE_API_URL') ?? '/api';
  if (!apiUrl.startsWith('/') && !/^https?:\/\//.test(apiUrl)) problems.push('VITE_API_URL must be a path or an http(s) URL');
  const adUnit = (key: string, fallback: string) => {
    const value = setting(source, key) ?? fallback;
    if (!AD_UNIT.test(value)) problems.push(`${key} must be an AdMob ad unit id (ca-app-pub-…/…)`);
    return value;
  };
  const android = adUnit('VITE_ADMOB_BANNER_ANDROID', GOOGLE_TEST_BANNERS.android);
  const ios = adUnit('VITE_ADMOB_BANNER_IOS', GOOGLE_TEST_BANNERS.ios);
  /** Unset is false: registering for pushes without Firebase crashes the Android app. */
  const flag = (key: string) => {
    const value = setting(source, key) ?? 'false';
    if (value !== 'true' && value !== 'false') problems.push(`${key} must be true or false`);
    return value === 'true';
  };
  const nativePush = { android: flag('VITE_NATIVE_PUSH_ANDROID'), ios: flag('VITE_NATIVE_PUSH_IOS') };
  /** Unset is false: a store whose products and server verification are not set up sells nothing. */
  const storeBilling = { android: flag('VITE_STORE_BILLING_ANDROID'), ios: flag('VITE_STORE_BILLING_IOS') };
  /** Test ads unless a release build says otherwise, with its own ad units (never Google's samples). */
  const testing = (setting(source, 'VITE_ADMOB_TESTING') ?? 'true') !== 'false';
  if (!['true', 'false', undefined].includes(setting(source, 'VITE_ADMOB_TESTING'))) problems.push('VITE_ADMOB_TESTING must be true or false');
  if (!testing && (android === GOOGLE_TEST_BANNERS.android || ios === GOOGLE_TEST_BANNERS.ios)) {
    problems.push('VITE_ADMOB_TESTING=false needs your own ad units in VITE_ADMOB_BANNER_ANDROID and VITE_ADMOB_BANNER_IOS');
  }
  if (problems.length) throw new Error(`Invalid web app settings: ${problems.join('; ')}`);
  return {
    apiUrl: apiUrl.replace(/\/+$/, ''),
    ads: {
      testDevice: setting(source, 'VITE_ADMOB_TEST_DEVICE') ?? DEFAULT_TEST_DEVICE,
      testing,
      bannerAdUnits: { android, ios },
    },
    /**
     * Whether each native project was built with Firebase (google-services.json,
     * GoogleService-Info.plist): vite.config.ts sets them from those files unless given.
     */
    nativePush,
    /**
     * Whether each native build sells premium through its store (Play Billing, StoreKit): set at
     * the release once the store's products and the server's verification are configured
     * (docs/mobile.md "Premium in the apps").
     */
    storeBilling,
  };
}

export const env = parseEnv(import.meta.env);
