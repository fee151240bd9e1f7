// The installable web app's service worker (/sw.js), as the offline specs need it: installed,
// controlling the page, with the app shell in its cache — so a reload without network opens.
import { expect, type Page } from '@playwright/test';

/** Waits until /sw.js is installed, activated and controls the page, with the app shell cached. */
export async function shellInstalled(page: Page): Promise<void> {
  const state = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { scope: registration.scope, script: registration.active?.scriptURL, state: registration.active?.state };
  });
  expect(new URL(state.script!).pathname).toBe('/sw.js');
  expect(new URL(state.scope).pathname).toBe('/');
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
  const cached = await page.evaluate(async () => {
    const names = await caches.keys();
    const cache = await caches.open(names.find((n) => n.startsWith('linkup-shell-'))!);
    return (await cache.keys()).map((r) => new URL(r.url).pathname);
  });
  expect(cached).toEqual(expect.arrayContaining(['/index.html', '/manifest.webmanifest', '/images/icon-512.png']));
  expect(cached.some((p) => /^\/assets\/index-.+\.js$/.test(p))).toBe(true);
}
