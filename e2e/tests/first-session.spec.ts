// What a member notices in a first session (issue 17), where a unit test is not enough: onboarding
// is held on every app page and by the server, a sign-out from another device is explained, Back
// on a sign-in page opened from a link stays in the app, and the chat stands alone.
import { expect, test } from '../support/test';
import { newMember, registerThroughApi } from '../support/accounts';
import { matchingMember } from '../support/matching';
import { expectOnPage, expectPath } from '../support/pages';
import { storeSession } from '../support/session';

test('a member who skipped onboarding is led back to it, and the server refuses their likes (409 onboarding_required)', async ({ page, request }) => {
  const fresh = await registerThroughApi(request, newMember('skip-onboarding'));
  const other = await matchingMember(request, 'Lindi');
  await storeSession(page, fresh);
  for (const path of ['/app/dashboard', '/app/discover', `/app/user/${other.session.user.id}`]) {
    await page.goto(path);
    await expectPath(page, '/onboarding/welcome');
  }
  const like = await request.post(`/api/matches/${other.session.user.id}/like`, { headers: { Authorization: `Bearer ${fresh.token}` } });
  expect(like.status()).toBe(409);
  expect(((await like.json()) as { code: string }).code).toBe('onboarding_required');
});

test('signing out the other devices tells the other device why it is on the sign-in page', async ({ page, request }) => {
  const member = await matchingMember(request, 'Zanele');
  await storeSession(page, member.session);
  await page.goto('/app/more');
  await expectOnPage(page, '/app/more', 'More');

  // Another device signs in and signs this one out.
  const login = await request.post('/api/auth/login', { data: { email: member.details.email, password: member.details.password } });
  const other = ((await login.json()) as { data: { token: string } }).data.token;
  expect((await request.post('/api/account/logout-others', { headers: { Authorization: `Bearer ${other}` } })).ok()).toBe(true);

  await page.goto('/app/matches');
  await expectPath(page, '/auth/login');
  await expect(page.getByRole('status').filter({ hasText: 'You were signed out on this device.' })).toBeVisible();
});

test('Back on a sign-in page opened from a link goes to the sign-in page, not out of the app', async ({ page }) => {
  await page.goto('/auth/register');
  await expectOnPage(page, '/auth/register', 'Join LinkUp');
  await page.getByRole('button', { name: 'Back' }).click();
  await expectOnPage(page, '/auth/login', 'Welcome Back');
});

test('the chat stands alone on a phone: its own header with Back, no app header or tab bar', async ({ page, request }) => {
  // Spec §2's standalone chat is the phone's; a wide screen opens it beside the list (messages-split.spec.ts).
  await page.setViewportSize({ width: 390, height: 844 });
  const member = await matchingMember(request, 'Sipho');
  const friend = await matchingMember(request, 'Ayanda');
  const room = await request.post('/api/chat/rooms', {
    headers: { Authorization: `Bearer ${member.session.token}` }, data: { user_id: friend.session.user.id, name: `Chat with ${friend.name}` },
  });
  expect(room.ok(), await room.text()).toBe(true);
  const roomId = ((await room.json()) as { data: { id: string } }).data.id;
  await storeSession(page, member.session);
  await page.goto(`/app/messages/${roomId}`);
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'LinkUp' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(1);
});
