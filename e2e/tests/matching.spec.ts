// Discover and matching end to end (issue 5): two members like each other in two browser contexts
// and both see the match and open the chat; a free member runs out of likes and is offered
// Premium; a premium member sees who likes them and likes back.
import { MATCHING_MESSAGES } from '@linkup/contract';
import { BACKENDS_TAG, expect, test, type Browser, type Page } from '../support/test';
import { axeViolations, expectOnPage } from '../support/pages';
import { signIn, storeSession } from '../support/session';
import { grantPremium, likeThroughApi, matchingMember, passUntil, topCard, useUpTodaysLikes, type MatchingMember } from '../support/matching';

/** A browser context of its own for one member, signed in through localStorage. */
async function memberPage(browser: Browser, member: MatchingMember): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await storeSession(page, member.session);
  return page;
}

/** Narrows the stack to one age with the filters sheet (fewer other test members to pass). */
async function filterByAge(page: Page, age: number): Promise<void> {
  await page.getByRole('button', { name: 'Filters' }).click();
  const form = page.getByRole('form', { name: 'Discover filters' });
  await form.getByLabel('Minimum age').selectOption(String(age));
  await form.getByLabel('Maximum age').selectOption(String(age));
  await form.getByRole('button', { name: 'Show results' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('button', { name: 'Filters, 2 set' })).toBeVisible();
}

const composer = (page: Page) => page.getByPlaceholder('Type a message...');

test('two members like each other on Discover: both see the match and can open the chat', { tag: BACKENDS_TAG }, async ({ browser, request }) => {
  test.setTimeout(90_000);
  // Unusual ages, so the age filter leaves few others in the way.
  const naledi = await matchingMember(request, 'Naledi', { dateOfBirth: '1969-02-03' });
  const bongani = await matchingMember(request, 'Bongani', { dateOfBirth: '1971-07-19' });
  const a = await memberPage(browser, naledi);
  const b = await memberPage(browser, bongani);

  // A likes B on Discover: no match yet.
  await a.goto('/app/discover');
  await expectOnPage(a, '/app/discover', 'Discover');
  await filterByAge(a, bongani.age);
  await passUntil(a, bongani);
  await expect(topCard(a)).toContainText('Cape Town');
  await expect(topCard(a).getByRole('list', { name: 'Why you see them' })).toContainText('3 shared interests');
  await a.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(a.getByText(`You liked ${bongani.name}.`)).toBeAttached();
  await expect(a.getByRole('dialog', { name: "It's a match!" })).toHaveCount(0);

  // B likes A back with the → key: the celebration.
  await b.goto('/app/discover');
  await expectOnPage(b, '/app/discover', 'Discover');
  await filterByAge(b, naledi.age);
  await passUntil(b, naledi);
  await b.keyboard.press('ArrowRight');
  const dialog = b.getByRole('dialog', { name: "It's a match!" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`You and ${naledi.name} like each other.`);
  await expect(dialog.getByRole('link', { name: 'Start Chat' })).toHaveAttribute('href', /^\/app\/chat\/[^/]+$/);
  await dialog.getByRole('button', { name: 'Keep browsing' }).click();
  await expect(dialog).toBeHidden();

  // Both find the match under Matches.
  for (const [page, other] of [[a, bongani], [b, naledi]] as const) {
    await page.goto('/app/matches');
    await expectOnPage(page, '/app/matches', 'Matches');
    const list = page.getByRole('list', { name: 'Your matches' });
    await expect(list.getByRole('listitem').filter({ hasText: other.name })).toBeVisible();
  }

  // A opens the chat from the match; B from the match details.
  await a.getByRole('list', { name: 'Your matches' }).getByRole('listitem').filter({ hasText: bongani.name }).getByRole('link', { name: 'Open chat' }).click();
  await expect(a).toHaveURL(/\/app\/chat\/[^/]+$/);
  await expect(composer(a)).toBeVisible();
  const roomPath = new URL(a.url()).pathname;

  await b.getByRole('list', { name: 'Your matches' }).getByRole('link', { name: new RegExp(naledi.name) }).click();
  await expectOnPage(b, new URL(b.url()).pathname, 'Match Details');
  await expect(b.getByText(`${naledi.name} liked you first, and you liked ${naledi.name} back.`)).toBeVisible();
  await b.getByRole('link', { name: 'Start Chat' }).click();
  await expect(b).toHaveURL((url) => url.pathname === roomPath);
  await expect(composer(b)).toBeVisible();
});

test('a free member who used all their likes sees when more arrive and the upgrade — and stays signed in', async ({ page, request }) => {
  test.setTimeout(120_000);
  const thabo = await matchingMember(request, 'Thabo');
  // Someone to show on Discover, and today's free likes used up on others.
  await matchingMember(request, 'Zodwa');
  await useUpTodaysLikes(request, thabo, 'Target');

  await storeSession(page, thabo.session);
  await page.goto('/app/dashboard');
  await expectOnPage(page, '/app/dashboard', 'Home');
  await expect(page.getByRole('region', { name: 'Today' })).toContainText('Likes left0');

  await page.goto('/app/discover');
  await expectOnPage(page, '/app/discover', 'Discover');
  const outOfLikes = page.getByRole('region', { name: "You're out of likes" });
  await expect(outOfLikes).toContainText(MATCHING_MESSAGES.outOfLikes);
  await expect(outOfLikes).toContainText(/New likes arrive (today|tomorrow) at/);

  // Keep browsing, then try to like anyway: the server says no (429), the app shows the upsell.
  await outOfLikes.getByRole('button', { name: 'Keep browsing' }).click();
  await expect(topCard(page)).toBeVisible();
  const likeResponse = page.waitForResponse((r) => r.url().includes('/api/matches/') && r.url().endsWith('/like'));
  await page.getByRole('button', { name: 'Like', exact: true }).click();
  expect((await likeResponse).status()).toBe(429);
  await expect(outOfLikes).toBeVisible();
  await expect(outOfLikes).toContainText(MATCHING_MESSAGES.outOfLikes);
  await expect(page).toHaveURL((url) => url.pathname === '/app/discover');

  await outOfLikes.getByRole('link', { name: 'Upgrade to Premium' }).click();
  await expectOnPage(page, '/app/subscription', 'Premium');
});

test('a premium member sees who likes them and likes back', async ({ page, request }) => {
  test.setTimeout(90_000);
  const lerato = await matchingMember(request, 'Lerato');
  const sipho = await matchingMember(request, 'Sipho');
  expect((await likeThroughApi(request, sipho, lerato.session.user.id)).status).toBe(200);

  // Free: the count and blurred placeholders only.
  await storeSession(page, lerato.session);
  await page.goto('/app/likes');
  await expectOnPage(page, '/app/likes', 'People Who Like You');
  const locked = page.getByRole('region', { name: '1 person likes you' });
  await expect(locked).toBeVisible();
  await expect(locked.locator('img')).toHaveCount(0);
  await expect(page.getByText(sipho.name)).toHaveCount(0);

  grantPremium(lerato);
  await page.reload();
  const row = page.getByRole('list', { name: 'People who like you' }).getByRole('listitem').filter({ hasText: sipho.name });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Like back' }).click();
  const dialog = page.getByRole('dialog', { name: "It's a match!" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('link', { name: 'Start Chat' }).click();
  await expect(page).toHaveURL(/\/app\/chat\/[^/]+$/);
  await expect(composer(page)).toBeVisible();
});

test.describe('accessibility', () => {
  for (const path of ['/app/dashboard', '/app/discover', '/app/matches', '/app/likes', '/app/visitors', '/app/activity']) {
    test(`${path} has no serious or critical accessibility violations`, async ({ page, request }) => {
      await signIn(page, request);
      await page.goto(path);
      await expectOnPage(page, path);
      // Wait for the content, not only the title.
      await expect(page.getByRole('status').filter({ hasText: /^Loading|^Finding/ })).toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
