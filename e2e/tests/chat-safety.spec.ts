// Safety in every chat end to end (issue 29): Report from the chat header, and the live end of
// contact — the other member unmatches while she has the chat open, and her chat says so. Two
// matched members, each in a browser of their own, against the real server and its Socket.IO.
import { CHAT_SAFETY_TEXTS, SAFETY_MESSAGES, type ChatRoom } from '@linkup/contract';
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

/** Two members who like each other, and their conversation's room. */
async function matchedPair(request: Parameters<typeof matchingMember>[0], names: [string, string]) {
  const [her, him] = [await matchingMember(request, names[0]), await matchingMember(request, names[1])];
  expect((await likeThroughApi(request, her, him.session.user.id)).status).toBe(200);
  expect((await likeThroughApi(request, him, her.session.user.id)).body.data?.matched).toBe(true);
  const rooms = await request.get('/api/chat/rooms', { headers: { Authorization: `Bearer ${her.session.token}` } });
  const roomId = ((await rooms.json()) as { data: { items: ChatRoom[] } }).data.items[0]!.id;
  return { her, him, roomId };
}

const confirmIn = (page: Page, title: string, button: string) =>
  page.getByRole('dialog').filter({ hasText: title }).getByRole('button', { name: button, exact: true });

test('reports the other member from the chat header', async ({ browser, request }) => {
  const { her, him, roomId } = await matchedPair(request, ['Ayanda', 'Bongani']);
  const a = await memberPage(browser, her);
  await a.goto(`/app/messages/${roomId}`);
  await roomFollowed(a, roomId);

  await a.getByRole('button', { name: 'Chat options' }).click();
  const sheet = a.getByRole('dialog', { name: 'Chat options' });
  for (const action of ['View profile', 'Unmatch', 'Block', 'Report', 'Leave Chat']) {
    await expect(sheet.getByRole('button', { name: action, exact: true })).toBeVisible();
  }
  await sheet.getByRole('button', { name: 'Report', exact: true }).click();
  const form = a.getByRole('dialog', { name: `Report ${him.name}` });
  await form.getByLabel('Harassment').check();
  await form.getByLabel('Also block this member').uncheck();
  await a.getByRole('button', { name: 'Send report' }).click();
  await expect(a.getByText(SAFETY_MESSAGES.reported)).toBeVisible();
  await expect(form).toBeHidden();
});

test('an unmatch while the other has the chat open: "This conversation has ended."', async ({ browser, request }) => {
  const { her, him, roomId } = await matchedPair(request, ['Chipo', 'Dumisani']);
  const [a, b] = [await memberPage(browser, her), await memberPage(browser, him)];
  await Promise.all([a.goto(`/app/messages/${roomId}`), b.goto(`/app/messages/${roomId}`)]);
  await Promise.all([roomFollowed(a, roomId), roomFollowed(b, roomId)]);
  await expect(a.getByPlaceholder('Type a message...')).toBeEnabled();

  // He unmatches from his chat: asked first, told what it means.
  await b.getByRole('button', { name: 'Chat options' }).click();
  await b.getByRole('dialog', { name: 'Chat options' }).getByRole('button', { name: 'Unmatch', exact: true }).click();
  await expect(b.getByText(CHAT_SAFETY_TEXTS.notTold)).toBeVisible();
  await confirmIn(b, CHAT_SAFETY_TEXTS.unmatchConfirm(her.name), 'Unmatch').click();
  await expect(b).toHaveURL(/\/app\/messages$/);

  // Her open chat, live: ended, the composer disabled, Report still there.
  await expect(a.getByText(CHAT_SAFETY_TEXTS.ended)).toBeVisible();
  await expect(a.getByPlaceholder('Type a message...')).toBeDisabled();
  await expect(a.getByRole('status').getByRole('button', { name: 'Report' })).toBeVisible();

  // Opened again: the same, never "You left this chat".
  await a.reload();
  await expect(a.getByText(CHAT_SAFETY_TEXTS.ended)).toBeVisible();
  await expect(a.getByText('You left this chat')).toHaveCount(0);
  await expect(a.getByPlaceholder('Type a message...')).toBeDisabled();
});
