/**
 * The data a signed-in first page shows, asked for from the entry while the app starts (beside the
 * token check and the page's own code), so the page renders with its data instead of a loading
 * state that shifts as answers arrive. Started here rather than from the page's group: the
 * requests leave as soon as the entry has run, not a round trip later when the group's chunk has
 * arrived (issue #18). Only for a first visit: later pages load their data as they open.
 */
import { matchRoute, type DiscoverPage, type RouteName } from '@linkup/contract';
import { InfiniteQueryObserver, QueryObserver, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { roomsQueryOptions } from '@/features/chat/api/get-rooms';
import { discoverQueryOptions, suggestedQueryOptions } from '@/features/matching/api/get-discover';
import { matchesQueryOptions } from '@/features/matching/api/get-matches';
import { statsQueryOptions } from '@/features/matching/api/get-stats';
import { visitorsQueryOptions } from '@/features/matching/api/get-visitors';
import { profileQueryOptions } from '@/features/profile/api/get-profile';
import { mediaUrl } from '@/lib/media-url';

/** How long an answer waits for its page at most (a page that never comes, e.g. a redirect). */
export const FIRST_PAGE_HOLD_MS = 15_000;

/** What `hold` needs of a (plain or infinite) query observer. */
interface Observer {
  subscribe(listener: (result: { data?: unknown }) => void): () => void;
  getCurrentQuery(): object;
}

/**
 * Fetches through `observer` and keeps the answer until the page's own observer of that query has
 * subscribed: chat and discover data is dropped as soon as nothing observes it (gcTime 0), which
 * would throw a head start away before the page mounts.
 */
function hold(queryClient: QueryClient, observer: Observer, onData?: (data: unknown) => void): void {
  const query = observer.getCurrentQuery();
  const stopWatching = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'observerAdded' && event.query === query && event.observer !== (observer as object)) release();
  });
  const unsubscribe = observer.subscribe((result) => {
    if (result.data !== undefined) onData?.(result.data);
  });
  const timer = setTimeout(release, FIRST_PAGE_HOLD_MS);
  function release() {
    clearTimeout(timer);
    stopWatching();
    unsubscribe();
  }
}

function preloadImage(src: string): void {
  const image = new Image();
  image.fetchPriority = 'high';
  image.src = src;
}

const FIRST_PAGE_DATA: Partial<Record<RouteName, (queryClient: QueryClient) => void>> = {
  'app.dashboard': (queryClient) => {
    hold(queryClient, new QueryObserver(queryClient, statsQueryOptions()));
    hold(queryClient, new QueryObserver(queryClient, profileQueryOptions()));
    hold(queryClient, new InfiniteQueryObserver(queryClient, matchesQueryOptions()));
    hold(queryClient, new InfiniteQueryObserver(queryClient, visitorsQueryOptions()));
    hold(queryClient, new QueryObserver(queryClient, suggestedQueryOptions()));
  },
  // The stack without filters, as Discover first shows it; the top card's photo (the page's largest
  // element) is fetched as soon as the stack is in, while the page's code may still be on its way.
  'app.discover': (queryClient) => {
    let preloaded = false;
    hold(queryClient, new InfiniteQueryObserver(queryClient, discoverQueryOptions({})), (data) => {
      const photo = (data as InfiniteData<DiscoverPage>).pages[0]?.items[0]?.photos[0];
      if (photo && !preloaded) preloadImage(mediaUrl(photo.sizes.large));
      preloaded = true;
    });
    hold(queryClient, new QueryObserver(queryClient, statsQueryOptions()));
    hold(queryClient, new QueryObserver(queryClient, profileQueryOptions()));
  },
  'app.messages': (queryClient) => {
    hold(queryClient, new InfiniteQueryObserver(queryClient, roomsQueryOptions()));
  },
};

/** Starts the data of the signed-in page at `pathname`, if it is one that has its data here. */
export function prefetchFirstPageData(pathname: string, queryClient: QueryClient): void {
  const route = matchRoute(pathname);
  if (route?.requiresAuth) FIRST_PAGE_DATA[route.name as RouteName]?.(queryClient);
}
