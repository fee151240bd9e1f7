// Safe contact end to end (issue 29): a phone number in a message shows the recipient a calm banner
// under it — and the sender none. Two matched members (so the message is a conversation's, not a
// request), each in a browser of their own, against the real server and its Socket.IO.
import { SAFE_CONTACT_TEXTS, type ChatRoom } from '@linkup/contract';
import { expect, test, type Browser, type Page } from '../support/test';
import { likeThroughApi, matchingMember, type MatchingMember } from '../support/matching';
import { roomFollowed, watchRoomSubscriptions } from '../support/rooms';
import { storeSession } from '../support/session';

async function memberPage(browser: Browser, member: MatchingMember): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  watchRoomSubscriptions(page);
  await storeSession(page, member.session);
  return page;
}

const bubble = (page: Page, text: string) => page.getByTestId('message').filter({ has: page.getByText(text, { exact: true }) });

test('a phone number in a message shows the banner to the recipient only', async ({ browser, request }) => {
  const [ama, bheki] = [await matchingMember(request, 'Ama'), await matchingMember(request, 'Bheki')];
  expect((await likeThroughApi(request, ama, bheki.session.user.id)).status).toBe(200);
  const liked = await likeThroughApi(request, bheki, ama.session.user.id);
  expect(liked.body.data?.matched).toBe(true);
  const rooms = await request.get('/api/chat/rooms', { headers: { Authorization: `Bearer ${ama.session.token}` } });
  const roomId = ((await rooms.json()) as { data: { items: ChatRoom[] } }).data.items[0]!.id;

  const [a, b] = [await memberPage(browser, ama), await memberPage(browser, bheki)];
  await Promise.all([a.goto(`/app/messages/${roomId}`), b.goto(`/app/messages/${roomId}`)]);
  await Promise.all([roomFollowed(a, roomId), roomFollowed(b, roomId)]);

  const text = 'Call me on 082 123 4567';
  await a.getByPlaceholder('Type a message...').fill(text);
  await a.getByPlaceholder('Type a message...').press('Enter');

  // The recipient, live: the banner under the message, with Report.
  const received = bubble(b, text);
  await expect(received).toBeVisible();
  await expect(received.getByRole('note')).toHaveText(new RegExp(SAFE_CONTACT_TEXTS.offPlatform));
  await expect(received.getByRole('note').getByRole('button', { name: 'Report', exact: true })).toBeVisible();

  // The sender: the message, no banner.
  await expect(bubble(a, text)).toBeVisible();
  await expect(bubble(a, text).getByRole('note')).toHaveCount(0);
  await expect(a.getByText(SAFE_CONTACT_TEXTS.offPlatform)).toHaveCount(0);

  // Stored with the message: the recipient still sees it after a reload, the sender still not.
  await Promise.all([a.reload(), b.reload()]);
  await expect(bubble(b, text).getByRole('note')).toHaveText(new RegExp(SAFE_CONTACT_TEXTS.offPlatform));
  await expect(bubble(a, text)).toBeVisible();
  await expect(a.getByText(SAFE_CONTACT_TEXTS.offPlatform)).toHaveCount(0);
});
