// The More screen of spec §2: its texts, where its links go, and logging out.
import { expect, test, type Page } from '../support/test';
import { expectOnPage, pageHeading } from '../support/pages';
import { freshSession, readSession, signIn } from '../support/session';

const LINKS = [
  ['Upgrade to Premium', '/app/subscription'],
  ['Edit Profile', '/app/profile/edit'],
  ['My Photos', '/app/profile/photos'],
  ['Interests', '/app/profile/interests'],
  ['People Who Like You', '/app/likes'],
  ['Profile Visitors', '/app/visitors'],
  ['Recent Activity', '/app/activity'],
  ['Dating Preferences', '/app/preferences'],
  ['Account Settings', '/app/settings/account'],
  ['Blocked Users', '/app/blocked-users'],
  ['Help & Support', '/app/help'],
  ['Privacy Policy', '/app/privacy-policy'],
  ['Terms of Service', '/app/terms'],
] as const;

const link = (page: Page, name: string) =>
  page.getByRole('link', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });

test.describe('signed in', () => {
  test.beforeEach(async ({ page, request }) => {
    await signIn(page, request);
    await page.goto('/app/more');
    await expectOnPage(page, '/app/more', 'More');
  });

  test('shows the banner, the sections and the footer', async ({ page }) => {
    await expect(page.getByText('Upgrade to Premium', { exact: true })).toBeVisible();
    await expect(page.getByText('Unlock unlimited likes, see who likes you, and boost your profile', { exact: true })).toBeVisible();
    for (const section of ['Profile', 'Premium Features', 'Settings', 'Support & Legal']) {
      await expect(page.getByText(section, { exact: true }).filter({ visible: true }).first()).toBeVisible();
    }
    await expect(page.getByText('Version 1.0.0')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  test('every entry links where it says', async ({ page }) => {
    for (const [name, href] of LINKS) {
      const entry = link(page, name);
      await expect(entry, name).toHaveCount(1);
      await expect(entry, name).toHaveAttribute('href', href);
    }
  });

  test('People Who Like You and Profile Visitors are labelled Premium', async ({ page }) => {
    await expect(link(page, 'People Who Like You')).toContainText('Premium');
    await expect(link(page, 'Profile Visitors')).toContainText('Premium');
    await expect(link(page, 'Recent Activity')).not.toContainText('Premium');
  });

  for (const [name, href] of [['People Who Like You', '/app/likes'], ['Blocked Users', '/app/blocked-users'], ['Upgrade to Premium', '/app/subscription']] as const) {
    // expectOnPage also says whether the page is its own screen or a placeholder still to build.
    test(`${name} opens ${href}`, async ({ page }) => {
      await link(page, name).click();
      await expectOnPage(page, href);
    });
  }
});

test('Logout shows "Logging out...", ends the session and goes to sign in', async ({ page, request }) => {
  // Its own session: logging out revokes the token, which the other tests share.
  const session = await freshSession(request);
  await signIn(page, request, session);
  await page.goto('/app/more');
  await expectOnPage(page, '/app/more', 'More');

  // Hold the logout call until the in-progress state has been seen, then let it through.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/logout', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logging out...')).toBeVisible();
  release();

  await expectOnPage(page, '/auth/login', 'Welcome Back');
  expect(await readSession(page)).toBeNull();

  const me = await request.get('/api/auth/user', { headers: { Authorization: `Bearer ${session.token}` } });
  expect(me.status()).toBe(401);

  // Signed out for real: app pages send you back to sign in.
  await page.goto('/app/more');
  await expect(pageHeading(page, 'Welcome Back')).toBeVisible();
});
