import {
  AdMob,
  AdmobConsentStatus,
  BannerAdPluginEvents,
  BannerAdPosition,
  BannerAdSize,
  type AdMobBannerSize,
} from '@capacitor-community/admob';
import type { PluginListenerHandle } from '@capacitor/core';
import type { AdsPlatform } from '@/platform/platform';

/** Space kept under the banner for the tab bar (tokens.css --lu-tabbar-height), in points. */
const TAB_BAR_HEIGHT = 68;

let bannerListeners: PluginListenerHandle[] = [];
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
 * @capacitor-community/admob. Always in testing mode with one test device (spec §4): test ads
 * only, so nothing counts as a real impression. Consent goes through Google's UMP form where it
 * is required (EEA, UK), and on iOS the tracking question comes first.
 */
export const nativeAds: AdsPlatform = {
  async initialize({ testDevice }) {
    await AdMob.initialize({ initializeForTesting: true, testingDevices: [testDevice] });
    const tracking = await AdMob.trackingAuthorizationStatus();
    if (tracking.status === 'notDetermined') await AdMob.requestTrackingAuthorization();
    const consent = await AdMob.requestConsentInfo();
    if (!consent.canRequestAds && consent.isConsentFormAvailable && consent.status === AdmobConsentStatus.REQUIRED) {
      await AdMob.showConsentForm();
    }
  },
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
      isTesting: true,
    });
  }),
  hideBanner: () => inTurn(async () => {
    await dropBannerListeners();
    await AdMob.removeBanner();
  }),
};
