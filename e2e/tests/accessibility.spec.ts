// Accessibility of key screens: axe-core finds no serious or critical violations.
import { expect, test, type Page } from '../support/test';
import { axeViolations, expectOnPage } from '../support/pages';
import { signIn } from '../support/session';

async function expectNoViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

test('the sign-in page has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/auth/login');
  await expectOnPage(page, '/auth/login', 'Welcome Back');
  await expectNoViolations(page);
});

test('the More screen has no serious or critical accessibility violations', async ({ page, request }) => {
  await signIn(page, request);
  await page.goto('/app/more');
  await expectOnPage(page, '/app/more', 'More');
  await expectNoViolations(page);
});

for (const [path, title] of [
  ['/auth/login?method=whatsapp', 'Welcome Back'],
  ['/auth/register', 'Join LinkUp'],
  ['/auth/forgot-password', 'Reset Password'],
  ['/auth/reset-password?token=t', 'New Password'],
] as const) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expectOnPage(page, new URL(path, 'http://x').pathname, title);
    await expectNoViolations(page);
  });
}
