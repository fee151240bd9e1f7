import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAdsForTests, startAds, startAdsBeforeSession } from '@/app/ads/ads-startup';
import { DEFAULT_TEST_DEVICE } from '@/config/env';

const device = await vi.hoisted(async () => (await import('@/test/fake-platform')).fakeNativePlatform('ios'));
vi.mock('@/platform/platform', () => ({ platform: device.platform, getPlatform: device.platform.getPlatform }));

beforeEach(() => {
  resetAdsForTests();
  device.ads.initialize.mockReset().mockResolvedValue(undefined);
});
afterEach(() => vi.useRealTimers());

describe('ads at start-up (spec §4)', () => {
  it('starts the SDK once, in testing mode with the one configured test device', async () => {
    await expect(startAds()).resolves.toBe(true);
    await startAds();
    expect(device.ads.initialize).toHaveBeenCalledTimes(1);
    expect(device.ads.initialize).toHaveBeenCalledWith({ testDevice: DEFAULT_TEST_DEVICE });
  });

  it('carries on without ads when the SDK fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    device.ads.initialize.mockRejectedValueOnce(new Error('boom'));
    await expect(startAds()).resolves.toBe(false);
    expect(warn).toHaveBeenCalled();
  });

  it('holds the session check back only so long (a consent form may stay open)', async () => {
    vi.useFakeTimers();
    device.ads.initialize.mockImplementationOnce(() => new Promise(() => {}));
    let done = false;
    void startAdsBeforeSession(3_000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(2_999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });
});
