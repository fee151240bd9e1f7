// Confirming the mobile number after registration (issue 27 item 16): the number given at sign-up
// is the account's only once the WhatsApp code sent to it is entered. Codes come from the dev outbox.
import { expect, test, type Page } from '../support/test';
import { confirmMobileThroughForm, latestCode, newMember, registerThroughApi, toast, type NewMember } from '../support/accounts';
import { expectOnPage } from '../support/pages';
import { readSession, sharedSession, storeSession } from '../support/session';

async function registerThroughForm(page: Page, member: NewMember) {
  await page.goto('/auth/register');
  await expectOnPage(page, '/auth/register', 'Join LinkUp');
  await page.getByLabel('Full name').fill(member.name);
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByLabel('Mobile number').fill(member.mobile);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByLabel('Confirm password').fill(member.password);
  await page.getByLabel('Date of birth').fill(member.dateOfBirth);
  await page.getByRole('radio', { name: 'Female' }).check();
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
}

test('a new member registers, confirms the number with the WhatsApp code and lands on the first onboarding step', async ({ page, request }) => {
  const member = newMember('confirm-mobile');
  await registerThroughForm(page, member);
  await expect(toast(page, 'Registration successful!')).toBeVisible();
  await expectOnPage(page, '/onboarding/welcome', 'Welcome to LinkUp');

  const form = page.getByRole('form', { name: 'Confirm your number' });
  await expect(page.getByRole('heading', { level: 2, name: 'Confirm your number' })).toBeVisible();
  await expect(form.getByText(member.mobile)).toBeVisible();
  expect((await readSession(page))?.user).toMatchObject({ phone_number: member.mobile, phone_verified: false });

  // A wrong code is said at the field; the number stays unconfirmed.
  const code = await latestCode(request, member.mobile);
  await form.getByLabel('Verification code').fill(code === '000000' ? '111111' : '000000');
  await form.getByRole('button', { name: 'Confirm number' }).click();
  await expect(form.getByText("That code isn't right — 4 tries left")).toBeVisible();
  await expect(form.getByLabel('Verification code')).toHaveValue('');

  await confirmMobileThroughForm(page, request, member.mobile);
  await expect(page.getByText('Step 1 of 6')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Photos', exact: true })).toBeVisible();
  expect((await readSession(page))?.user).toMatchObject({ phone_verified: true });

  // Account settings (open before onboarding ends) show the number as confirmed.
  await page.goto('/app/settings/account');
  await expectOnPage(page, '/app/settings/account', 'Account Settings');
  await expect(page.getByTestId('current-mobile')).toContainText(member.mobile);
  await expect(page.getByTestId('current-mobile')).toContainText('Confirmed');
});

test('an unconfirmed member is led to the confirm step, the server refuses their likes, and settings offer to confirm', async ({ page, request }) => {
  const member = newMember('unconfirmed');
  const session = await registerThroughApi(request, member, { confirmMobile: false });
  const other = await sharedSession(request);
  const like = await request.post(`/api/matches/${other.user.id}/like`, { headers: { Authorization: `Bearer ${session.token}` } });
  expect(like.status()).toBe(409);
  expect(((await like.json()) as { code: string }).code).toBe('mobile_unverified');

  await storeSession(page, session);
  await page.goto('/app/discover');
  await expectOnPage(page, '/onboarding/welcome', 'Welcome to LinkUp');
  await expect(page.getByRole('heading', { level: 2, name: 'Confirm your number' })).toBeVisible();

  await page.goto('/app/settings/account');
  await expectOnPage(page, '/app/settings/account', 'Account Settings');
  await expect(page.getByTestId('current-mobile')).toContainText('Not confirmed yet');
  await page.getByRole('link', { name: 'Confirm this number' }).click();
  await expectOnPage(page, '/onboarding/welcome', 'Welcome to LinkUp');
  await confirmMobileThroughForm(page, request, member.mobile);
  await expect(page.getByText('Step 1 of 6')).toBeVisible();
});
