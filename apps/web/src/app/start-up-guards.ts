import type { Platform } from '@/platform/platform';

/**
 * How long the native launch screen may stay at most (issue 34 item 14): start-up waits for the ads
 * SDK and the stored session's check, and a hung network call must not leave a member looking at
 * the logo forever — after this the app's own loading states take over.
 */
export const SPLASH_SAFETY_MS = 8_000;

/**
 * Hides the launch screen once: when the answered function is called (the first screen is
 * there) or after `timeoutMs`, whichever comes first.
 */
export function hideSplashWhenReady(target: Pick<Platform, 'hideSplash'>, timeoutMs = SPLASH_SAFETY_MS): () => void {
  let hidden = false;
  const hide = () => {
    if (hidden) return;
    hidden = true;
    clearTimeout(timer);
    target.hideSplash().catch((error: unknown) => console.warn('Could not hide the splash screen', error));
  };
  const timer = setTimeout(hide, timeoutMs);
  return hide;
}

/** Reloads closer together than this are a loop (the new build's files fail too), not a deploy. */
export const STALE_CHUNK_RELOAD_GAP_MS = 10_000;
const LAST_RELOAD_KEY = 'linkup.stale-chunk-reload';

interface StaleChunkOptions {
  target?: Pick<Window, 'addEventListener'>;
  /** Whether the router is opening another page (its code is what failed, most likely). */
  navigating?: () => boolean;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  reload?: () => void;
  now?: () => number;
}

/**
 * After a deploy, an open tab (or an app whose web view kept the old page) asks for page files the
 * server no longer has: Vite's `vite:preloadError`. The page then reloads to the new build instead
 * of showing a broken page — once per 10 s, so a file that fails on the new build too shows its
 * error instead of reloading forever. While the router opens another page, the error is left to
 * that page (app/route-error.tsx reloads once at its address): a reload here would reload the page
 * the member is leaving, and they would stay where they were.
 */
export function reloadOnStaleChunks({
  target = window,
  navigating = () => false,
  storage = window.sessionStorage,
  reload = () => window.location.reload(),
  now = Date.now,
}: StaleChunkOptions = {}): void {
  target.addEventListener('vite:preloadError', (event) => {
    if (navigating()) return;
    if (reloadForNewBuild({ storage, reload, now })) event.preventDefault();
  });
}

/**
 * Reloads the page to the new build unless it did less than STALE_CHUNK_RELOAD_GAP_MS ago; answers
 * whether it did. Also what a page that failed to load its code does (app/route-error.tsx, issue 32).
 */
export function reloadForNewBuild({
  storage = window.sessionStorage,
  reload = () => window.location.reload(),
  now = Date.now,
}: Omit<StaleChunkOptions, 'target' | 'navigating'> = {}): boolean {
  const last = Number(storage.getItem(LAST_RELOAD_KEY) ?? 0);
  if (now() - last < STALE_CHUNK_RELOAD_GAP_MS) return false;
  storage.setItem(LAST_RELOAD_KEY, String(now()));
  reload();
  return true;
}
