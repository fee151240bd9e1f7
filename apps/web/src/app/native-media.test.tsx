import { LOGO_PATH } from '@linkup/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildPost, page as feedPage } from '@/features/feed/test/fixtures';
import { inbox } from '@/features/notifications/test/fixtures';
import { buildCard, buildMatch, buildProfile, buildStats, buildSummary, ok, page } from '@/features/matching/test/fixtures';
import { buildProfile as buildOwnProfile } from '@/features/profile/test/profile-fixtures';
import { buildSession, mockApi, unreadCounts, type FetchHandler } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

/**
 * Issue #34: inside the native shell the page is the app bundle, so a photo must load from the API's
 * origin (a native build's absolute VITE_API_URL), not from `capacitor://localhost/media/…`.
 */
const API_ORIGIN = 'https://api.linkup.test';
const NATIVE_PAGE_ORIGIN = { android: 'https://localhost', ios: 'capacitor://localhost' } as const;

const device = await vi.hoisted(async () => (await import('@/test/fake-platform')).fakeNativePlatform('ios'));
vi.mock('@/platform/platform', () => ({ platform: device.platform, getPlatform: device.platform.getPlatform }));
vi.mock(import('@/config/env'), async (importOriginal) => {
  const actual = await importOriginal();
  return { ...actual, env: actual.parseEnv({ VITE_API_URL: 'https://api.linkup.test/api' }) };
});
vi.mock('@/lib/socket', () => import('@/test/fake-socket').then((m) => m.fakeSocketModule()));

/** The API as a native build calls it: at its own origin. */
function nativeApi(handlers: Record<string, FetchHandler>) {
  return mockApi(Object.fromEntries(Object.entries(handlers).map(([key, handler]) => [key.replace(' /api/', ` ${API_ORIGIN}/api/`), handler])));
}

const shell = {
  'GET /api/chat/rooms': () => ok(page([])),
  'GET /api/feed/notifications/unread-count': () => ok(unreadCounts()),
};

/** Every image on the page but the bundled logo, with each address its src and srcset name. */
function photoAddresses(): string[] {
  return [...document.querySelectorAll('img')]
    .filter((img) => img.getAttribute('src') !== LOGO_PATH)
    .flatMap((img) => [img.getAttribute('src') ?? '', ...(img.getAttribute('srcset') ?? '').split(',').map((c) => c.trim().split(' ')[0] ?? '')])
    .filter(Boolean);
}

/** What each address loads from when the page is the native app's. */
function loadedFrom(addresses: string[], platform: keyof typeof NATIVE_PAGE_ORIGIN): string[] {
  return addresses.map((address) => new URL(address, NATIVE_PAGE_ORIGIN[platform]).origin);
}

const session = buildSession({ id: 'usr_me', avatar_url: '/media/photos/usr_me/ph_me/thumb.webp' });

beforeEach(() => device.push.permission.mockResolvedValue('denied'));
afterEach(() => vi.unstubAllGlobals());

describe('photos in the native app (issue #34)', () => {
  it('loads the dashboard’s photos and the header avatar from the API, not the app bundle', async () => {
    nativeApi({
      ...shell,
      'GET /api/profile': () => ok(buildOwnProfile({ photos: [] })),
      'GET /api/matches/stats/summary': () => ok(buildStats()),
      'GET /api/matches': () => ok(page([buildMatch('m1', buildSummary('usr_thandi', 'Thandi Nkosi'))])),
      'GET /api/visitors': () => ok({ count: 0, locked: true, items: [], placeholders: 0 }),
      'GET /api/matches/discover': () => ok({ items: [buildCard('usr_lerato', 'Lerato')], has_more: false }),
    });
    renderApp('/app/dashboard', { session });
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    // The header avatar, a new match and a suggestion.
    await waitFor(() => expect(photoAddresses().length).toBeGreaterThanOrEqual(3));
    expect(photoAddresses()).toContain(`${API_ORIGIN}/media/photos/usr_me/ph_me/thumb.webp`);
    for (const platform of ['android', 'ios'] as const) {
      expect(new Set(loadedFrom(photoAddresses(), platform)), platform).toEqual(new Set([API_ORIGIN]));
    }
  });

  it('loads a member’s gallery (src and srcset) from the API', async () => {
    nativeApi({ ...shell, 'GET /api/users/usr_thandi': () => ok(buildProfile('usr_thandi', 'Thandi Nkosi')) });
    renderApp('/app/user/usr_thandi', { session });
    await screen.findByRole('group', { name: 'Photos of Thandi Nkosi' });
    expect(photoAddresses()).toEqual(expect.arrayContaining([
      `${API_ORIGIN}/media/usr_thandi_p1-large.jpg`, `${API_ORIGIN}/media/usr_thandi_p1-medium.jpg`,
    ]));
    expect(new Set(loadedFrom(photoAddresses(), 'android'))).toEqual(new Set([API_ORIGIN]));
  });

  it('loads the feed’s post photos and author avatars from the API', async () => {
    const post = buildPost('p1', 'Thandi', { user_photo: buildSummary('usr_p1', 'Thandi').photo });
    nativeApi({
      ...shell,
      'GET /api/feed': () => ok(feedPage([post])),
      'GET /api/feed/my-post': () => ok({ has_post: false, post: null }),
      'GET /api/feed/notifications': () => ok(inbox([])),
    });
    renderApp('/app/feed', { session });
    await screen.findByRole('img', { name: 'Photo of Thandi' });
    expect(photoAddresses()).toEqual(expect.arrayContaining([`${API_ORIGIN}/media/photos/p1/large.webp`, `${API_ORIGIN}/media/usr_p1_p-thumb.jpg`]));
    expect(new Set(loadedFrom(photoAddresses(), 'ios'))).toEqual(new Set([API_ORIGIN]));
  });
});
