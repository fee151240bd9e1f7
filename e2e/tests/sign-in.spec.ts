// Signing in with the form (spec §4 Auth, §5 Login): an identifier without '@' is a mobile
// number; wrong credentials keep you on the form with the reason. (Each attempt counts against
// the API's 10 sign-ins a minute, so this file keeps to two.)
import { expect, test } from '../support/test';
import { expectOnPage } from '../support/pages';
import { DEMO_ACCOUNT, readSession } from '../support/session';

test.beforeEach(async ({ page }) => {
  await page.goto('/auth/login');
  await expectOnPage(page, '/auth/login', 'Welcome Back');
});

test('signing in with the mobile number lands on the dashboard', async ({ page }) => {
  const login = page.waitForRequest((r) => r.url().endsWith('/api/auth/login') && r.method() === 'POST');
  await page.getByLabel('Email or mobile').fill(DEMO_ACCOUNT.mobile);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ACCOUNT.password);
  await page.getByRole('button', { name: 'Sign In' }).click();

  expect((await login).postDataJSON()).toEqual({ mobile: DEMO_ACCOUNT.mobile, password: DEMO_ACCOUNT.password });
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expectOnPage(page, '/app/dashboard', 'Home');
  const session = await readSession(page);
  expect(session?.token).toBeTruthy();
  expect(session?.user.name).toBe(DEMO_ACCOUNT.name);
});

test('a wrong password keeps you on the form and says why', async ({ page }) => {
  await page.getByLabel('Email or mobile').fill(DEMO_ACCOUNT.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page.getByText('Login failed')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: /credentials/i })).toBeVisible();
  await expectOnPage(page, '/auth/login', 'Welcome Back');
  expect(await readSession(page)).toBeNull();
});

test('an empty form is not sent', async ({ page }) => {
  let sent = false;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/auth/login')) sent = true;
  });
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Enter your e-mail address or mobile number.')).toBeVisible();
  await expect(page.getByText('Enter your password.')).toBeVisible();
  expect(sent).toBe(false);
});
