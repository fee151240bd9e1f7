import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { persistQueryCache, QUERY_CACHE_KEY, QUERY_CACHE_MAX_AGE_MS } from '@/lib/query-persist';
import { useSessionStore } from '@/lib/session-store';
import { buildSession } from '@/test/fixtures';

const rooms = { items: [{ id: 'room_1', name: 'Chat with Thandi Nkosi' }] };

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  useSessionStore.getState().signIn(buildSession({ id: 'usr_me', name: 'Alex Demo' }));
});
afterEach(() => {
  vi.useRealTimers();
  useSessionStore.getState().signOut('logout');
  localStorage.clear();
});

/** Issue 32 item 19: after a reload without network, the last data shown is still there. */
describe('the kept query cache', () => {
  it('puts the last answers back after a reload, for the same member', async () => {
    const before = createQueryClient();
    persistQueryCache(before);
    before.setQueryData(['chat', 'rooms'], rooms);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(localStorage.getItem(QUERY_CACHE_KEY)).toContain('Thandi Nkosi');

    const after = createQueryClient();
    persistQueryCache(after);
    expect(after.getQueryData(['chat', 'rooms'])).toEqual(rooms);
  });

  it('puts answers back stale, so a page asks again, and keeps a change made just before the reload', async () => {
    const before = createQueryClient();
    persistQueryCache(before);
    before.setQueryData(['settings'], { push: { like: true } });
    await vi.advanceTimersByTimeAsync(1_000);
    before.setQueryData(['settings'], { push: { like: false } });
    window.dispatchEvent(new Event('pagehide')); // the reload comes before the write delay is over

    const after = createQueryClient();
    persistQueryCache(after);
    expect(after.getQueryData(['settings'])).toEqual({ push: { like: false } });
    expect(after.getQueryState(['settings'])?.isInvalidated).toBe(true);
  });

  it('keeps nothing of another member, nor anything older than a day', async () => {
    const first = createQueryClient();
    persistQueryCache(first);
    first.setQueryData(['chat', 'rooms'], rooms);
    await vi.advanceTimersByTimeAsync(1_000);

    const later = createQueryClient();
    persistQueryCache(later, () => Date.now() + QUERY_CACHE_MAX_AGE_MS);
    expect(later.getQueryData(['chat', 'rooms'])).toBeUndefined();
  });

  it('forgets the kept answers when the member signs out', async () => {
    const client = createQueryClient();
    persistQueryCache(client);
    client.setQueryData(['chat', 'rooms'], rooms);
    await vi.advanceTimersByTimeAsync(1_000);
    useSessionStore.getState().signOut('logout');
    expect(localStorage.getItem(QUERY_CACHE_KEY)).toBeNull();

    useSessionStore.getState().signIn(buildSession({ id: 'usr_other', name: 'Sam Other' }));
    const next = createQueryClient();
    persistQueryCache(next);
    expect(next.getQueryData(['chat', 'rooms'])).toBeUndefined();
  });
});
