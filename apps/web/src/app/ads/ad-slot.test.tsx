import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAdsForTests, startAds } from '@/app/ads/ads-startup';
import { GOOGLE_TEST_BANNERS } from '@/config/env';
import { buildSession, json, mockApi } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const device = await vi.hoisted(async () => (await import('@/test/fake-platform')).fakeNativePlatform('android'));
vi.mock('@/platform/platform', () => ({ platform: device.platform, getPlatform: device.platform.getPlatform }));

const stats = (isPremium: boolean) => ({
  likes_sent: 0, likes_received: 0, matches: 0, super_likes_received: 0, profile_views: 0,
  likes_left_today: isPremium ? null : 25, super_likes_left_today: 1, is_premium: isPremium,
  boost_active_until: null, resets_at: '2026-01-02T00:00:00.000Z',
});

function api(isPremium: boolean) {
  return mockApi({
    'GET /api/matches/stats/summary': () => json(200, { success: true, data: stats(isPremium) }),
    'GET /api/matches/discover': () => json(200, { success: true, data: { items: [], has_more: false } }),
  });
}

const adRoom = () => document.querySelector('.ad-slot');

beforeEach(() => {
  resetAdsForTests();
  device.ads.initialize.mockClear();
  device.ads.showBanner.mockClear();
  device.ads.hideBanner.mockClear();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => vi.unstubAllGlobals());

describe('the ad banner', () => {
  it('shows Google’s test banner on Discover for a free member, with room for it under the page', async () => {
    api(false);
    renderApp('/app/discover', { session: buildSession() });
    await screen.findByRole('heading', { level: 1, name: 'Discover' });
    await waitFor(() => expect(device.ads.showBanner).toHaveBeenCalledWith(GOOGLE_TEST_BANNERS.android, expect.any(Function)));
    await waitFor(() => expect(adRoom()).toHaveStyle({ height: '50px' }));
  });

  it('goes when the member leaves for a page without ads (chat, forms, anything else)', async () => {
    api(false);
    const { router } = renderApp('/app/discover', { session: buildSession() });
    await waitFor(() => expect(device.ads.showBanner).toHaveBeenCalled());
    await act(() => router.navigate('/app/messages'));
    await screen.findByRole('heading', { level: 1, name: 'Messages' });
    expect(device.ads.hideBanner).toHaveBeenCalled();
    expect(adRoom()).toBeNull();
    expect(device.ads.showBanner).toHaveBeenCalledTimes(1);
  });

  it('never shows for a premium member', async () => {
    const fetch = api(true);
    renderApp('/app/discover', { session: buildSession() });
    await screen.findByRole('heading', { level: 1, name: 'Discover' });
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).includes('/matches/stats/summary'))).toBe(true));
    // The banner's own module has loaded, and the page shows the plan it read: the banner decided with it.
    await act(() => import('@/app/ads/native-ad-slot'));
    expect(await screen.findByTestId('left-today')).toHaveTextContent('Unlimited likes');
    await act(() => startAds());
    expect(device.ads.showBanner).not.toHaveBeenCalled();
    expect(adRoom()).toBeNull();
  });

  it('leaves the page working when the ad fails to load', async () => {
    api(false);
    device.ads.showBanner.mockRejectedValueOnce(new Error('No fill'));
    renderApp('/app/discover', { session: buildSession() });
    await waitFor(() => expect(device.ads.showBanner).toHaveBeenCalled());
    expect(await screen.findByRole('heading', { level: 1, name: 'Discover' })).toBeVisible();
    expect(adRoom()).toBeNull();
  });

  it('shows nothing when the ads SDK did not start', async () => {
    api(false);
    device.ads.initialize.mockRejectedValueOnce(new Error('no Play services'));
    renderApp('/app/discover', { session: buildSession() });
    await screen.findByRole('heading', { level: 1, name: 'Discover' });
    await waitFor(() => expect(device.ads.initialize).toHaveBeenCalled());
    // The SDK's start has settled (the banner's callback, registered first, has run).
    await act(() => startAds());
    expect(device.ads.showBanner).not.toHaveBeenCalled();
  });
});
