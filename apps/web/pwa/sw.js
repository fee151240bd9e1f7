// LinkUp's service worker, served at /sw.js (a fixed root path, spec §4 "Push"). The build
// (pwa/service-worker-plugin.ts) puts `SHELL` in front of this file — the version of this build and
// every file of the app shell — with what it takes from the contract (`DESKTOP_NOTIFICATION_MS`,
// `notificationActionPath`, `isServerPath`). Installing precaches them, so the installed app opens
// offline; the page then says "You're offline" and recovers by itself when the network returns. It also
// receives Web Push (below): a notification while no LinkUp page is in view, closed after 5 s.
/* global SHELL, DESKTOP_NOTIFICATION_MS, notificationActionPath, isServerPath */

const CACHE_PREFIX = 'linkup-shell-';
const CACHE = `${CACHE_PREFIX}${SHELL.version}`;
/** Every page of the app is this one HTML file (a single-page app). */
const SHELL_PAGE = '/index.html';
/** The server varies responses by Origin (CORS); the shell's files are the same for every page of it. */
const MATCH = { cacheName: CACHE, ignoreVary: true };

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll(SHELL.files);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

/** Pages come from the network while there is one, else the cached shell renders them. */
async function page(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match(SHELL_PAGE, MATCH);
    if (shell) return shell;
    throw error;
  }
}

/**
 * Files of the shell come from the cache; hashed assets fetched later (none yet) are kept too —
 * never an answer the server marked no-store (as every API answer is), whatever its path spells.
 */
async function file(request, url) {
  const cached = await caches.match(request, MATCH);
  if (cached) return cached;
  const response = await fetch(request);
  const noStore = /(^|,)\s*no-store\s*(,|$)/i.test(response.headers.get('Cache-Control') || '');
  if (response.ok && !noStore && url.pathname.startsWith('/assets/')) {
    const cache = await caches.open(CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  // Live data (the server's own paths: the contract's SERVER_PATH_PREFIXES) never comes from a cache.
  if (url.origin !== self.location.origin || isServerPath(url.pathname)) return;
  event.respondWith(request.mode === 'navigate' ? page(request) : file(request, url));
});

// ── Web Push (spec §4 "Push", §9 "Desktop notification closes after 5 seconds") ──

/**
 * Where an action leads: the contract's notificationActionPath (spec §2 "Action routing"), for
 * clicks with no page open — except like_back, which opens the member's profile (a worker cannot
 * like; the profile offers Like).
 */
function actionPath(action, data) {
  return notificationActionPath(action === 'like_back' ? 'view_profile' : action, data);
}

async function windows() {
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true });
}

self.addEventListener('push', (event) => {
  event.waitUntil(
    (async () => {
      let message = {};
      try {
        message = event.data ? event.data.json() : {};
      } catch {
        message = { title: 'LinkUp', body: event.data ? event.data.text() : '' };
      }
      const data = message.data && typeof message.data === 'object' ? message.data : { type: 'other' };
      // A page in view shows the in-app card (it came over its socket): no second notification.
      const open = await windows();
      if (open.some((client) => client.visibilityState === 'visible')) return;
      const tag = message.tag || data.type || 'linkup';
      await self.registration.showNotification(message.title || 'LinkUp', {
        body: message.body || '',
        tag,
        data,
        icon: '/favicon.png',
        badge: '/favicon.png',
      });
      // Desktop notifications close after 5 s (the system keeps it in its centre where it has one).
      await new Promise((resolve) => setTimeout(resolve, DESKTOP_NOTIFICATION_MS));
      const shown = await self.registration.getNotifications({ tag });
      shown.forEach((notification) => notification.close());
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  const data = event.notification.data || { type: 'other' };
  const action = event.action || data.action || 'open_app';
  event.notification.close();
  event.waitUntil(
    (async () => {
      const open = await windows();
      const page = open.find((client) => new URL(client.url).origin === self.location.origin);
      if (page) {
        // The page routes it as a card button would (like_back likes that member there).
        page.postMessage({ type: 'notification-opened', action, data });
        if ('focus' in page) await page.focus();
        return;
      }
      await self.clients.openWindow(actionPath(action, data));
    })(),
  );
});
