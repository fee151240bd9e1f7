import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAdsForTests, startAds } from '@/app/ads/ads-startup';
import { DEFAULT_TEST_DEVICE } from '@/config/env';

const device = await vi.hoisted(async () => (await import('@/test/fake-platform')).fakeNativePlatform('ios'));
vi.mock('@/platform/platform', () => ({ platform: device.platform, getPlatform: device.platform.getPlatform }));

beforeEach(() => {
  resetAdsForTests();
  device.ads.initialize.mockReset().mockResolvedValue(true);
});

describe('starting the ads SDK', () => {
  it('starts the SDK once, in testing mode with the one configured test device', async () => {
    await expect(startAds()).resolves.toBe(true);
    await startAds();
    expect(device.ads.initialize).toHaveBeenCalledTimes(1);
    expect(device.ads.initialize).toHaveBeenCalledWith({ testDevice: DEFAULT_TEST_DEVICE, testing: true });
  });

  it('carries on without ads when the SDK fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    device.ads.initialize.mockRejectedValueOnce(new Error('boom'));
    await expect(startAds()).resolves.toBe(false);
    expect(warn).toHaveBeenCalled();
  });

  it('shows no ads when consent was refused (the SDK is not started: native-ads)', async () => {
    device.ads.initialize.mockResolvedValueOnce(false);
    await expect(startAds()).resolves.toBe(false);
  });
});
