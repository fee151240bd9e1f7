// Onboarding end to end (issue 4, DESIGN §6): a member registers through the real form, confirms the
// number with the code from the dev outbox (issue 27), lands on
// /onboarding/welcome, goes through every step (photo upload included), finishes on the
// dashboard, and signing in again skips onboarding.
import { expect, test, type Page } from '../support/test';
import { confirmMobileThroughForm, newMember, toast } from '../support/accounts';
import { pngBuffer } from '../support/onboarding';
import { axeViolations, expectOnPage } from '../support/pages';


const step = (page: Page, n: number, title: string) =>
  Promise.all([
    expect(page.getByText(`Step ${n} of 6`)).toBeVisible(),
    expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible(),
  ]);

test('a new member goes from registration through every step to the dashboard, and later signs in straight to it', async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  const member = newMember('onboarding');

  // Register through the real page.
  await page.goto('/auth/register');
  await page.getByLabel('Full name').fill(member.name);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Mobile number').fill(member.mobile);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByLabel('Confirm password').fill(member.password);
  await page.getByLabel('Date of birth').fill(member.dateOfBirth);
  await page.getByRole('radio', { name: 'Female' }).check();
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();

  await expectOnPage(page, '/onboarding/welcome', 'Welcome to LinkUp');
  await confirmMobileThroughForm(page, request, member.mobile);
  await step(page, 1, 'Photos');
  await expect(page.getByText('0 of 6 photos')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // 1. Photos: nothing until one is uploaded. One primary button per step: Continue (issue 32 item 4).
  await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Add at least one photo.', { exact: true })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngBuffer(240) });
  // The crop step frames the photo as the cards show it before it is saved (issue 32 item 8).
  const crop = page.getByRole('dialog', { name: 'Frame your photo' });
  await expect(crop.getByRole('slider', { name: 'Zoom' })).toBeVisible();
  await crop.getByRole('button', { name: 'Use photo' }).click();
  await expect(crop).toBeHidden();
  await expect(page.getByRole('img', { name: 'Photo 1 (main photo)' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();

  // 2. About me.
  await step(page, 2, 'About me');
  await page.getByRole('textbox', { name: 'About me' }).fill('Sunrise hikes, strong coffee and terrible puns.');
  await page.getByRole('button', { name: 'Continue' }).click();

  // 3. Gender (from registration) and what I'm looking for: a required choice starts at "Choose".
  await step(page, 3, "Gender and what I'm looking for");
  await expect(page.getByLabel('Gender (required)')).toHaveValue('female');
  await expect(page.getByRole('button', { name: 'Skip for now' })).toHaveCount(0);
  const lookingFor = page.getByLabel("What I'm looking for (required)");
  await expect(lookingFor.locator('option:checked')).toHaveText('Choose');
  await lookingFor.selectOption({ label: 'Long term' });
  await page.getByRole('button', { name: 'Continue' }).click();

  // Each step has its own URL: the browser's back goes to the previous step, forward returns (issue 32 item 3).
  await step(page, 4, 'Interests');
  await expect(page).toHaveURL(/\/onboarding\/welcome\?step=interests$/);
  await page.goBack();
  await step(page, 3, "Gender and what I'm looking for");
  await page.goForward();

  // Leaving and coming back resumes at the first unfinished step.
  await step(page, 4, 'Interests');
  await page.reload();
  await expectOnPage(page, '/onboarding/welcome', 'Welcome to LinkUp');
  await step(page, 4, 'Interests');

  // 4. Interests.
  await page.getByRole('button', { name: 'Hiking' }).click();
  await page.getByRole('button', { name: 'Coffee' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  // 5. Dating preferences.
  await step(page, 5, 'Dating preferences');
  const prefs = page.getByRole('form', { name: 'Dating preferences' });
  await expect(prefs).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await prefs.getByRole('checkbox', { name: 'Male', exact: true }).check();
  await prefs.getByLabel('Maximum age').fill('45');
  await prefs.getByRole('button', { name: 'Continue' }).click();

  // 6. Location, then Finish.
  await step(page, 6, 'Location');
  const location = page.getByRole('form', { name: 'Choose your city' });
  await location.getByLabel('Your province').selectOption('Western Cape');
  await location.getByLabel('Your city').selectOption('Cape Town');
  await location.getByRole('button', { name: 'Save location' }).click();
  await expect(page.getByTestId('current-location')).toHaveText('Cape Town, Western Cape');
  await page.getByRole('button', { name: 'Finish' }).click();

  await expectOnPage(page, '/app/dashboard');
  await expect(toast(page, 'Welcome to LinkUp! Your profile is ready.')).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('linkup.session') ?? 'null') as { user: { profile_completed: boolean; onboarding_completed_at: string | null } });
  expect(stored.user.profile_completed).toBe(true);
  expect(stored.user.onboarding_completed_at).not.toBeNull();

  // Signing in again (a new device) goes straight to the dashboard.
  const context = await browser.newContext();
  const again = await context.newPage();
  await again.goto('/auth/login');
  await again.getByLabel('Email or mobile').fill(member.email);
  await again.getByLabel('Password', { exact: true }).fill(member.password);
  await again.getByRole('button', { name: 'Sign In' }).click();
  await expectOnPage(again, '/app/dashboard');
  await context.close();
});
