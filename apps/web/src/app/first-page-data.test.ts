import { InfiniteQueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_PAGE_HOLD_MS, prefetchFirstPageData } from '@/app/first-page-data';
import { roomsQueryOptions } from '@/features/chat/api/get-rooms';
import { chatKeys } from '@/features/chat/api/keys';
import { createQueryClient } from '@/lib/query-client';
import { buildSession, json, mockFetch, resetStores } from '@/test/fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** The paths (without query) asked for when the app starts on `pathname`. */
function requestedPaths(pathname: string): string[] {
  // The answers never come: what matters here is what leaves before anything has rendered.
  const fetch = mockFetch(() => new Promise<Response>(() => undefined));
  prefetchFirstPageData(pathname, createQueryClient());
  return fetch.mock.calls.map(([url]) => String(url).split('?')[0]!).sort();
}

describe('a signed-in first page asks for its data while the app starts (issue #18)', () => {
  beforeEach(() => resetStores(buildSession()));

  it('Home: stats, profile, matches, visitors and the suggestions', () => {
    expect(requestedPaths('/app/dashboard')).toEqual([
      '/api/matches',
      '/api/matches/discover',
      '/api/matches/stats/summary',
      '/api/profile',
      '/api/visitors',
    ]);
  });

  it('Discover: the stack, stats and profile', () => {
    expect(requestedPaths('/app/discover')).toEqual(['/api/matches/discover', '/api/matches/stats/summary', '/api/profile']);
  });

  it('Messages: the conversation list', () => {
    expect(requestedPaths('/app/messages')).toEqual(['/api/chat/rooms']);
  });

  it('nothing for other pages or a page that needs no sign-in', () => {
    expect(requestedPaths('/app/settings')).toEqual([]);
    expect(requestedPaths('/auth/login')).toEqual([]);
  });
});

describe('a head start is not thrown away before the page mounts', () => {
  beforeEach(() => resetStores(buildSession()));

  const emptyRooms = () =>
    json(200, { success: true, data: { items: [], pagination: { current_page: 1, last_page: 1, per_page: 15, total: 0 } } });

  it('keeps the conversation list (dropped once unobserved, spec §2) until the page observes it, then lets it go', async () => {
    const fetch = mockFetch(emptyRooms);
    const queryClient = createQueryClient();
    prefetchFirstPageData('/app/messages', queryClient);
    await vi.waitFor(() => expect(queryClient.getQueryData(chatKeys.rooms())).toBeDefined());

    // The page mounts: it finds the answer and does not ask again.
    const page = new InfiniteQueryObserver(queryClient, roomsQueryOptions());
    const leave = page.subscribe(() => undefined);
    expect(page.getCurrentResult().data?.pages[0]?.items).toEqual([]);
    expect(fetch).toHaveBeenCalledTimes(1);

    // Leaving the screen clears chat data: nothing holds it any more.
    leave();
    await vi.waitFor(() => expect(queryClient.getQueryData(chatKeys.rooms())).toBeUndefined());
  });

  it('lets go after FIRST_PAGE_HOLD_MS when the page never comes', async () => {
    vi.useFakeTimers();
    mockFetch(emptyRooms);
    const queryClient = createQueryClient();
    prefetchFirstPageData('/app/messages', queryClient);
    await vi.waitFor(() => expect(queryClient.getQueryData(chatKeys.rooms())).toBeDefined());
    await vi.advanceTimersByTimeAsync(FIRST_PAGE_HOLD_MS);
    expect(queryClient.getQueryData(chatKeys.rooms())).toBeUndefined();
  });
});
