// Phone first (issue 32 item 1): "Continue with WhatsApp" takes any number and sends it a code; the
// code signs a member in, and takes a new number to a short sign-up, then onboarding. Codes come
// from the dev outbox.
import { expect, test } from '../support/test';
import { latestCode, newMember, registerThroughApi, requestCodeThroughForm, toast, uniqueMobile } from '../support/accounts';
import { expectOnPage, expectPath } from '../support/pages';
import { readSession } from '../support/session';

test('a new number: the code arrives, a short sign-up (name, birth date, gender) creates the account, then onboarding', async ({ page, request }) => {
  test.slow(); // two pages of forms and a code from the outbox
  const mobile = uniqueMobile();
  await page.goto('/auth/login');
  await requestCodeThroughForm(page, mobile);
  await expect(toast(page, 'Code sent to your WhatsApp!')).toBeVisible();
  await expectOnPage(page, '/auth/otp-verification', 'Verify Your Number');

  // Six digits send themselves.
  await page.getByLabel('Verification code').fill(await latestCode(request, mobile));
  await expectOnPage(page, '/auth/register', 'Join LinkUp');
  await expect(page.getByText(mobile)).toBeVisible();
  await expect(page.getByLabel('Mobile number')).toHaveCount(0);
  expect(await readSession(page)).toBeNull();

  await page.getByLabel('Full name').fill('Ayanda Phone');
  await page.getByLabel('Date of birth').fill('1995-03-09');
  await page.getByRole('radio', { name: 'Female' }).check();
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(toast(page, 'Registration successful!')).toBeVisible();
  await expectPath(page, '/onboarding/welcome');
  expect((await readSession(page))?.user).toMatchObject({ name: 'Ayanda Phone', phone_number: mobile, phone_verified: true, email: null });
  await expect(page.locator('body')).not.toContainText('OTP');
});

test('an existing number: the code signs the member in, no sign-up', async ({ page, request }) => {
  const member = newMember('phone-first-known');
  await registerThroughApi(request, member);
  await page.goto('/auth/login');
  await requestCodeThroughForm(page, member.mobile);
  await expectOnPage(page, '/auth/otp-verification', 'Verify Your Number');
  // The first code confirmed the number at registration; this is the second.
  await page.getByLabel('Verification code').fill(await latestCode(request, member.mobile, 2));
  await expect(toast(page, 'Login successful!')).toBeVisible();
  await expectPath(page, '/onboarding/welcome');
  expect((await readSession(page))?.user.email).toBe(member.email);
});
