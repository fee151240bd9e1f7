// Notifications end to end (issue 14), in Chromium with notification permission granted: a like
// shows the in-app card with its buttons, Like Back makes a match both members see as a card,
// and a message to a member whose chat is closed shows the card and reaches their service worker
// as a Web Push.
import { expect, test } from '../support/test';
import { fullChromium } from '../support/browser';
import { grantPremium, likeThroughApi, matchingMember } from '../support/matching';
import { card, memberPage, pushDevice, serviceWorkerOf } from '../support/notifications';

// Web Push and the notification permission: the full browser, not the headless shell (support/browser.ts).
test.use(fullChromium);

test('B likes A: A’s card says New Like with View Profile and Like Back; Like Back makes a match both see', async ({ browser, request }) => {
  test.setTimeout(60_000);
  const amara = await matchingMember(request, 'Amara');
  const bheki = await matchingMember(request, 'Bheki');
  grantPremium(amara);
  const a = await memberPage(browser, amara);
  const b = await memberPage(browser, bheki);

  expect((await likeThroughApi(request, bheki, amara.session.user.id)).status).toBe(200);
  const like = card(a, 'New Like');
  await expect(like).toBeVisible();
  await expect(like).toContainText(`${bheki.name} liked you.`);
  await expect(like).toContainText(`${bheki.age} years old`);
  await expect(like.getByRole('button', { name: 'View Profile' })).toBeVisible();
  await like.getByRole('button', { name: 'Like Back' }).click();

  await expect(a).toHaveURL(/\/app\/match\/[^/]+$/);
  await expect(card(a, 'New Match')).toContainText(`You and ${bheki.name} like each other.`);
  const match = card(b, 'New Match');
  await expect(match).toContainText(`You and ${amara.name} like each other.`);
  await expect(match.getByRole('button', { name: 'Start Chat' })).toBeVisible();
  await match.getByRole('button', { name: 'View Matches' }).click();
  await expect(b).toHaveURL(/\/app\/matches$/);
});

test('a message to a member whose chat is closed shows the card, and its Web Push reaches the service worker', async ({ browser, request }) => {
  test.setTimeout(60_000);
  const thandi = await matchingMember(request, 'Thandi');
  const sipho = await matchingMember(request, 'Sipho');
  await likeThroughApi(request, thandi, sipho.session.user.id);
  const matched = await request.post(`/api/matches/${thandi.session.user.id}/like`, { headers: { Authorization: `Bearer ${sipho.session.token}` } });
  const roomId = ((await matched.json()) as { data: { match: { chat_room_id: string } } }).data.match.chat_room_id;
  const a = await memberPage(browser, thandi);

  // A device of its own (another session): the page's session keeps whatever its browser registered.
  const push = await pushDevice(request, thandi);
  try {
    const sent = await request.post('/api/chat/messages', {
      headers: { Authorization: `Bearer ${sipho.session.token}` },
      data: { chat_room_id: roomId, message: 'Coffee on Saturday?' },
    });
    expect(sent.status()).toBe(201);
    const message = card(a, 'New Message');
    await expect(message).toContainText('Coffee on Saturday?');
    await expect(message).toContainText(sipho.name);
    await expect(message.getByRole('button', { name: 'Reply' })).toBeVisible();
    const payload = await push.next();
    expect(JSON.parse(payload)).toMatchObject({ title: `New message from ${sipho.name}`, body: 'Coffee on Saturday?', data: { type: 'message', chat_room_id: roomId } });

    // The page goes to the background (away from the app): the service worker shows the push itself.
    const worker = await serviceWorkerOf(a);
    await worker.toBackground();
    const shown = { title: `New message from ${sipho.name}`, body: 'Coffee on Saturday?', tag: `room-${roomId}` };
    await worker.deliverAndExpectShown(payload, shown, 'the message');
    expect(await worker.shown()).toEqual([shown]);
    // Desktop notifications close after 5 seconds (spec §9).
    await expect.poll(async () => (await worker.shown()).length, { timeout: 8_000 }).toBe(0);
    await a.goto(`${worker.origin}/app/more`);
  } finally {
    await push.close();
  }
});
