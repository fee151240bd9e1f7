import {
  AdMob,
  AdmobConsentStatus,
  BannerAdPluginEvents,
  BannerAdPosition,
  BannerAdSize,
  MaxAdContentRating,
  type AdMobBannerSize,
} from '@capacitor-community/admob';
import type { PluginListenerHandle } from '@capacitor/core';
import type { AdsPlatform } from '@/platform/platform';

/** Space kept under the banner for the tab bar (tokens.css --lu-tabbar-height), in points. */
const TAB_BAR_HEIGHT = 68;

let bannerListeners: PluginListenerHandle[] = [];
/** Test ads until initialize says otherwise (a release build with VITE_ADMOB_TESTING=false). */
let testing = true;
/** Banner calls run one after another, so a quick show-then-hide never leaves a banner behind. */
let queue: Promise<unknown> = Promise.resolve();
function inTurn(task: () => Promise<void>): Promise<void> {
  const next = queue.then(task, task);
  queue = next.catch(() => {});
  return next;
}

async function dropBannerListeners(): Promise<void> {
  const handles = bannerListeners;
  bannerListeners = [];
  await Promise.all(handles.map((h) => h.remove()));
}

/**
 * @capacitor-community/admob, in testing mode with one test device by default (spec §4): test ads
 * only, so nothing counts as a real impression; a release build turns it off. Consent first:
 * Google's UMP form where it is required (EEA, UK), and nothing starts when it is refused; then the
 * iOS tracking question; then the SDK, with the audience stated explicitly — adults (LinkUp is
 * 18+), not child-directed, ads rated up to mature audiences.
 */
export const nativeAds: AdsPlatform = {
  async initialize(settings) {
    testing = settings.testing;
    const testDevices = settings.testing ? [settings.testDevice] : [];
    let consent = await AdMob.requestConsentInfo({ tagForUnderAgeOfConsent: false, testDeviceIdentifiers: testDevices });
    if (!consent.canRequestAds && consent.isConsentFormAvailable && consent.status === AdmobConsentStatus.REQUIRED) {
      consent = await AdMob.showConsentForm();
    }
    if (!consent.canRequestAds) return false;
    const tracking = await AdMob.trackingAuthorizationStatus();
    if (tracking.status === 'notDetermined') await AdMob.requestTrackingAuthorization();
    await AdMob.initialize({
      initializeForTesting: settings.testing,
      testingDevices: testDevices,
      tagForChildDirectedTreatment: false,
      tagForUnderAgeOfConsent: false,
      maxAdContentRating: MaxAdContentRating.MatureAudience,
    });
    return true;
  },
  // The plugin declares PrivacyOptionsRequirementStatus but does not export it at run time.
  privacyChoicesRequired: async () =>
    String((await AdMob.requestConsentInfo({ tagForUnderAgeOfConsent: false })).privacyOptionsRequirementStatus) === 'REQUIRED',
  showPrivacyChoices: () => AdMob.showPrivacyOptionsForm(),
  showBanner: (adUnitId, onHeight) => inTurn(async () => {
    await dropBannerListeners();
    bannerListeners = await Promise.all([
      AdMob.addListener(BannerAdPluginEvents.SizeChanged, (size: AdMobBannerSize) => onHeight(size.height)),
      AdMob.addListener(BannerAdPluginEvents.FailedToLoad, () => onHeight(0)),
    ]);
    await AdMob.showBanner({
      adId: adUnitId,
      adSize: BannerAdSize.ADAPTIVE_BANNER,
      position: BannerAdPosition.BOTTOM_CENTER,
      margin: TAB_BAR_HEIGHT,
      isTesting: testing,
    });
  }),
  hideBanner: () => inTurn(async () => {
    await dropBannerListeners();
    await AdMob.removeBanner();
  }),
};
