// Signing in for end-to-end tests. The API allows 10 sign-ins a minute per address, so tests
// that only need *a* signed-in member share one session per worker (signIn); tests that end the
// session (logout) get their own (freshSession), and the form is used where the form is the
// point (signInThroughForm).
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_ACCOUNT } from '../../apps/server/src/seed/demo-account';

export const SESSION_KEY = 'linkup.session';
export { DEMO_ACCOUNT };

export interface StoredSession {
  token: string;
  user: { id: string; name: string } & Record<string, unknown>;
}

/** Signs the demo member in through the API and returns the `{ token, user }` the web app keeps. */
export async function freshSession(request: APIRequestContext): Promise<StoredSession> {
  const response = await request.post('/api/auth/login', {
    data: { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { success: boolean; data: StoredSession };
  expect(body.success).toBe(true);
  return { token: body.data.token, user: body.data.user };
}

let shared: Promise<StoredSession> | undefined;

/** The worker's shared session (signed in once per worker process). */
export function sharedSession(request: APIRequestContext): Promise<StoredSession> {
  shared ??= freshSession(request).catch((error: unknown) => {
    shared = undefined;
    throw error;
  });
  return shared;
}

/** Puts a session into the page's localStorage, as the web app does after signing in. */
export async function storeSession(page: Page, session: StoredSession): Promise<void> {
  // Any same-origin document will do; the health endpoint is cheap and does not start the app.
  await page.goto('/api/health');
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [SESSION_KEY, JSON.stringify(session)] as const);
}

/**
 * Signs the page in as the demo member without the form: logs in via the API (once per worker)
 * and writes `linkup.session` to localStorage. Navigate afterwards.
 */
export async function signIn(page: Page, request: APIRequestContext, session?: StoredSession): Promise<StoredSession> {
  const s = session ?? (await sharedSession(request));
  await storeSession(page, s);
  return s;
}

/** Fills in and submits the real sign-in form; the page must be on /auth/login. */
export async function signInThroughForm(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
  await page.getByLabel('Email or mobile').fill(DEMO_ACCOUNT.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ACCOUNT.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The session the page currently keeps, or null. */
export async function readSession(page: Page): Promise<StoredSession | null> {
  const raw = await page.evaluate((key) => window.localStorage.getItem(key), SESSION_KEY);
  return raw ? (JSON.parse(raw) as StoredSession) : null;
}
