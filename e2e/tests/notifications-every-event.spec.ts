// Issue 14's Done-when, in real browsers against the real server: every event of spec §1 — a
// profile view, a like, a match, a super like, a super match and a message — reaches the member
// it is about as the in-app card while their app is open, and as a Web Push that their service
// worker shows once the app is out of view. Each member has a browser context of their own
// (own storage, own socket, own service worker), with notification permission granted.
//
// Headless Chromium reports every tab as visible (document.visibilityState), so "in the
// background" is made the way a member makes it: the app's tab goes to another page, so no page
// of the app is in view, and the service worker shows the push itself. Chromium's own push
// service is out of reach here: each member's device is a subscription at a loopback push service
// (e2e/support/push-service.ts), which decrypts what the server sent (RFC 8291) and hands it to
// the member's service worker through the DevTools protocol, as the browser would.
import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { fullChromium } from '../support/browser';
import { grantPremium, likeThroughApi, matchingMember, type MatchingMember } from '../support/matching';
import { card, memberPage, pushDevice, serviceWorkerOf, type PushService } from '../support/notifications';

// Web Push and the notification permission: the full browser, not the headless shell (support/browser.ts).
test.use(fullChromium);

interface PushPayload {
  title: string;
  body: string;
  tag?: string;
  data: { type: string };
}

/** The next `count` pushes the member's push service decrypted, sorted by type. */
async function pushesOf(push: PushService, count: number): Promise<{ text: string; payload: PushPayload }[]> {
  const taken: { text: string; payload: PushPayload }[] = [];
  for (let i = 0; i < count; i++) {
    const text = await push.next();
    taken.push({ text, payload: JSON.parse(text) as PushPayload });
  }
  return taken.sort((x, y) => x.payload.data.type.localeCompare(y.payload.data.type));
}

/** With no page of the app in view, each push is shown by the member's service worker. */
async function shownInBackground(page: Page, pushes: { text: string; payload: PushPayload }[]): Promise<void> {
  const worker = await serviceWorkerOf(page);
  await worker.toBackground();
  for (const { text, payload } of pushes) {
    await worker.deliverAndExpectShown(text, { title: payload.title, body: payload.body, tag: payload.tag ?? payload.data.type }, payload.data.type);
  }
}

const superLike = (request: APIRequestContext, from: MatchingMember, to: MatchingMember) =>
  request.post(`/api/matches/${to.session.user.id}/super-like`, { headers: { Authorization: `Bearer ${from.session.token}` } });

test('every event of spec §1 reaches the other member: the card in the open app, a Web Push with the app in the background', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const [ayo, bongi, chidi] = await Promise.all([matchingMember(request, 'Ayo'), matchingMember(request, 'Bongi'), matchingMember(request, 'Chidi')]);
  // Premium: the cards and pushes name who viewed and liked (a free member's stay hidden).
  grantPremium(ayo);
  const devices = await Promise.all([pushDevice(request, ayo), pushDevice(request, bongi), pushDevice(request, chidi)]);
  try {
    const [a, b, c] = await Promise.all([memberPage(browser, ayo), memberPage(browser, bongi), memberPage(browser, chidi)]);

    // A profile view: Bongi opens Ayo's profile in their browser.
    await b.goto(`/app/user/${ayo.session.user.id}`);
    const view = card(a, 'Profile View');
    await expect(view).toContainText(bongi.name);
    await expect(view.getByRole('button', { name: 'View Profile' })).toBeVisible();

    // A like, then a match: Ayo likes Chidi back from the card, and both are told.
    expect((await likeThroughApi(request, chidi, ayo.session.user.id)).status).toBe(200);
    const like = card(a, 'New Like');
    await expect(like).toContainText(`${chidi.name} liked you.`);
    await like.getByRole('button', { name: 'Like Back' }).click();
    await expect(a).toHaveURL(/\/app\/match\/[^/]+$/);
    await expect(card(a, 'New Match')).toContainText(`You and ${chidi.name} like each other.`);
    await expect(card(c, 'New Match')).toContainText(`You and ${ayo.name} like each other.`);

    // A super like, then a super match from the card.
    expect((await superLike(request, bongi, ayo)).status()).toBe(200);
    const superLiked = card(a, 'Super Like');
    await expect(superLiked).toContainText(bongi.name);
    await superLiked.getByRole('button', { name: 'Like Back' }).click();
    await expect(card(a, 'Super Match')).toContainText(bongi.name);
    const superMatch = card(b, 'Super Match');
    await expect(superMatch).toContainText(ayo.name);

    // A message: Bongi starts the chat from the card and writes; Ayo's chat is closed.
    await superMatch.getByRole('button', { name: 'Start Chat' }).click();
    await expect(b).toHaveURL(/\/app\/chat\/[^/]+$/);
    await b.getByPlaceholder('Type a message...').fill('Dinner on Friday?');
    await b.getByPlaceholder('Type a message...').press('Enter');
    const message = card(a, 'New Message');
    await expect(message).toContainText('Dinner on Friday?');
    await expect(message).toContainText(bongi.name);
    await expect(message.getByRole('button', { name: 'Reply' })).toBeVisible();

    // Every one of them was pushed to the member's device too, and is shown with the app out of view.
    const [toAyo, toBongi, toChidi] = await Promise.all([pushesOf(devices[0], 6), pushesOf(devices[1], 1), pushesOf(devices[2], 1)]);
    expect(toAyo.map((p) => p.payload.data.type)).toEqual(['like', 'match', 'message', 'profile_view', 'super_like', 'super_match']);
    expect(toAyo.map((p) => p.payload.body)).toEqual([
      `${chidi.name} liked you.`, `You and ${chidi.name} like each other.`, 'Dinner on Friday?',
      expect.stringContaining(bongi.name), expect.stringContaining(bongi.name), `You and ${bongi.name} like each other.`,
    ]);
    expect(toBongi.map((p) => p.payload)).toEqual([expect.objectContaining({ body: `You and ${ayo.name} like each other.`, data: expect.objectContaining({ type: 'super_match' }) })]);
    expect(toChidi.map((p) => p.payload)).toEqual([expect.objectContaining({ body: `You and ${ayo.name} like each other.`, data: expect.objectContaining({ type: 'match' }) })]);
    await shownInBackground(a, toAyo);
    await shownInBackground(b, toBongi);
    await shownInBackground(c, toChidi);
  } finally {
    await Promise.all(devices.map((d) => d.close()));
  }
});
