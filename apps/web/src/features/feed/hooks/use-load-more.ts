import { useEffect, useRef } from 'react';

/**
 * Infinite scroll: calls `loadMore` when the returned element scrolls into view (a little before,
 * so the next page is there in time). Where IntersectionObserver is missing, nothing happens and
 * the visible "Load more" button does the work.
 */
export function useLoadMore<T extends Element>(loadMore: () => void, enabled: boolean) {
  const ref = useRef<T | null>(null);
  const latest = useRef(loadMore);
  useEffect(() => {
    latest.current = loadMore;
  }, [loadMore]);

  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) latest.current();
    }, { rootMargin: '600px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
}
