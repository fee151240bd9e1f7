// Buying premium end to end (issue 15) with the built-in sandbox checkout: a free member with a
// like waiting upgrades from the locked likes page, pays, and sees the like unlock — in another
// open tab without a reload too; then cancels and resumes. A declined payment offers a retry.
import { PREMIUM_TEXTS } from '@linkup/contract';
import { expect, test } from '../support/test';
import { expectOnPage } from '../support/pages';
import { storeSession } from '../support/session';
import { likeThroughApi, matchingMember } from '../support/matching';

test('a free member upgrades with the sandbox, premium unlocks at once, then cancels and resumes', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const amara = await matchingMember(request, 'Amara');
  const thabo = await matchingMember(request, 'Thabo');
  expect((await likeThroughApi(request, thabo, amara.session.user.id)).status).toBe(200);

  const context = await browser.newContext();
  const page = await context.newPage();
  await storeSession(page, amara.session);
  // A second tab stays on the likes page: it unlocks by itself when premium starts.
  const watcher = await context.newPage();
  await watcher.goto('/app/likes');
  await expectOnPage(watcher, '/app/likes', 'People Who Like You');
  await expect(watcher.getByRole('region', { name: '1 person likes you' })).toBeVisible();

  await page.goto('/app/likes');
  await expectOnPage(page, '/app/likes', 'People Who Like You');
  await page.getByRole('link', { name: 'Upgrade to Premium' }).click();
  await expectOnPage(page, '/app/subscription', 'Premium');
  await expect(page.getByTestId('subscription-status')).toContainText(PREMIUM_TEXTS.free);
  await expect(page.getByRole('table', { name: 'Free and Premium compared' })).toContainText('See who likes you');

  await page.getByRole('link', { name: /^3 months/ }).click();
  await expectOnPage(page, '/app/subscription/plans/premium_3m', 'Choose a Plan');
  await expect(page.getByText(PREMIUM_TEXTS.terms)).toBeVisible();
  await page.getByRole('button', { name: PREMIUM_TEXTS.continueToPayment }).click();

  // The sandbox's hosted checkout: the plan, the amount, Pay / Decline / Cancel.
  await expect(page.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
  await expect(page.getByText('LinkUp Premium — 3 months')).toBeVisible();
  await expect(page.getByText('ZAR 349.00')).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();

  await expect(page).toHaveURL(/\/app\/subscription\/payment-return\?payment_id=/);
  await expect(page.getByText(PREMIUM_TEXTS.paid)).toBeVisible();
  // The other tab unlocked without a reload.
  await expect(watcher.getByRole('list', { name: 'People who like you' }).getByRole('listitem').filter({ hasText: thabo.name })).toBeVisible();

  // Continue lands back where the member was, unlocked.
  await page.getByRole('link', { name: 'Continue' }).click();
  await expectOnPage(page, '/app/likes', 'People Who Like You');
  await expect(page.getByRole('list', { name: 'People who like you' }).getByRole('listitem').filter({ hasText: thabo.name })).toBeVisible();

  // Manage: cancel at period end, then resume.
  await page.goto('/app/subscription');
  const status = page.getByTestId('subscription-status');
  await expect(status).toContainText('3 months');
  await expect(status).toContainText('Renews on');
  await status.getByRole('button', { name: PREMIUM_TEXTS.cancel }).click();
  await expect(status).toContainText('Ends on');
  await status.getByRole('button', { name: PREMIUM_TEXTS.resume }).click();
  await expect(status).toContainText('Renews on');
  await expect(page.getByRole('list', { name: PREMIUM_TEXTS.history })).toContainText('349.00');
  await context.close();
});

test('a declined payment shows the failure and a way to try again', async ({ page, request }) => {
  test.setTimeout(60_000);
  const kagiso = await matchingMember(request, 'Kagiso');
  await storeSession(page, kagiso.session);
  await page.goto('/app/subscription/plans/premium_1m');
  await expectOnPage(page, '/app/subscription/plans/premium_1m', 'Choose a Plan');
  await page.getByRole('button', { name: PREMIUM_TEXTS.continueToPayment }).click();
  await expect(page.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page).toHaveURL(/\/app\/subscription\/payment-return\?payment_id=/);
  await expect(page.getByText(PREMIUM_TEXTS.failed)).toBeVisible();
  // Issue 32: the title says the outcome, with both ways on.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(PREMIUM_TEXTS.outcomeTitles.failed);
  await expect(page.getByRole('link', { name: PREMIUM_TEXTS.backToPremium })).toHaveAttribute('href', '/app/subscription');
  await page.getByRole('link', { name: PREMIUM_TEXTS.tryAgain }).click();
  await expectOnPage(page, '/app/subscription/plans/premium_1m', 'Choose a Plan');
  await page.goto('/app/subscription');
  await expect(page.getByTestId('subscription-status')).toContainText(PREMIUM_TEXTS.free);
});

test('a cancelled checkout says so in the title, with Try again and Back to Premium (issue 32)', async ({ page, request }) => {
  test.setTimeout(60_000);
  const lebo = await matchingMember(request, 'Lebo');
  await storeSession(page, lebo.session);
  await page.goto('/app/subscription/plans/premium_1m');
  await page.getByRole('button', { name: PREMIUM_TEXTS.continueToPayment }).click();
  await expect(page.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(PREMIUM_TEXTS.outcomeTitles.cancelled);
  await expect(page.getByText(PREMIUM_TEXTS.cancelled)).toBeVisible();
  await expect(page.getByRole('link', { name: PREMIUM_TEXTS.tryAgain })).toBeVisible();
  await page.getByRole('link', { name: PREMIUM_TEXTS.backToPremium }).click();
  await expect(page).toHaveURL(/\/app\/subscription$/);
});
