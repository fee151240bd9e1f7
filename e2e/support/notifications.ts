// Notifications end-to-end helpers: a member's own browser (a context with notification permission
// granted) open on the app, their in-app card, a Web Push device of theirs at a loopback push
// service, and their page's service worker receiving a push as the browser would hand it over.
import { expect, type APIRequestContext, type Browser, type Page, type Worker } from '@playwright/test';
import type { MatchingMember } from './matching';
import { startPushService } from './push-service';
import { storeSession } from './session';

export type PushService = Awaited<ReturnType<typeof startPushService>>;

/**
 * The member signed in, in a browser of their own, on /app/more, with its real-time connection
 * open: the Socket.IO client loads after the first page has rendered, and an event sent before the
 * server accepted the connection (and joined it to the member's channel) would never reach it.
 */
export async function memberPage(browser: Browser, member: MatchingMember): Promise<Page> {
  const context = await browser.newContext({ permissions: ['notifications'] });
  const page = await context.newPage();
  await storeSession(page, member.session);
  const connected = socketConnected(page);
  await page.goto('/app/more');
  await expect(page.getByRole('heading', { level: 1, name: 'More' })).toBeVisible();
  await connected;
  return page;
}

/**
 * Resolves when the server accepts the page's Socket.IO connection: its CONNECT packet ("40…")
 * arrives. The server joins the socket to its member's channel in the same step.
 */
export function socketConnected(page: Page, timeout = 30_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the page’s real-time connection did not open')), timeout);
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/socket.io/')) return;
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string' && payload.startsWith('40')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  });
}

/** The in-app notification card (spec §2), by its type's label ('New Like', 'New Match', …). */
export const card = (page: Page, label: string) => page.getByRole('status', { name: label });

/**
 * A Web Push device of the member at a loopback push service, registered with POST /user/fcm-token
 * from a session of its own (so the page's session keeps whatever its browser registered).
 */
export async function pushDevice(request: APIRequestContext, member: MatchingMember): Promise<PushService> {
  const push = await startPushService();
  const login = await request.post('/api/auth/login', { data: { email: member.details.email, password: member.details.password } });
  expect(login.status(), await login.text()).toBe(200);
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const registered = await request.post('/api/user/fcm-token', {
    headers: { Authorization: `Bearer ${token}` },
    data: { fcm_token: push.subscription, device_type: 'web', device_name: 'e2e' },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  return push;
}

export interface ShownNotification {
  title: string;
  body: string;
  tag: string;
}

/**
 * The service worker of the page's origin (the app registers /sw.js at start-up):
 * `deliverAndExpectShown` hands it a push payload through the DevTools protocol, as the browser
 * does with what its push service received; `shown` lists the notifications it is showing, read inside the worker itself (a page
 * of the app opened to read them would count as the app in view).
 */
export async function serviceWorkerOf(page: Page) {
  const context = page.context();
  const cdp = await context.newCDPSession(page);
  const origin = new URL(page.url()).origin;
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
      if (found) resolve(found.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const id = await registrationId;
  // A push for a registration with no activated worker yet is dropped without a word: wait for it.
  await page.evaluate(async () => {
    const { active } = await navigator.serviceWorker.ready;
    if (!active || active.state === 'activated') return;
    await new Promise<void>((resolve) => {
      active.addEventListener('statechange', () => {
        if (active.state === 'activated') resolve();
      });
    });
  });
  const worker = async (): Promise<Worker> => {
    const running = context.serviceWorkers().filter((w) => w.url().startsWith(origin));
    return running.at(-1) ?? context.waitForEvent('serviceworker');
  };
  const inWorker = async <T>(fn: () => Promise<T>): Promise<T> => (await worker()).evaluate(fn);
  const shownNow = (): Promise<ShownNotification[]> =>
    inWorker(async () => {
      const sw = self as unknown as { registration: ServiceWorkerRegistration };
      return (await sw.registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag }));
    });
  return {
    origin,
    /**
     * Takes the app out of view as a member does (its tab goes to another page) and waits until
     * the service worker no longer counts a window of the app as visible: it learns of the
     * navigation a moment after the page does, and until then it rightly leaves pushes to the page.
     */
    toBackground: async () => {
      await page.goto('about:blank');
      await expect
        .poll(() => inWorker(async () => {
          const sw = self as unknown as { clients: { matchAll(options: object): Promise<{ visibilityState: string }[]> } };
          const open = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
          return open.filter((client) => client.visibilityState === 'visible').length;
        }), { message: 'no page of the app in view, as the service worker sees it' })
        .toBe(0);
    },
    /**
     * Hands the worker a push and waits until it shows `expected`. The DevTools delivery has no
     * acknowledgement: a push that arrives while the worker is being stopped or started is
     * dropped without a word (a real push service keeps its message until it is delivered), so a
     * push not shown within a few seconds is handed over again, up to three times. The worker
     * closes what it shows after 5 s (spec §9), so each look lasts less than that.
     */
    deliverAndExpectShown: async (payload: string, expected: ShownNotification, what: string) => {
      for (let attempt = 1; ; attempt++) {
        await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data: payload });
        try {
          await expect.poll(() => shownNow(), { message: `${what} shown by the service worker (delivery ${attempt})`, timeout: 4_500 }).toContainEqual(expected);
          return;
        } catch (error) {
          if (attempt === 3) throw error;
        }
      }
    },
    shown: shownNow,
  };
}
