// The app shell: bottom tab bar navigation, titles, and pages that hide the tab bar.
import { expect, test } from '../support/test';
import { TABS, expectOnPage, tabBar, titleOf } from '../support/pages';
import { signIn } from '../support/session';

test.beforeEach(async ({ page, request }) => {
  await signIn(page, request);
});

test('every tab of the tab bar opens its page', async ({ page }) => {
  await page.goto('/app/dashboard');
  await expectOnPage(page, '/app/dashboard', 'Home');
  const bar = tabBar(page);
  await expect(bar).toBeVisible();
  expect(TABS.map((t) => t.label)).toEqual(['Home', 'Discover', 'Matches', 'Feed', 'Messages', 'More']);

  // Visit them in an order where every click changes the page.
  for (const tab of [...TABS.slice(1), TABS[0]!]) {
    const link = bar.getByRole('link', { name: tab.label });
    await link.click();
    await expectOnPage(page, tab.path, titleOf(tab.path));
    await expect(link).toHaveAttribute('aria-current', 'page');
    await expect(tabBar(page)).toBeVisible();
  }
});

test('the tab bar shows the tab of the current section', async ({ page }) => {
  await page.goto('/app/likes');
  await expectOnPage(page, '/app/likes', 'People Who Like You');
  await expect(tabBar(page).getByRole('link', { name: 'Matches' })).toHaveAttribute('aria-current', 'page');
});

// The form itself is the feed issue's; what the shell owes it is the hidden tab bar.
test('the page of the feed post form (/app/feed/create) hides the tab bar', async ({ page }) => {
  await page.goto('/app/feed/create');
  await expectOnPage(page, '/app/feed/create', titleOf('/app/feed/create'));
  await expect(tabBar(page)).toHaveCount(0);
});
