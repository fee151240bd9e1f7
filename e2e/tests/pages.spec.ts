// Every app page of the route table (contract ROUTES) renders for a signed-in member, with its
// title as the h1 and in the browser tab, and with the tab bar shown (its section's tab current)
// or hidden as the route says.
import { ROUTES } from '@linkup/contract';
import { expect, test } from '../support/test';
import { TABS, expectOnPage, tabBar } from '../support/pages';
import { signIn } from '../support/session';

const pages = ROUTES.filter((r) => r.group === 'app' && !r.path.includes(':'));

test.beforeEach(async ({ page, request }) => {
  await signIn(page, request);
});

// One browser page walks every route (a step each), which is how a member moves through the app
// and costs one sign-in instead of forty.
test('every app page shows its title, in the tab too, with the tab bar as its route says', async ({ page }) => {
  test.setTimeout(pages.length * 10_000);
  for (const route of pages) {
    await test.step(`${route.path} shows '${route.title}'`, async () => {
      await page.goto(route.path);
      await expectOnPage(page, route.path, route.title);
      if (!route.showTabBar) {
        await expect(tabBar(page)).toHaveCount(0);
        return;
      }
      await expect(tabBar(page)).toBeVisible();
      const tab = TABS.find((t) => t.key === ('tab' in route ? route.tab : undefined));
      if (tab) await expect(tabBar(page).getByRole('link', { name: tab.label })).toHaveAttribute('aria-current', 'page');
    });
  }
});
