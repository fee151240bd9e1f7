// Notifications end-to-end helpers: a member's own browser (a context with notification permission
// granted) open on the app, their in-app card, a Web Push device of theirs at a loopback push
// service, and their page's service worker receiving a push as the browser would hand it over.
import { expect, type APIRequestContext, type Browser, type Page, type Worker } from '@playwright/test';
import type { MatchingMember } from './matching';
import { startPushService } from './push-service';
import { storeSession } from './session';

export type PushService = Awaited<ReturnType<typeof startPushService>>;

/** The member signed in, in a browser of their own, on /app/more. */
export async function memberPage(browser: Browser, member: MatchingMember): Promise<Page> {
  const context = await browser.newContext({ permissions: ['notifications'] });
  const page = await context.newPage();
  await storeSession(page, member.session);
  await page.goto('/app/more');
  await expect(page.getByRole('heading', { level: 1, name: 'More' })).toBeVisible();
  return page;
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
 * The service worker of the page's origin (the app registers /sw.js at start-up): `deliver` hands
 * it a push payload through the DevTools protocol, as the browser does with what its push service
 * received; `shown` lists the notifications it is showing, read inside the worker itself (a page
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
  const worker = async (): Promise<Worker> => {
    const running = context.serviceWorkers().filter((w) => w.url().startsWith(origin));
    return running.at(-1) ?? context.waitForEvent('serviceworker');
  };
  return {
    origin,
    deliver: (payload: string) => cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data: payload }),
    shown: async (): Promise<ShownNotification[]> =>
      (await worker()).evaluate(async () => {
        const sw = self as unknown as { registration: ServiceWorkerRegistration };
        return (await sw.registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag }));
      }),
  };
}
