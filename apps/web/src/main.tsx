import '@/styles/fonts.css';
import '@/styles/theme.css';
import '@/styles/controls.css';
import '@/styles/tokens.css';
import '@/styles/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, router } from '@/app/app';
import { checkStoredSession } from '@/app/bootstrap';
import { prefetchFirstPage } from '@/app/router';
import { hideSplashWhenReady, reloadOnStaleChunks } from '@/app/start-up-guards';
import { afterPageLoad } from '@/lib/after-load';
import { configurePrimeLocale } from '@/lib/primereact';
import { queryClient } from '@/lib/query-client';
import { useSessionStore } from '@/lib/session-store';
import { platform } from '@/platform/platform';

/**
 * Spec §4 start-up: the stored token, then the app mounts whatever happened. The ads SDK starts
 * later, with a free member's first banner (app/ads/ads-startup.ts; issue 34 item 11).
 */
/** Keeps the member's last answers (lib/query-persist): at once when signed in, else from the first sign-in on. */
async function keepQueryCache() {
  const persist = () => import('@/lib/query-persist').then((m) => m.persistQueryCache(queryClient));
  if (useSessionStore.getState().token) {
    await persist().catch((error: unknown) => console.error('Could not restore the kept data', error));
    return;
  }
  const stop = useSessionStore.subscribe((state) => {
    if (!state.token) return;
    stop();
    void persist().catch((error: unknown) => console.error('Could not keep the data', error));
  });
}

async function start() {
  // The launch screen goes when the first screen is there, or after a safety time if start-up hangs.
  const splashDone = hideSplashWhenReady(platform);
  // A page file a deploy removed (an old tab, a web view kept in memory) reloads to the new build;
  // a page being opened reloads at its own address (its route's error page does it).
  reloadOnStaleChunks({ navigating: () => router.state.navigation.state !== 'idle' });
  configurePrimeLocale();
  // The last data shown comes back at once, also after a reload without network (issue 32). Its
  // code loads apart (precached by the service worker): a signed-out first page never needs it.
  await keepQueryCache();
  // A signed-in first page's data travels with the token check (a 401 signs out either way).
  if (useSessionStore.getState().token) prefetchFirstPage(window.location.pathname, queryClient);
  try {
    await checkStoredSession();
  } catch (error) {
    console.error('Start-up failed; mounting anyway', error);
  }
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  const root = createRoot(container);
  // A transition: React renders the first page in slices, yielding to the browser between them,
  // instead of one long task that blocks input while a slow phone builds the page (issue #18).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
  requestAnimationFrame(splashDone);
  // The service worker precaches every file of the build: it starts once the first page has
  // loaded and settled, so that download does not share the network and CPU with the page (issue #18).
  afterPageLoad(() => void platform.installAppShell());
}

void start();
