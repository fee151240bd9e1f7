// When the network or the deploy lets the app down (issue 32 items 18 and 19): a reload without
// network keeps the offline banner and the last data shown, with nothing spinning; a page whose
// code cannot load reloads once, then offers Reload and Home — never React Router's own message.
import { RETRY_POLICY, UI_TEXTS } from '@linkup/contract';
import { expect, test, type Page } from '../support/test';
import { likeThroughApi, matchingMember } from '../support/matching';
import { expectOnPage } from '../support/pages';
import { shellInstalled } from '../support/pwa';
import { storeSession } from '../support/session';

/** The header's avatar (inside the account menu's button). */
const headerAvatar = (page: Page) => page.getByRole('button', { name: 'Account menu' }).locator('.avatar');
/** Anything that spins: the loading states' ring and PrimeIcons' spinning icons. */
const spinners = (page: Page) => page.locator('.spinner, .pi-spin');

test('a reload without network keeps the offline banner and the last matches shown; nothing spins; the avatar shows initials', async ({ page, context, request }) => {
  const [lerato, sipho] = [await matchingMember(request, 'Lerato'), await matchingMember(request, 'Sipho')];
  await likeThroughApi(request, lerato, sipho.session.user.id);
  expect((await likeThroughApi(request, sipho, lerato.session.user.id)).body.data?.matched).toBe(true);

  await storeSession(page, lerato.session);
  await page.goto('/app/matches');
  await expectOnPage(page, '/app/matches', 'Matches');
  const match = page.getByRole('list', { name: 'Your matches' }).getByRole('listitem').filter({ hasText: sipho.name });
  await expect(match).toBeVisible();
  await expect(headerAvatar(page).locator('img')).toBeVisible();
  await shellInstalled(page);
  // The answers shown are kept on the device (written a moment after they arrive).
  await expect.poll(() => page.evaluate(() => localStorage.getItem('linkup.query-cache') ?? '')).toContain(sipho.name);

  // The matches list's calls that fail offline: the first try and its retries.
  let failedListCalls = 0;
  page.on('requestfailed', (failed) => {
    if (new URL(failed.url()).pathname === '/api/matches') failedListCalls++;
  });
  await context.setOffline(true);
  // Offline, a photo comes only from the browser's cache; routing turns that cache off, so the
  // avatar's photo cannot load, as on a device that never kept it.
  await page.route('**/media/**', (route) => route.abort('internetdisconnected'));
  await page.reload();

  await expectOnPage(page, '/app/matches', 'Matches');
  await expect(page.getByRole('status').filter({ hasText: UI_TEXTS.offline.title })).toBeVisible();
  await expect(match).toBeVisible();
  await expect(spinners(page)).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /^Loading|^Finding/ })).toHaveCount(0);
  await expect(headerAvatar(page).locator('img')).toHaveCount(0);
  const initials = lerato.name.split(' ').map((word) => word[0]!.toUpperCase()).join('');
  await expect(headerAvatar(page)).toHaveText(initials);
  // Once the list's call has given up (after its retries, about 6 s), the kept matches stay:
  // no "could not be loaded" in their place, and nothing spins.
  await expect.poll(() => failedListCalls, { timeout: 15_000 }).toBe(1 + RETRY_POLICY.retries);
  await expect(page.getByText('could not be loaded')).toHaveCount(0);
  await expect(match).toBeVisible();
  await expect(spinners(page)).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: UI_TEXTS.offline.title })).toBeVisible();
});

/** React Router's own error page, which a member must never see. */
const ROUTER_ERROR = 'Unexpected Application Error';

test.describe('a page whose code cannot load', () => {
  // The service worker keeps every page's code (it would answer from its cache, unseen by
  // page.route): as in a tab opened before a deploy whose files the new worker no longer has.
  test.use({ serviceWorkers: 'block' });

  test('reloads once, then shows Reload and Home (never "Unexpected Application Error!"), and logs it; Reload works once the code loads', async ({ page, request }) => {
    const member = await matchingMember(request, 'Ayanda');
    await storeSession(page, member.session);
    // Whether the router's message ever appeared, kept across the reloads of this tab.
    await page.addInitScript((text) => {
      new MutationObserver(() => {
        if (document.body?.textContent?.includes(text)) sessionStorage.setItem('e2e.router-error-seen', 'yes');
      }).observe(document, { childList: true, subtree: true, characterData: true });
    }, ROUTER_ERROR);
    let loads = 0;
    page.on('load', () => loads++);
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });

    await page.goto('/app/more');
    await expectOnPage(page, '/app/more', 'More');
    expect(loads).toBe(1);
    // The Help group's own chunk, as the build names it (index.html lists each group's files).
    const files = await page.evaluate(() => JSON.parse(document.getElementById('page-group-files')!.textContent!) as Record<string, string[]>);
    const helpChunk = files.help!.find((file) => /^\/assets\/help-[^/]+\.js$/.test(file))!;
    expect(helpChunk).toBeDefined();
    const failHelpChunk = (route: { abort: () => Promise<void> }) => route.abort();
    await page.route(`**${helpChunk}`, failHelpChunk);

    await page.getByRole('link', { name: 'Help & Support' }).click();
    // One reload for a new build; the code fails again, so the friendly page stays.
    await expect.poll(() => loads).toBe(2);
    const texts = UI_TEXTS.pageError;
    await expect(page.getByRole('heading', { level: 1, name: texts.chunkTitle })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(texts.chunkText);
    await expect(page.getByRole('button', { name: texts.reload })).toBeVisible();
    await expect(page.getByRole('link', { name: texts.home })).toHaveAttribute('href', '/app/dashboard');
    expect(page.url()).toMatch(/\/app\/help$/);
    expect(logged.some((text) => text.includes('A page could not load its code'))).toBe(true);
    // No reload loop: a round trip into the page later, it is still the same load.
    await page.evaluate(() => new Promise(requestAnimationFrame));
    expect(loads).toBe(2);

    // The code is back (the deploy finished): Reload opens the page.
    await page.unroute(`**${helpChunk}`, failHelpChunk);
    await page.getByRole('button', { name: texts.reload }).click();
    await expectOnPage(page, '/app/help', 'Help & Support');
    expect(loads).toBe(3);
    await expect(page.getByText(ROUTER_ERROR)).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem('e2e.router-error-seen'))).toBeNull();
  });
});
