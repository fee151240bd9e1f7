// Every app page at a phone (390×844) and a desktop (1440×900) size, light and dark (issue 17):
// nothing wider than the screen, nothing over the header's or the tab bar's controls, and no axe
// violation of any impact (minor and moderate too). One browser context per size and theme; the pages in a loop.
import { ROUTES, buildPath } from '@linkup/contract';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { axeViolations } from '../support/pages';
import { sharedSession, storeSession } from '../support/session';
import { matchingMember, useUpTodaysLikes } from '../support/matching';
import { toast } from '../support/accounts';

// axe is evaluated in the page, which the app's Content-Security-Policy does not let inline scripts do.
test.use({ bypassCSP: true });
// The longest file of the suite (each size and theme visits every page): its tests share both
// workers instead of holding one to the end of the run. Each makes its own members.
test.describe.configure({ mode: 'parallel' });

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false },
] as const;
const THEMES = ['light', 'dark'] as const;

/** Every signed-in page of the contract, with made-up ids where the path has parameters. */
const APP_PAGES = ROUTES.filter((r) => r.group === 'app' || r.group === 'standalone').map((r) =>
  buildPath(r.path, { id: 'usr_layout', roomId: 'room_layout' }),
);

/** What is wrong with the page's layout: overflow to the side, and header or tab bar controls something else covers. */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) problems.push(`overflows sideways: ${root.scrollWidth} > ${root.clientWidth}`);
    // The app's bars (content scrolling under the tab bar is by design; the bars' own controls must stay free).
    const bars = '.app-header, .tab-bar, .chat-header, .standalone-header, .auth-header';
    const controls = Array.from(document.querySelectorAll<HTMLElement>(bars.split(', ').flatMap((bar) => [`${bar} a`, `${bar} button`]).join(', ')));
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(control).visibility === 'hidden') continue;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) continue;
      const top = document.elementFromPoint(x, y);
      if (top && !control.contains(top) && !top.contains(control)) {
        const name = control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.tagName;
        problems.push(`"${name}" is covered by <${top.tagName.toLowerCase()} class="${top.className}">`);
      }
    }
    return problems;
  });
}

async function checkAll(browser: Browser, baseURL: string, size: (typeof SIZES)[number], theme: (typeof THEMES)[number], session: Awaited<ReturnType<typeof sharedSession>>) {
  const context = await browser.newContext({
    baseURL, viewport: size.viewport, isMobile: size.isMobile, hasTouch: size.hasTouch, colorScheme: theme, bypassCSP: true,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  try {
    await storeSession(page, session);
    for (const path of APP_PAGES) {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeAttached();
      // Loading states settle: no spinner left in the main area.
      await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0, { timeout: 10_000 }).catch(() => undefined);
      for (const problem of [...(await layoutProblems(page)), ...(await axeViolations(page, 'minor'))]) {
        problems.push(`${size.name} ${theme} ${path}: ${problem}`);
      }
    }
  } finally {
    await context.close();
  }
  return problems;
}

for (const size of SIZES) {
  for (const theme of THEMES) {
    test(`every app page fits a ${size.name} (${size.viewport.width}×${size.viewport.height}) in ${theme}, with its controls free and no axe violations`, async ({ browser, request, baseURL }) => {
      test.setTimeout(300_000);
      const session = await sharedSession(request);
      expect(await checkAll(browser, baseURL!, size, theme, session)).toEqual([]);
    });
  }
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('nothing overlaps on Discover out of likes: the like/pass buttons never cover "Upgrade to Premium", and the page stops above the tab bar (issue 32 item 16)', async ({ page, request }) => {
  test.setTimeout(180_000);
  const member = await matchingMember(request, 'Overlap');
  await matchingMember(request, 'Overlapcard');
  // Today's free likes used up, so Discover shows "You're out of likes" with the upgrade.
  await useUpTodaysLikes(request, member, 'Overlapped');
  await storeSession(page, member.session);

  for (const size of SIZES) {
    await page.setViewportSize(size.viewport);
    await page.goto('/app/discover');
    const upgrade = page.getByRole('region', { name: "You're out of likes" }).getByRole('link', { name: 'Upgrade to Premium' });
    await expect(upgrade).toBeVisible();
    const actions = page.getByRole('group', { name: 'Discover actions' }).getByRole('button');
    // As the page opens, and with the upgrade scrolled into view.
    for (const scrolled of [false, true]) {
      if (scrolled) await upgrade.scrollIntoViewIfNeeded();
      const own = await Promise.all([upgrade, page.getByRole('button', { name: 'Keep browsing' })].map(async (l) => (await l.boundingBox())!));
      for (const button of await actions.all()) {
        const box = (await button.boundingBox())!;
        for (const mine of own) expect(overlaps(box, mine), `${size.name}: ${await button.getAttribute('aria-label')} covers a button of the page`).toBe(false);
      }
    }
    // Scrolled to the end, the page's last content (safe area included) ends above the tab bar.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const tabBar = (await page.getByRole('navigation', { name: 'Main' }).boundingBox())!;
    const contentBottom = await page.evaluate(() => Math.max(...Array.from(document.querySelectorAll('main *'))
      .map((el) => el.getBoundingClientRect()).filter((r) => r.width > 1 && r.height > 1).map((r) => r.bottom)));
    if (size.name === 'phone') expect(contentBottom, 'content ends above the tab bar').toBeLessThanOrEqual(tabBar.y + 0.5);
    else expect(overlaps(tabBar, (await upgrade.boundingBox())!)).toBe(false);
  }
});

/** What the showing toasts cover: every visible heading, button, link, field or switch of the page under a toast. */
async function coveredByToasts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const boxes = Array.from(document.querySelectorAll('.Toastify__toast')).map((t) => t.getBoundingClientRect());
    const controls = 'h1, h2, h3, button, a, input, textarea, select, [role="switch"], [role="radio"], [role="button"]';
    const covered: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(controls))) {
      if (el.closest('.Toastify') || el.closest('[hidden]')) continue;
      const r = el.getBoundingClientRect();
      if (r.width < 1 || r.height < 1 || getComputedStyle(el).visibility === 'hidden') continue;
      if (boxes.some((t) => r.left < t.right && t.left < r.right && r.top < t.bottom && t.top < r.bottom)) {
        covered.push(`${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`);
      }
    }
    return covered;
  });
}

/** Once the toast has come in, the page has made room for it: nothing is under it while it shows. */
async function expectToastCoversNothing(page: Page, text: string, where: string) {
  const shown = toast(page, text);
  await expect(shown).toBeVisible();
  // It slides in from the side: measure where it stays, once no animation moves it.
  await expect.poll(() => page.evaluate(() => Array.from(document.querySelectorAll('.Toastify__toast')).every((t) => t.getAnimations().length === 0))).toBe(true);
  expect(await coveredByToasts(page), `${where}: what "${text}" covers`).toEqual([]);
  await expect(shown, `${where}: the toast is still showing when measured`).toBeVisible();
}

test('toasts cover no heading or button: the page makes room below its top bar while they show (issue 32 item 16)', async ({ page, request }) => {
  test.setTimeout(120_000);
  const [member, other] = [await matchingMember(request, 'Toasty'), await matchingMember(request, 'Toastee')];
  await storeSession(page, member.session);
  for (const size of SIZES) {
    await page.setViewportSize(size.viewport);
    // The shell: a switch saved as it changes.
    await page.goto('/app/settings/privacy');
    await page.getByRole('switch', { name: 'Show my age' }).click();
    await expectToastCoversNothing(page, 'Your settings have been saved.', `${size.name} settings`);
    // The chat's own top bar: a chat started from the search.
    await page.goto('/app/messages');
    await page.getByRole('searchbox', { name: 'Search users' }).fill(other.name);
    await page.getByRole('list', { name: 'Search results' }).getByRole('button', { name: new RegExp(other.name) }).click();
    await expectToastCoversNothing(page, 'Chat started successfully', `${size.name} chat`);
  }
  // The sign-in pages: signing out lands on the login page with a toast.
  await page.goto('/app/settings');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expectToastCoversNothing(page, 'Logged out successfully', 'desktop login');
});
