// What "being on a page" means to a member: the address, the page's h1 title, and the browser
// tab's title. Plus the bottom tab bar, found by its links rather than by CSS.
import { ROUTES, TABS } from '@linkup/contract';
import { expect, type Locator, type Page } from '@playwright/test';

/** Title of the route a concrete path belongs to (contract ROUTES). */
export function titleOf(path: string): string {
  const route = ROUTES.find((r) => r.path === path);
  if (!route) throw new Error(`No route ${path} in the contract`);
  return route.title;
}

export async function expectPath(page: Page, pathname: string): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === pathname);
}

/** The page's main title (an h1), as a locator. */
export function pageHeading(page: Page, title: string): Locator {
  return page.getByRole('heading', { level: 1, name: title, exact: true });
}

/** Asserts the address, the visible h1 title and document.title ('<title> · LinkUp'). */
export async function expectOnPage(page: Page, pathname: string, title = titleOf(pathname)): Promise<void> {
  await expectPath(page, pathname);
  await expect(pageHeading(page, title)).toBeVisible();
  await expect(page).toHaveTitle(`${title} · LinkUp`);
}

/** The app shell's bottom tab bar: the navigation landmark holding all six tab links. */
export function tabBar(page: Page): Locator {
  let nav = page.getByRole('navigation');
  for (const tab of TABS) nav = nav.filter({ has: page.getByRole('link', { name: tab.label }) });
  return nav;
}

export { TABS };
