// The public privacy policy and terms (issue #34): both app stores need a public address, and
// Apple wants them reachable in the app before sign-up. Signed out, straight from the server and
// from the sign-in and sign-up pages.
import { expect, test } from '../support/test';
import { expectOnPage, tabBar } from '../support/pages';

const LEGAL_PAGES = [
  ['/privacy', 'Privacy Policy', 'What we collect'],
  ['/terms', 'Terms of Service', 'Who may use LinkUp'],
] as const;

for (const [path, title, section] of LEGAL_PAGES) {
  test(`${path} is the app's page for a signed-out visitor, with the full ${title}`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toContain('text/html');
    await expectOnPage(page, path, title);
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
    await expect(page.getByText(/^Last updated:/)).toBeVisible();
    await expect(tabBar(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
  });
}

for (const [path, title] of [['/auth/login', 'Welcome Back'], ['/auth/register', 'Join LinkUp']] as const) {
  test(`${path} links to the privacy policy and the terms`, async ({ page }) => {
    await page.goto(path);
    await expectOnPage(page, path, title);
    const legal = page.getByRole('navigation', { name: 'Legal' });
    for (const [target, linkTitle] of LEGAL_PAGES) {
      await legal.getByRole('link', { name: linkTitle }).click();
      await expectOnPage(page, target, linkTitle);
      await page.getByRole('button', { name: 'Back' }).click();
      await expectOnPage(page, path, title);
    }
  });
}
