// Dating preferences end to end (issue 4): a member sets who they want to meet, reloads and finds
// it kept, sets their location from the list and from the device position, and resets.
import { expect, test, type Page } from '../support/test';
import { newMember, registerThroughApi, toast } from '../support/accounts';
import { completeOnboardingThroughApi } from '../support/onboarding';
import { axeViolations, expectOnPage } from '../support/pages';
import { storeSession, type StoredSession } from '../support/session';


let session: StoredSession;

test.beforeEach(async ({ page, request }) => {
  session = await completeOnboardingThroughApi(request, await registerThroughApi(request, newMember('prefs')));
  await storeSession(page, session);
});

const form = (page: Page) => page.getByRole('form', { name: 'Dating preferences' });
const locationForm = (page: Page) => page.getByRole('form', { name: 'Choose your city' });

test('sets preferences, and they are still there after a reload', async ({ page }) => {
  await page.goto('/app/preferences');
  await expectOnPage(page, '/app/preferences');
  const prefs = form(page);

  // The onboarding helper chose everyone aged 18–99; narrow it down.
  await prefs.getByRole('checkbox', { name: 'Female' }).uncheck();
  await prefs.getByRole('checkbox', { name: 'Non-binary' }).uncheck();
  await prefs.getByLabel('Minimum age').fill('27');
  await prefs.getByLabel('Maximum age').fill('41');
  await expect(prefs.getByText('27 – 41 years')).toBeVisible();
  await prefs.getByLabel('Maximum distance', { exact: true }).selectOption({ label: 'Within 25 km' });
  await prefs.getByLabel('Province', { exact: true }).selectOption('Western Cape');
  await prefs.getByLabel('City', { exact: true }).selectOption('Stellenbosch');
  await prefs.getByRole('checkbox', { name: 'Athletic' }).check();
  await prefs.getByRole('checkbox', { name: 'Long term' }).check();
  await prefs.getByRole('checkbox', { name: 'Quality time' }).check();
  await prefs.getByRole('switch', { name: 'Dealbreaker: Relationship type' }).check();
  await prefs.getByRole('switch', { name: 'Dealbreaker: Age range' }).uncheck();
  await prefs.getByRole('button', { name: 'Save preferences' }).click();
  await expect(toast(page, 'Your dating preferences have been saved.')).toBeVisible();

  await page.reload();
  await expectOnPage(page, '/app/preferences');
  const again = form(page);
  await expect(again.getByRole('checkbox', { name: 'Male', exact: true })).toBeChecked();
  await expect(again.getByRole('checkbox', { name: 'Female' })).not.toBeChecked();
  await expect(again.getByRole('checkbox', { name: 'Non-binary' })).not.toBeChecked();
  await expect(again.getByLabel('Minimum age')).toHaveValue('27');
  await expect(again.getByLabel('Maximum age')).toHaveValue('41');
  await expect(again.getByLabel('Maximum distance', { exact: true })).toHaveValue('25');
  await expect(again.getByLabel('Province', { exact: true })).toHaveValue('Western Cape');
  await expect(again.getByLabel('City', { exact: true })).toHaveValue('Stellenbosch');
  await expect(again.getByRole('checkbox', { name: 'Athletic' })).toBeChecked();
  await expect(again.getByRole('checkbox', { name: 'Long term' })).toBeChecked();
  await expect(again.getByRole('checkbox', { name: 'Quality time' })).toBeChecked();
  await expect(again.getByRole('checkbox', { name: 'Slim' })).not.toBeChecked();
  await expect(again.getByRole('switch', { name: 'Dealbreaker: Relationship type' })).toBeChecked();
  await expect(again.getByRole('switch', { name: 'Dealbreaker: Age range' })).not.toBeChecked();
  await expect(again.getByRole('switch', { name: 'Dealbreaker: Interested in' })).toBeChecked();
});

test('resets to the defaults after confirming', async ({ page }) => {
  await page.goto('/app/preferences');
  const prefs = form(page);
  await expect(prefs.getByLabel('Maximum age')).toHaveValue('99');
  await prefs.getByRole('button', { name: 'Reset to defaults' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Reset your dating preferences?');
  await dialog.getByRole('button', { name: 'Reset' }).click();
  await expect(toast(page, 'Your dating preferences are back to the defaults.')).toBeVisible();
  await expect(prefs.getByLabel('Minimum age')).toHaveValue('18');
  await expect(prefs.getByLabel('Maximum age')).toHaveValue('35');
  await expect(prefs.getByRole('checkbox', { name: 'Male', exact: true })).not.toBeChecked();

  await page.reload();
  await expect(form(page).getByLabel('Maximum age')).toHaveValue('35');
});

test('sets the location from the list, then from the device position without showing it', async ({ page, context }) => {
  await page.goto('/app/preferences');
  await expect(page.getByTestId('current-location')).toHaveText('Cape Town, Western Cape');

  await locationForm(page).getByLabel('Your province').selectOption('Gauteng');
  await locationForm(page).getByLabel('Your city').selectOption('Pretoria');
  await locationForm(page).getByRole('button', { name: 'Save location' }).click();
  await expect(toast(page, 'Your location has been updated.')).toBeVisible();
  await expect(page.getByTestId('current-location')).toHaveText('Pretoria, Gauteng');

  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: -29.85871, longitude: 31.02184 });
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/preferences/location') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Use my current location' }).click();
  const request = await sent;
  expect(request.postDataJSON()).toEqual({ latitude: -29.85871, longitude: 31.02184 });
  const answer = await (await request.response())!.json();
  expect(JSON.stringify(answer)).not.toMatch(/29\.85|31\.02/);
  await expect(page.getByTestId('current-location')).toHaveText('Durban, KwaZulu-Natal');
  await expect(page.locator('body')).not.toContainText('29.85');

  await page.reload();
  await expect(page.getByTestId('current-location')).toHaveText('Durban, KwaZulu-Natal');
  const stored = await page.evaluate(() => JSON.stringify({ ...window.localStorage }));
  expect(stored).not.toMatch(/29\.85|31\.02/);
});

test('the preferences page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/app/preferences');
  await expect(form(page).getByRole('button', { name: 'Save preferences' })).toBeVisible();
  await expect(page.getByTestId('current-location')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
