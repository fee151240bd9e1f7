import { useSyncExternalStore } from 'react';

/**
 * The desktop breakpoint (issue 17): from this width the shell is up to 1200 px wide, the tab bar
 * is a side navigation and Messages shows the list and the open chat side by side. The CSS says
 * the same in its `@media (min-width: 1024px)` blocks (styles/global.css, the features' CSS).
 */
export const WIDE_SCREEN_MIN_WIDTH = 1024;
export const WIDE_SCREEN_QUERY = `(min-width: ${WIDE_SCREEN_MIN_WIDTH}px)`;

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(WIDE_SCREEN_QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** Whether the window is at least the desktop breakpoint wide; follows resizes. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(WIDE_SCREEN_QUERY).matches, () => false);
}
