// Spec §2 routing rules, as a member meets them in the browser.
import { expect, test } from '../support/test';
import { expectOnPage, expectPath, pageHeading } from '../support/pages';
import { signIn, signInThroughForm } from '../support/session';

test.describe('signed out', () => {
  test('the root goes to the dashboard, which sends a signed-out visitor to sign in', async ({ page }) => {
    await page.goto('/');
    await expectOnPage(page, '/auth/login', 'Welcome Back');
  });

  test('an unknown path goes to the dashboard, which sends a signed-out visitor to sign in', async ({ page }) => {
    await page.goto('/no/such/page');
    await expectOnPage(page, '/auth/login', 'Welcome Back');
  });

  test('a page that needs sign-in sends you to sign in, and back there afterwards', async ({ page }) => {
    await page.goto('/app/more');
    await expectOnPage(page, '/auth/login', 'Welcome Back');

    await signInThroughForm(page);
    await expectOnPage(page, '/app/more', 'More');
  });

  test('/auth/not-allowed needs sign-in', async ({ page }) => {
    await page.goto('/auth/not-allowed');
    await expectOnPage(page, '/auth/login', 'Welcome Back');
  });
});

test.describe('signed in', () => {
  test.beforeEach(async ({ page, request }) => {
    await signIn(page, request);
  });

  test('the root goes to the dashboard', async ({ page }) => {
    await page.goto('/');
    await expectOnPage(page, '/app/dashboard', 'Home');
  });

  for (const unknown of ['/no/such/page', '/app/no-such-page', '/auth']) {
    test(`an unknown path (${unknown}) goes to the dashboard`, async ({ page }) => {
      await page.goto(unknown);
      await expectOnPage(page, '/app/dashboard', 'Home');
    });
  }

  for (const authPath of ['/auth/login', '/auth/register', '/auth/forgot-password']) {
    test(`${authPath} sends a signed-in member to the dashboard`, async ({ page }) => {
      await page.goto(authPath);
      await expectOnPage(page, '/app/dashboard', 'Home');
    });
  }

  test('/auth/not-allowed shows Access Denied', async ({ page }) => {
    await page.goto('/auth/not-allowed');
    await expectPath(page, '/auth/not-allowed');
    await expect(pageHeading(page, 'Access Denied')).toBeVisible();
    await expect(page).toHaveTitle('Access Denied · LinkUp');
  });

  test('a deep link survives a reload (SPA fallback) and keeps you signed in', async ({ page }) => {
    await page.goto('/app/more');
    await expectOnPage(page, '/app/more', 'More');
    await page.reload();
    await expectOnPage(page, '/app/more', 'More');

    await page.goto('/app/profile/edit');
    await expectOnPage(page, '/app/profile/edit');
  });
});
