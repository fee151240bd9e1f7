import { AdmobConsentStatus, BannerAdPluginEvents, BannerAdPosition, MaxAdContentRating } from '@capacitor-community/admob';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { nativeAds } from '@/platform/native/native-ads';

/** The AdMob plugin as the device would answer; events are played by the test. */
const admob = vi.hoisted(() => {
  const listeners = new Map<string, (info: unknown) => void>();
  return {
    listeners,
    initialize: vi.fn(async () => {}),
    trackingAuthorizationStatus: vi.fn(async () => ({ status: 'authorized' })),
    requestTrackingAuthorization: vi.fn(async () => {}),
    requestConsentInfo: vi.fn(async () => ({ status: 'NOT_REQUIRED', isConsentFormAvailable: false, canRequestAds: true, privacyOptionsRequirementStatus: 'NOT_REQUIRED' })),
    showConsentForm: vi.fn(async () => ({ status: 'OBTAINED', canRequestAds: true })),
    showPrivacyOptionsForm: vi.fn(async () => {}),
    showBanner: vi.fn(async () => {}),
    removeBanner: vi.fn(async () => {}),
    addListener: vi.fn(async (event: string, listener: (info: unknown) => void) => {
      listeners.set(event, listener);
      return { remove: async () => void listeners.delete(event) };
    }),
  };
});
vi.mock('@capacitor-community/admob', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  AdMob: admob,
}));

beforeEach(() => {
  vi.clearAllMocks();
  admob.listeners.clear();
});

describe('AdMob', () => {
  it('starts in testing mode with the one test device, the audience stated: adults, not child-directed, mature rating', async () => {
    await expect(nativeAds.initialize({ testDevice: 'TEST-DEVICE-1', testing: true })).resolves.toBe(true);
    expect(admob.initialize).toHaveBeenCalledWith({
      initializeForTesting: true, testingDevices: ['TEST-DEVICE-1'],
      tagForChildDirectedTreatment: false, tagForUnderAgeOfConsent: false, maxAdContentRating: MaxAdContentRating.MatureAudience,
    });
    expect(admob.requestConsentInfo).toHaveBeenCalledWith({ tagForUnderAgeOfConsent: false, testDeviceIdentifiers: ['TEST-DEVICE-1'] });
    expect(admob.showConsentForm).not.toHaveBeenCalled();
    expect(admob.requestTrackingAuthorization).not.toHaveBeenCalled();
  });

  it('asks for consent (UMP) before the SDK starts and before the tracking question, where it is required', async () => {
    admob.trackingAuthorizationStatus.mockResolvedValueOnce({ status: 'notDetermined' });
    admob.requestConsentInfo.mockResolvedValueOnce({ status: AdmobConsentStatus.REQUIRED, isConsentFormAvailable: true, canRequestAds: false, privacyOptionsRequirementStatus: 'REQUIRED' });
    await expect(nativeAds.initialize({ testDevice: 'TEST-DEVICE-1', testing: true })).resolves.toBe(true);
    const order = (fn: { mock: { invocationCallOrder: number[] } }) => fn.mock.invocationCallOrder[0]!;
    expect(order(admob.showConsentForm)).toBeLessThan(order(admob.requestTrackingAuthorization));
    expect(order(admob.requestTrackingAuthorization)).toBeLessThan(order(admob.initialize));
  });

  it('starts nothing and asks nothing more when consent is refused', async () => {
    admob.requestConsentInfo.mockResolvedValueOnce({ status: AdmobConsentStatus.REQUIRED, isConsentFormAvailable: true, canRequestAds: false, privacyOptionsRequirementStatus: 'REQUIRED' });
    admob.showConsentForm.mockResolvedValueOnce({ status: AdmobConsentStatus.REQUIRED, canRequestAds: false });
    await expect(nativeAds.initialize({ testDevice: 'TEST-DEVICE-1', testing: true })).resolves.toBe(false);
    expect(admob.initialize).not.toHaveBeenCalled();
    expect(admob.requestTrackingAuthorization).not.toHaveBeenCalled();
  });

  it('serves real ads in a release build (no test device, banners not marked as tests)', async () => {
    await nativeAds.initialize({ testDevice: 'TEST-DEVICE-1', testing: false });
    expect(admob.initialize).toHaveBeenCalledWith(expect.objectContaining({ initializeForTesting: false, testingDevices: [] }));
    await nativeAds.showBanner('ca-app-pub-1234567890123456/1234567890', () => {});
    expect(admob.showBanner).toHaveBeenCalledWith(expect.objectContaining({ isTesting: false }));
    await nativeAds.initialize({ testDevice: 'TEST-DEVICE-1', testing: true });
  });

  it('says whether "Privacy choices" are required and opens Google’s form', async () => {
    expect(await nativeAds.privacyChoicesRequired()).toBe(false);
    admob.requestConsentInfo.mockResolvedValueOnce({ status: AdmobConsentStatus.OBTAINED, isConsentFormAvailable: true, canRequestAds: true, privacyOptionsRequirementStatus: 'REQUIRED' });
    expect(await nativeAds.privacyChoicesRequired()).toBe(true);
    await nativeAds.showPrivacyChoices();
    expect(admob.showPrivacyOptionsForm).toHaveBeenCalled();
  });

  it('shows a test banner above the tab bar and reports its height; hiding removes it', async () => {
    const heights: number[] = [];
    await nativeAds.showBanner('ca-app-pub-3940256099942544/6300978111', (px) => heights.push(px));
    expect(admob.showBanner).toHaveBeenCalledWith(expect.objectContaining({
      adId: 'ca-app-pub-3940256099942544/6300978111', isTesting: true, position: BannerAdPosition.BOTTOM_CENTER, margin: 68,
    }));
    admob.listeners.get(BannerAdPluginEvents.SizeChanged)?.({ width: 320, height: 50 });
    admob.listeners.get(BannerAdPluginEvents.FailedToLoad)?.({ code: 3, message: 'No fill' });
    expect(heights).toEqual([50, 0]);

    await nativeAds.hideBanner();
    expect(admob.removeBanner).toHaveBeenCalled();
    expect(admob.listeners.size).toBe(0);
  });

  it('runs a hide that comes while a banner is still loading after it, so no banner is left behind', async () => {
    let finishShowing!: () => void;
    admob.showBanner.mockImplementationOnce(() => new Promise<void>((resolve) => (finishShowing = resolve)));
    const shown = nativeAds.showBanner('ca-app-pub-3940256099942544/6300978111', () => {});
    const hidden = nativeAds.hideBanner();
    await vi.waitFor(() => expect(admob.showBanner).toHaveBeenCalled());
    expect(admob.removeBanner).not.toHaveBeenCalled();
    finishShowing();
    await Promise.all([shown, hidden]);
    expect(admob.removeBanner).toHaveBeenCalledTimes(1);
  });
});
