import { AdmobConsentStatus, BannerAdPluginEvents, BannerAdPosition } from '@capacitor-community/admob';
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
    requestConsentInfo: vi.fn(async () => ({ status: 'NOT_REQUIRED', isConsentFormAvailable: false, canRequestAds: true })),
    showConsentForm: vi.fn(async () => ({ status: 'OBTAINED', canRequestAds: true })),
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
  it('starts in testing mode with the one test device', async () => {
    await nativeAds.initialize({ testDevice: 'TEST-DEVICE-1' });
    expect(admob.initialize).toHaveBeenCalledWith({ initializeForTesting: true, testingDevices: ['TEST-DEVICE-1'] });
    expect(admob.showConsentForm).not.toHaveBeenCalled();
    expect(admob.requestTrackingAuthorization).not.toHaveBeenCalled();
  });

  it('asks for consent through the UMP form where it is required, after the tracking question', async () => {
    admob.trackingAuthorizationStatus.mockResolvedValueOnce({ status: 'notDetermined' });
    admob.requestConsentInfo.mockResolvedValueOnce({ status: AdmobConsentStatus.REQUIRED, isConsentFormAvailable: true, canRequestAds: false });
    await nativeAds.initialize({ testDevice: 'TEST-DEVICE-1' });
    expect(admob.requestTrackingAuthorization).toHaveBeenCalled();
    expect(admob.showConsentForm).toHaveBeenCalled();
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
