// Settings end to end (issue 4, "Settings"): privacy and notification switches that persist,
// changing the password and mobile number, downloading my data, deleting the account.
import fs from 'node:fs';
import { expect, test } from '../support/test';
import { latestCode, latestMessage, toast, uniqueMobile } from '../support/accounts';
import { expectOnPage, axeViolations } from '../support/pages';
import { onboardedMemberOn } from '../support/settings';

test('the settings index links to every settings page and signs out', async ({ page, request }) => {
  await onboardedMemberOn(page, request, 'settings-index');
  await page.goto('/app/settings');
  await expectOnPage(page, '/app/settings', 'Settings');
  for (const [label, path] of [
    ['Account', '/app/settings/account'], ['Privacy', '/app/settings/privacy'], ['Notifications', '/app/settings/notifications'],
    ['Dating Preferences', '/app/preferences'], ['Blocked Users', '/app/blocked-users'], ['Help & Support', '/app/help'],
  ] as const) {
    // The header's bell is also named Notifications: look only in the page's own list.
    await expect(page.getByRole('main').getByRole('link', { name: new RegExp(`^${label}`) })).toHaveAttribute('href', path);
  }
  await page.getByRole('link', { name: /^Privacy/ }).click();
  await expectOnPage(page, '/app/settings/privacy', 'Privacy Settings');
  await page.goBack();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expectOnPage(page, '/auth/login', 'Welcome Back');
  await expect(toast(page, 'Logged out successfully')).toBeVisible();
});

test('privacy and notification settings are saved as they change and persist', async ({ page, request }) => {
  const { session } = await onboardedMemberOn(page, request, 'privacy');
  await page.goto('/app/settings/privacy');
  await expectOnPage(page, '/app/settings/privacy', 'Privacy Settings');

  const showAge = page.getByRole('switch', { name: 'Show my age' });
  await expect(showAge).toBeChecked();
  await showAge.click();
  await expect(toast(page, 'Your settings have been saved.').first()).toBeVisible();
  await expect(showAge).not.toBeChecked();
  // click, not check(): the radio is controlled and turns checked a moment later, when the change is applied.
  await page.getByRole('radio', { name: /Only my matches/ }).click();
  await expect(page.getByRole('radio', { name: /Only my matches/ })).toBeChecked();
  await expect.poll(async () => {
    const res = await request.get('/api/settings', { headers: { Authorization: `Bearer ${session.token}` } });
    return ((await res.json()) as { data: { privacy: Record<string, unknown> } }).data.privacy;
  }).toMatchObject({ show_age: false, message_policy: 'matches' });

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Show my age' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Show my distance' })).toBeChecked();
  await expect(page.getByRole('radio', { name: /Only my matches/ })).toBeChecked();

  await page.goto('/app/settings/notifications');
  await expectOnPage(page, '/app/settings/notifications', 'Notification Settings');
  const pushLikes = page.getByRole('switch', { name: 'Push: Likes', exact: true });
  await expect(pushLikes).toBeChecked();
  await pushLikes.click();
  await expect(pushLikes).not.toBeChecked();
  await expect(toast(page, 'Your settings have been saved.').first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Push: Likes', exact: true })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'In-app: Likes', exact: true })).toBeChecked();
});

test('changing the password signs in with the new one only', async ({ page, request }) => {
  const { member } = await onboardedMemberOn(page, request, 'password');
  const newPassword = `${member.password}-changed`;
  await page.goto('/app/settings/account');
  await expectOnPage(page, '/app/settings/account', 'Account Settings');

  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill('not-my-password');
  await form.getByLabel('New password', { exact: true }).fill(newPassword);
  await form.getByLabel('Confirm new password').fill(newPassword);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('The password is incorrect.')).toBeVisible();

  await form.getByLabel('Current password').fill(member.password);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(toast(page, 'Your password has been changed. Your other devices have been signed out.')).toBeVisible();

  await page.goto('/app/settings');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expectOnPage(page, '/auth/login', 'Welcome Back');
  expect((await request.post('/api/auth/login', { data: { email: member.email, password: member.password } })).status()).toBe(401);
  await page.getByLabel('Email or mobile').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectOnPage(page, '/app/dashboard', 'Home');
});

test('changing the mobile number is confirmed with a WhatsApp code sent to the new number', async ({ page, request }) => {
  const { member } = await onboardedMemberOn(page, request, 'mobile');
  const mobile = uniqueMobile();
  await page.goto('/app/settings/account');
  // The number, and that it is confirmed (at registration, issue 27).
  await expect(page.getByTestId('current-mobile')).toHaveText(`${member.mobile}Confirmed`);
  const first = page.getByRole('form', { name: 'Change mobile number' });
  await first.getByLabel('New mobile number').fill(mobile);
  await first.getByLabel('Current password', { exact: true }).fill(member.password);
  await first.getByRole('button', { name: 'Send code' }).click();
  await expect(toast(page, 'We sent a code to your new number on WhatsApp.')).toBeVisible();
  const code = await latestCode(request, mobile);
  const step = page.getByRole('form', { name: 'Confirm new mobile number' });
  await step.getByLabel('Code', { exact: true }).fill(code);
  await step.getByRole('button', { name: 'Confirm new number' }).click();
  await expect(toast(page, 'Your mobile number has been changed.')).toBeVisible();
  await expect(page.getByTestId('current-mobile')).toHaveText(`${mobile}Confirmed`);
  expect((await request.post('/api/auth/login', { data: { mobile, password: member.password } })).status()).toBe(200);
  // The old number and the address are told, with the way to support if it wasn't the member.
  for (const to of [member.mobile, member.email]) {
    const notice = await latestMessage(request, to, (m) => m.body.includes('mobile number of your LinkUp account was just changed'));
    expect(notice.link).toMatch(/^mailto:/);
  }
});

test('"Download my data" downloads a JSON file with my e-mail address in it', async ({ page, request }) => {
  const { member, session } = await onboardedMemberOn(page, request, 'export');
  await page.goto('/app/settings/account');
  await expectOnPage(page, '/app/settings/account', 'Account Settings');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^linkup-data-\d{4}-\d{2}-\d{2}\.json$/);
  const text = fs.readFileSync((await download.path())!, 'utf8');
  const data = JSON.parse(text) as { account: { email: string; id: string }; photos: unknown[] };
  expect(data.account).toMatchObject({ email: member.email, id: session.user.id });
  expect(data.photos.length).toBeGreaterThan(0);
  expect(text).not.toContain(session.token);
  expect(text).not.toMatch(/password_hash|token_hash/);
  await expect(toast(page, 'Your data has been downloaded.')).toBeVisible();
});

test('deleting the account signs out, and the old credentials no longer sign in', async ({ page, request }) => {
  const { member, session } = await onboardedMemberOn(page, request, 'delete');
  await page.goto('/app/settings/account');
  await expectOnPage(page, '/app/settings/account', 'Account Settings');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('This cannot be undone.');
  await expect(dialog).toContainText('your conversations and messages');
  await dialog.getByLabel('Your password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(dialog.getByText('The password is incorrect.')).toBeVisible();

  await dialog.getByLabel('Your password').fill(member.password);
  await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
  await expectOnPage(page, '/auth/login', 'Welcome Back');
  await expect(toast(page, 'Your account and all your data have been deleted.')).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('linkup.session'))).toBeNull();
  expect((await request.get('/api/auth/user', { headers: { Authorization: `Bearer ${session.token}` } })).status()).toBe(401);

  await page.getByLabel('Email or mobile').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'These credentials do not match our records.' })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);
});

test.describe('accessibility', () => {
  test('the settings, help and legal pages have no serious or critical axe violations', async ({ page, request }) => {
    await onboardedMemberOn(page, request, 'a11y');
    for (const [path, title, ready] of [
      ['/app/settings', 'Settings', 'Sign out'],
      ['/app/settings/account', 'Account Settings', 'Delete my account'],
      ['/app/settings/privacy', 'Privacy Settings', 'Show my age'],
      ['/app/settings/notifications', 'Notification Settings', 'Push: Likes'],
      ['/app/help', 'Help & Support', null],
      ['/app/help/faq', 'FAQ', 'How can I sign in to LinkUp?'],
      ['/app/help/contact', 'Contact Us', 'Send message'],
      ['/app/privacy-policy', 'Privacy Policy', null],
      ['/app/terms', 'Terms of Service', null],
    ] as const) {
      await page.goto(path);
      await expectOnPage(page, path, title);
      if (ready) await expect(page.getByRole(ready === 'Show my age' || ready === 'Push: Likes' ? 'switch' : 'button', { name: ready, exact: true })).toBeVisible();
      expect(await axeViolations(page), path).toEqual([]);
    }
    await page.goto('/app/settings/account');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete your account?' })).toBeVisible();
    expect(await axeViolations(page), 'delete dialog').toEqual([]);
  });
});
