/**
 * The last data shown survives a reload without network (issue 32): successful query answers are
 * kept in localStorage for the signed-in member and put back when the app starts, so a reload
 * offline shows what the member last saw instead of spinners. TanStack Query's own `dehydrate` /
 * `hydrate` (no persister package). Kept a day at most, for one member only, dropped on sign-out.
 */
import { dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { useSessionStore } from '@/lib/session-store';

export const QUERY_CACHE_KEY = 'linkup.query-cache';
/** Answers older than this are not put back. */
export const QUERY_CACHE_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Writes wait this long after a change, so a burst of answers is one write. */
const WRITE_DELAY_MS = 1_000;
/** A bigger cache is not kept (localStorage holds about 5 MB in all). */
const MAX_BYTES = 1_500_000;

interface StoredCache {
  userId: string;
  savedAt: number;
  state: ReturnType<typeof dehydrate>;
}

const storage = (): Storage | undefined => {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
};

/** Puts back the member's kept answers (once, at start-up); then keeps them up to date. */
export function persistQueryCache(queryClient: QueryClient, now: () => number = Date.now): void {
  const store = storage();
  if (!store) return;
  const userId = useSessionStore.getState().user?.id;
  try {
    const stored = JSON.parse(store.getItem(QUERY_CACHE_KEY) ?? 'null') as StoredCache | null;
    if (stored && userId && stored.userId === userId && now() - stored.savedAt < QUERY_CACHE_MAX_AGE_MS) {
      hydrate(queryClient, stored.state);
      // Kept answers are shown at once but are never fresh: a page asks again as it mounts, so a
      // change made just before the reload (younger than staleTime) is not hidden by the kept copy.
      void queryClient.invalidateQueries({ refetchType: 'none' });
    } else if (stored) store.removeItem(QUERY_CACHE_KEY);
  } catch {
    store.removeItem(QUERY_CACHE_KEY);
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = () => {
    timer = undefined;
    const member = useSessionStore.getState().user?.id;
    if (!member) return;
    const state = dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status === 'success' });
    const json = JSON.stringify({ userId: member, savedAt: now(), state } satisfies StoredCache);
    try {
      if (json.length <= MAX_BYTES) store.setItem(QUERY_CACHE_KEY, json);
      else store.removeItem(QUERY_CACHE_KEY);
    } catch {
      // Storage full or refused: the app works as before, without the kept copy.
    }
  };
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' && event.type !== 'removed') return;
    timer ??= setTimeout(write, WRITE_DELAY_MS);
  });
  // A reload or a closed tab within the write delay still keeps the latest answers.
  window.addEventListener('pagehide', () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    write();
  });
  // Signed out (or another member): nothing of the last member stays on the device.
  useSessionStore.subscribe((state, before) => {
    if (state.user?.id !== before.user?.id) store.removeItem(QUERY_CACHE_KEY);
  });
}
