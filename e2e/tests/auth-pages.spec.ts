// The authentication group of spec §2: titles, the Back control and the logo.
import { expect, test } from '../support/test';
import { expectOnPage, tabBar } from '../support/pages';

const AUTH_PAGES = [
  ['/auth/login', 'Welcome Back'],
  ['/auth/register', 'Join LinkUp'],
  ['/auth/otp-verification', 'Verify Your Number'],
  ['/auth/forgot-password', 'Reset Password'],
  ['/auth/reset-password', 'New Password'],
  ['/auth/verify-email', 'Verify Email'],
] as const;

for (const [path, title] of AUTH_PAGES) {
  test(`${path} shows '${title}' without the tab bar`, async ({ page }) => {
    await page.goto(path);
    await expectOnPage(page, path, title);
    await expect(tabBar(page)).toHaveCount(0);
  });
}

test('the sign-in form has labelled fields and a Sign In button', async ({ page }) => {
  await page.goto('/auth/login');
  await expect(page.getByLabel('Email or mobile')).toBeEditable();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
});

test('Back goes back one history step', async ({ page }) => {
  await page.goto('/auth/register');
  await expectOnPage(page, '/auth/register', 'Join LinkUp');
  await page.goto('/auth/login');
  await expectOnPage(page, '/auth/login', 'Welcome Back');

  await page.getByRole('button', { name: 'Back', exact: true }).or(page.getByRole('link', { name: 'Back', exact: true })).click();
  await expectOnPage(page, '/auth/register', 'Join LinkUp');
});

test('Back on a first page reached through redirects (/login opened directly) stays in the app (issue 32 item 3)', async ({ page }) => {
  await page.goto('/login');
  await expectOnPage(page, '/auth/login', 'Welcome Back');
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expectOnPage(page, '/auth/login', 'Welcome Back');
  expect(new URL(page.url()).pathname).toBe('/auth/login');
});

test('the logo is /images/logo.png and loads', async ({ page }) => {
  await page.goto('/auth/login');
  const logo = page.getByRole('img', { name: 'LinkUp', exact: true });
  await expect(logo).toBeVisible();
  expect(new URL(await logo.evaluate((img: HTMLImageElement) => img.src)).pathname).toBe('/images/logo.png');
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
});
