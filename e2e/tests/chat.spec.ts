// Chat end to end (issue 6, spec §2 "Messages screen" and "Chat screen"): two members in two
// browser contexts against the real server and its Socket.IO — search, start a chat, messages
// without reload, typing, edit, delete, unread badge, 'Load earlier messages', leaving.
import { PAGE_SIZES, UI_TEXTS, USER_SEARCH_MESSAGES, type ChatMessage, type ChatRoom } from '@linkup/contract';
import { BACKENDS_TAG, expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '../support/test';
import { newMember, registerThroughApi, toast } from '../support/accounts';
import { completeOnboardingThroughApi } from '../support/onboarding';
import { axeViolations } from '../support/pages';
import { roomFollowed, watchRoomSubscriptions } from '../support/rooms';
import { storeSession, type StoredSession } from '../support/session';

const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
/** Letters only: a name the member search finds exactly once. */
const tag = () => Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

interface Member {
  name: string;
  session: StoredSession;
}

/** A fresh member with a unique name and a +2786 mobile number, registered and onboarded through the API (messages need both). */
async function registerMember(request: APIRequestContext, first: string): Promise<Member> {
  const name = `${first} Chat${tag()}`;
  const registered = await registerThroughApi(request, { ...newMember(`chat-${first.toLowerCase()}`), name, mobile: `+2786${digits(7)}` });
  const session = await completeOnboardingThroughApi(request, registered);
  return { name, session };
}

async function call<T>(request: APIRequestContext, member: Member, method: 'get' | 'post' | 'delete', path: string, data?: unknown): Promise<T> {
  const response = await request[method](`/api${path}`, { headers: { Authorization: `Bearer ${member.session.token}` }, data });
  expect(response.ok(), `${method.toUpperCase()} ${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/**
 * The two like each other: matched members write directly (a stranger's first message would be a
 * request, chat-requests.spec.ts).
 */
async function match(request: APIRequestContext, a: Member, b: Member): Promise<void> {
  await call(request, a, 'post', `/matches/${b.session.user.id}/like`, {});
  await call(request, b, 'post', `/matches/${a.session.user.id}/like`, {});
}

/** The chat of a matched pair. */
async function openRoom(request: APIRequestContext, from: Member, to: Member): Promise<ChatRoom> {
  await match(request, from, to);
  return call<ChatRoom>(request, from, 'post', '/chat/rooms', { user_id: to.session.user.id, name: `Chat with ${to.name}` });
}

const sendThroughApi = (request: APIRequestContext, from: Member, roomId: string, message: string) =>
  call<ChatMessage>(request, from, 'post', '/chat/messages', { chat_room_id: roomId, message, type: 'text', client_id: `e2e-${digits(12)}` });

/** A browser context of its own for one member, signed in through localStorage (closed after the test's accessibility check). */
async function memberPage(browser: Browser, member: Member): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  watchRoomSubscriptions(page);
  await storeSession(page, member.session);
  return page;
}

const composer = (page: Page) => page.getByPlaceholder('Type a message...');
const bubble = (page: Page, text: string): Locator => page.getByTestId('message').filter({ has: page.getByText(text, { exact: true }) });
const roomHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });
const messagesBadge = (page: Page) => page.getByTestId('messages-badge');

async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press('Enter');
  await expect(bubble(page, text)).toBeVisible();
}

// Every test registers the members it needs: none depends on what another left behind.
test('A finds B by name, starts a chat, and they chat in real time: typing, edit, delete', { tag: BACKENDS_TAG }, async ({ browser, request }) => {
  test.setTimeout(60_000);
  const [naledi, bongani] = [await registerMember(request, 'Naledi'), await registerMember(request, 'Bongani')];
  const a = await memberPage(browser, naledi);
  const b = await memberPage(browser, bongani);
  await b.goto('/app/messages');
  await expect(b.getByText('No conversations yet')).toBeVisible();
  // They like each other meanwhile (a stranger's first message is a request: chat-requests.spec.ts).
  await match(request, naledi, bongani);

  // A searches B by name and starts the chat; one letter is not a search yet (issue #12 item 11).
  await a.goto('/app/messages');
  await a.getByRole('searchbox', { name: 'Search users' }).fill(bongani.name.slice(0, 1));
  await expect(a.getByRole('status')).toHaveText(USER_SEARCH_MESSAGES.tooShort);
  await a.getByRole('searchbox', { name: 'Search users' }).fill(bongani.name);
  await a.getByRole('list', { name: 'Search results' }).getByRole('button', { name: new RegExp(bongani.name) }).click();
  await expect(toast(a, 'Chat started successfully')).toBeVisible();
  await expect(a).toHaveURL(/\/app\/messages\/[^/]+$/);
  await expect(roomHeading(a, bongani.name)).toBeVisible();
  // The room's empty state (on a wide screen the list beside it says 'No messages yet' too).
  await expect(a.getByTestId('message-scroller').getByText('No messages yet')).toBeVisible();

  // A's first message reaches B's list and badge without a reload.
  await send(a, 'Hi Bongani, hiking this weekend?');
  const conversation = b.getByTestId('conversation').filter({ hasText: naledi.name });
  await expect(conversation).toContainText('Hi Bongani, hiking this weekend?');
  await expect(messagesBadge(b)).toHaveText('1');

  // B opens it: the badge clears.
  await conversation.click();
  await expect(roomHeading(b, naledi.name)).toBeVisible();
  await expect(bubble(b, 'Hi Bongani, hiking this weekend?')).toBeVisible();
  await b.getByRole('button', { name: 'Back' }).click();
  await expect(b).toHaveURL(/\/app\/messages$/);
  await expect(messagesBadge(b)).toHaveCount(0);
  await conversation.click();
  // B's open room follows its channel again before A types (typing is sent about once a second).
  await expect(b).toHaveURL(/\/app\/messages\/[^/]+$/);
  await roomFollowed(b, b.url().split('/').at(-1)!);

  // Typing shows in B while A types, then A's message appears without a reload.
  await composer(a).pressSequentially('Bring snacks', { delay: 120 });
  await expect(b.getByText(`${naledi.name} is typing…`)).toBeVisible();
  await composer(a).press('Enter');
  await expect(bubble(b, 'Bring snacks')).toBeVisible();
  await expect(b.getByText(`${naledi.name} is typing…`)).toHaveCount(0);
  await expect(bubble(b, 'Bring snacks')).toHaveClass(/is-theirs/);
  await expect(bubble(a, 'Bring snacks')).toHaveClass(/is-mine/);

  // B answers; A sees it.
  await send(b, 'Sounds great!');
  await expect(bubble(a, 'Sounds great!')).toBeVisible();

  // A edits: B sees '(edited)'.
  await bubble(a, 'Bring snacks').hover();
  await bubble(a, 'Bring snacks').getByRole('button', { name: 'Edit message' }).click();
  const panel = a.getByRole('form', { name: 'Editing message' });
  await panel.getByRole('textbox').fill('Bring snacks and water');
  await panel.getByRole('textbox').press('Control+Enter');
  await expect(toast(a, 'Message updated successfully')).toBeVisible();
  await expect(bubble(b, 'Bring snacks and water')).toContainText('(edited)');
  await expect(bubble(a, 'Bring snacks and water')).toContainText('(edited)');

  // A deletes: gone for both.
  await bubble(a, 'Bring snacks and water').hover();
  await bubble(a, 'Bring snacks and water').getByRole('button', { name: 'Delete message' }).click();
  // A destructive question names its action on the button (docs/decisions.md).
  await a.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toast(a, 'Message deleted successfully')).toBeVisible();
  await expect(bubble(a, 'Bring snacks and water')).toHaveCount(0);
  await expect(bubble(b, 'Bring snacks and water')).toHaveCount(0);
  await expect(bubble(b, 'Sounds great!')).toBeVisible();

});

test("B's Messages tab badge rises with A's messages and clears when B opens the room", async ({ browser, request }) => {
  const [zanele, bongani] = [await registerMember(request, 'Zanele'), await registerMember(request, 'Bongani')];
  const room = await openRoom(request, zanele, bongani);
  const b = await memberPage(browser, bongani);
  await b.goto('/app/dashboard');
  await expect(b.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(messagesBadge(b)).toHaveCount(0);

  await sendThroughApi(request, zanele, room.id, 'Are you free on Friday?');
  await expect(messagesBadge(b)).toHaveText('1');
  await sendThroughApi(request, zanele, room.id, 'There is a jazz night in Newtown');
  await expect(messagesBadge(b)).toHaveText('2');

  await b.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Messages/ }).click();
  await expect(b.getByTestId('unread-total')).toHaveText('2 unread messages');
  await b.getByTestId('conversation').filter({ hasText: zanele.name }).click();
  await expect(bubble(b, 'There is a jazz night in Newtown')).toBeVisible();
  await b.getByRole('button', { name: 'Back' }).click();
  await expect(b.getByTestId('unread-total')).toHaveText('0 unread messages');
  await expect(messagesBadge(b)).toHaveCount(0);

  // The server agrees: after a reload the room is still read.
  await b.reload();
  await expect(b.getByTestId('conversation').filter({ hasText: zanele.name })).toBeVisible();
  await expect(messagesBadge(b)).toHaveCount(0);
});

test("'Load earlier messages' appears after 60 messages and loads the older ones in place", async ({ browser, request }) => {
  test.setTimeout(60_000);
  const [naledi, zanele] = [await registerMember(request, 'Naledi'), await registerMember(request, 'Zanele')];
  const room = await openRoom(request, naledi, zanele);
  for (let i = 1; i <= 60; i++) await sendThroughApi(request, i % 2 ? naledi : zanele, room.id, `Message number ${i}`);

  const a = await memberPage(browser, naledi);
  await a.goto(`/app/messages/${room.id}`);
  await expect(bubble(a, 'Message number 60')).toBeVisible();
  await expect(a.getByTestId('message')).toHaveCount(PAGE_SIZES.chatMessages);
  await expect(bubble(a, 'Message number 10')).toHaveCount(0);

  const earlier = a.getByRole('button', { name: 'Load earlier messages' });
  await earlier.scrollIntoViewIfNeeded();
  const anchor = bubble(a, 'Message number 11');
  const before = (await anchor.boundingBox())!.y;
  await earlier.click();
  await expect(a.getByTestId('message')).toHaveCount(60);
  await expect(earlier).toHaveCount(0);
  // The member stays where they were: the message they looked at has not moved.
  expect(Math.abs((await anchor.boundingBox())!.y - before)).toBeLessThan(4);
  await bubble(a, 'Message number 1').scrollIntoViewIfNeeded();
  await expect(bubble(a, 'Message number 1')).toBeVisible();
});

test('leaving a chat (opened at /app/chat/:roomId) returns to the list with "Left chat room successfully"', async ({ browser, request }) => {
  const [bongani, naledi] = [await registerMember(request, 'Bongani'), await registerMember(request, 'Naledi')];
  const room = await openRoom(request, bongani, naledi);
  await sendThroughApi(request, naledi, room.id, 'See you soon');
  const b = await memberPage(browser, bongani);
  await b.goto(`/app/chat/${room.id}`);
  await expect(roomHeading(b, naledi.name)).toBeVisible();
  await expect(b.getByText('Active now')).toBeVisible();

  await b.getByRole('button', { name: 'Chat options' }).click();
  const sheet = b.getByRole('dialog', { name: 'Chat options' });
  await expect(sheet.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await sheet.getByRole('button', { name: 'Leave Chat' }).click();
  const confirm = b.getByRole('dialog').filter({ hasText: 'Are you sure you want to leave this chat?' });
  await confirm.getByRole('button', { name: 'Leave Chat' }).click();

  await expect(b).toHaveURL(/\/app\/messages$/);
  await expect(toast(b, 'Left chat room successfully')).toBeVisible();
  await expect(b.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(b.getByTestId('conversation').filter({ hasText: naledi.name })).toHaveCount(0);
});

test('on a wide screen Messages shows the list and the open chat side by side: pick, send, pick another, Back (issue 17 item 16)', async ({ browser, request }) => {
  test.setTimeout(60_000);
  const [naledi, bongani, zanele] = [await registerMember(request, 'Naledi'), await registerMember(request, 'Bongani'), await registerMember(request, 'Zanele')];
  const withB = await openRoom(request, naledi, bongani);
  await sendThroughApi(request, bongani, withB.id, 'Hiking on Saturday?');
  const withZ = await openRoom(request, naledi, zanele);
  await sendThroughApi(request, zanele, withZ.id, 'Jazz on Friday?');
  const a = await memberPage(browser, naledi);
  await a.setViewportSize({ width: 1440, height: 900 });
  const item = (member: Member) => a.getByTestId('conversation').filter({ hasText: member.name });
  const messagesNav = a.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Messages/ });

  await a.goto('/app/messages');
  await expect(a.getByRole('heading', { level: 2, name: 'Pick a chat' })).toBeVisible();
  await expect(messagesNav).toHaveAttribute('aria-current', 'page');

  // Picking a chat opens it beside the list, which stays, with the chat highlighted.
  await item(bongani).click();
  await expect(a).toHaveURL(new RegExp(`/app/messages/${withB.id}$`));
  await expect(roomHeading(a, bongani.name)).toBeVisible();
  await expect(bubble(a, 'Hiking on Saturday?')).toBeVisible();
  await expect(a.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(item(bongani)).toHaveAttribute('aria-current', 'page');
  await expect(messagesNav).toHaveAttribute('aria-current', 'page');
  const list = (await a.getByRole('list', { name: 'Conversations' }).boundingBox())!;
  const box = (await composer(a).boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(list.x + list.width);
  expect(box.y + box.height).toBeLessThanOrEqual(900);

  await send(a, 'Yes, the Magalies trail!');
  await expect(item(bongani)).toContainText('Yes, the Magalies trail!');
  // The split view with a conversation in it: no axe violation of any impact (issue 17).
  expect(await axeViolations(a, 'minor')).toEqual([]);

  // Another chat replaces it in the pane.
  await item(zanele).click();
  await expect(a).toHaveURL(new RegExp(`/app/messages/${withZ.id}$`));
  await expect(bubble(a, 'Jazz on Friday?')).toBeVisible();
  await expect(bubble(a, 'Yes, the Magalies trail!')).toHaveCount(0);
  await expect(item(zanele)).toHaveAttribute('aria-current', 'page');
  await expect(item(bongani)).not.toHaveAttribute('aria-current', 'page');

  // Back returns to the previous chat, then the chat's Back to the list alone.
  await a.goBack();
  await expect(a).toHaveURL(new RegExp(`/app/messages/${withB.id}$`));
  await expect(bubble(a, 'Yes, the Magalies trail!')).toBeVisible();
  await expect(item(bongani)).toHaveAttribute('aria-current', 'page');
  await a.getByRole('button', { name: 'Back' }).click();
  await expect(a).toHaveURL(/\/app\/messages$/);
  await expect(a.getByRole('heading', { level: 2, name: 'Pick a chat' })).toBeVisible();

  // A deep link to /app/chat/:roomId opens the same view with that room.
  await a.goto(`/app/chat/${withZ.id}`);
  await expect(bubble(a, 'Jazz on Friday?')).toBeVisible();
  await expect(item(zanele)).toHaveAttribute('aria-current', 'page');
  await expect(messagesNav).toHaveAttribute('aria-current', 'page');
});

test('A sees "Seen" under her last message once B has opened the chat; the day’s messages sit under one "Today" separator (issue 32 item 13)', async ({ browser, request }) => {
  const [lindiwe, thabo] = [await registerMember(request, 'Lindiwe'), await registerMember(request, 'Thabo')];
  const room = await openRoom(request, lindiwe, thabo);
  const a = await memberPage(browser, lindiwe);
  await a.goto(`/app/messages/${room.id}`);
  await expect(roomHeading(a, thabo.name)).toBeVisible();
  await roomFollowed(a, room.id);
  const seen = a.getByTestId('message-seen');
  /** The list item right after a message's bubble. */
  const after = (locator: Locator) => locator.locator('xpath=following-sibling::li[1]');

  await send(a, 'Coffee at Truth on Saturday?');
  await send(a, 'Or Sunday, if that suits you better');
  await expect(seen).toHaveCount(0);

  // B opens the chat: A's last message shows "Seen", only that one.
  const b = await memberPage(browser, thabo);
  await b.goto(`/app/messages/${room.id}`);
  await expect(bubble(b, 'Or Sunday, if that suits you better')).toBeVisible();
  await expect(seen).toHaveCount(1);
  await expect(seen).toHaveText(UI_TEXTS.chat.seen);
  await expect(after(bubble(a, 'Or Sunday, if that suits you better'))).toHaveAttribute('data-testid', 'message-seen');

  // B answers in the open chat; A's next message is "Seen" in its turn (B's chat marks it read).
  await roomFollowed(b, room.id);
  await send(b, 'Saturday works!');
  await expect(bubble(a, 'Saturday works!')).toBeVisible();
  await send(a, 'Great, 10 am then');
  await expect(bubble(b, 'Great, 10 am then')).toBeVisible();
  await expect(after(bubble(a, 'Great, 10 am then'))).toHaveAttribute('data-testid', 'message-seen');
  await expect(seen).toHaveCount(1);

  // Messages of one day sit under one separator, labelled "Today", above the day's first message.
  // (Messages of an earlier day cannot be made through the API, which dates them itself: the
  // separator between two days is covered by the web test of message-list.tsx.)
  for (const page of [a, b]) {
    const separator = page.getByTestId('day-separator');
    await expect(separator).toHaveCount(1);
    await expect(separator).toHaveText(UI_TEXTS.time.today);
    await expect(page.getByTestId('message-scroller').getByRole('listitem').first()).toHaveAttribute('data-testid', 'day-separator');
  }
});
