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

/**
 * axe-core's violations on the page at or above `minimum` impact, as readable lines (empty when
 * clean); toasts are left out (they come and go). The test file needs
 * `test.use({ bypassCSP: true })`: axe is injected as a script.
 */
export async function axeViolations(page: Page, minimum: 'critical' | 'serious' = 'serious'): Promise<string[]> {
  const { createRequire } = await import('node:module');
  await page.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') });
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: object, opts: object) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    return (await axe.run({ exclude: [['.Toastify']] }, { resultTypes: ['violations'] })).violations;
  });
  const levels = minimum === 'critical' ? ['critical'] : ['critical', 'serious'];
  return found
    .filter((v) => levels.includes(v.impact ?? ''))
    .map((v) => `${v.impact}: ${v.id} (${v.help}) at ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
}
