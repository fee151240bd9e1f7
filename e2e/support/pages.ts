// What "being on a page" means to a member: the address, the page's h1 title, and the browser
// tab's title. Plus the bottom tab bar, found by its links rather than by CSS.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { ROUTES, SCREENS_TO_BUILD, TABS, matchRoute } from '@linkup/contract';
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

/**
 * Asserts the address, the visible h1 title and document.title ('<title> · LinkUp') — and that the
 * page is its own screen, not the placeholder (unless the contract's SCREENS_TO_BUILD still lists
 * the route, in which case it must still be the placeholder: the list stays true).
 */
export async function expectOnPage(page: Page, pathname: string, title = titleOf(pathname)): Promise<void> {
  await expectPath(page, pathname);
  await expect(pageHeading(page, title)).toBeVisible();
  // A signed-in member's tab title leads with the unread count, "(3) Messages · LinkUp" (issue 32 item 13).
  const escaped = `${title} · LinkUp`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(page).toHaveTitle(new RegExp(`^(\\(\\d+\\) )?${escaped}$`));
  const route = matchRoute(pathname);
  const placeholder = page.locator('[data-placeholder]');
  if (route && (SCREENS_TO_BUILD as readonly string[]).includes(route.name)) {
    await expect(placeholder, `${route.name} has a screen now: take it off SCREENS_TO_BUILD`).toHaveCount(1);
  } else {
    await expect(placeholder, `${pathname} shows the placeholder page, not a screen of its own`).toHaveCount(0);
  }
}

/** The app shell's bottom tab bar: the navigation landmark holding all six tab links. */
export function tabBar(page: Page): Locator {
  let nav = page.getByRole('navigation');
  for (const tab of TABS) nav = nav.filter({ has: page.getByRole('link', { name: tab.label }) });
  return nav;
}

export { TABS };

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's impacts, most severe first. */
const AXE_IMPACTS = ['critical', 'serious', 'moderate', 'minor'] as const;
export type AxeImpact = (typeof AXE_IMPACTS)[number];

/**
 * axe-core's violations on the page at or above `minimum` impact, as readable lines (empty when
 * clean); toasts are left out (they come and go). axe is evaluated through the DevTools protocol,
 * which the app's Content-Security-Policy (rightly) does not let inline scripts do.
 */

export async function axeViolations(page: Page, minimum: AxeImpact = 'serious'): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  // Colours are measured once what just opened (a dialog fading in) has finished animating; endless
  // animations (a skeleton's shimmer) are not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const found = await page.evaluate(async () => {
    type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };
    type Axe = { run: (ctx: object, opts: object) => Promise<{ violations: Violation[] }> };
    const { axe } = window as unknown as { axe: Axe };
    return (await axe.run({ exclude: [['.Toastify']] }, { resultTypes: ['violations'] })).violations;
  });
  const levels = AXE_IMPACTS.slice(0, AXE_IMPACTS.indexOf(minimum) + 1) as readonly string[];
  return found
    .filter((v) => levels.includes(v.impact ?? 'minor'))
    .map((v) => `${v.impact}: ${v.id} (${v.help}) at ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
}
