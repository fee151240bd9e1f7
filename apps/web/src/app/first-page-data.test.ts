import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prefetchFirstPageData } from '@/app/first-page-data';
import { createQueryClient } from '@/lib/query-client';
import { buildSession, mockFetch, resetStores } from '@/test/fixtures';

afterEach(() => vi.unstubAllGlobals());

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
