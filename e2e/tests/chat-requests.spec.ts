// Message requests end to end (issue 29): two members who have not matched, each in a browser of
// their own, against the real server and its Socket.IO. A stranger's message arrives as a request;
// she accepts it and replies; another stranger's request is blocked from the requests screen.
import { CHAT_REQUEST_MESSAGES, type ChatMessage, type ChatRoom } from '@linkup/contract';
import { BACKENDS_TAG, expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '../support/test';
import { newMember, registerThroughApi, toast } from '../support/accounts';
import { completeOnboardingThroughApi } from '../support/onboarding';
import { storeSession, type StoredSession } from '../support/session';

const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
const tag = () => Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

interface Member {
  name: string;
  session: StoredSession;
}

async function registerMember(request: APIRequestContext, first: string): Promise<Member> {
  const name = `${first} Request${tag()}`;
  const registered = await registerThroughApi(request, { ...newMember(`request-${first.toLowerCase()}`), name, mobile: `+2786${digits(7)}` });
  return { name, session: await completeOnboardingThroughApi(request, registered) };
}

async function call<T>(request: APIRequestContext, member: Member, method: 'get' | 'post', path: string, data?: unknown): Promise<T> {
  const response = await request[method](`/api${path}`, { headers: { Authorization: `Bearer ${member.session.token}` }, data });
  expect(response.ok(), `${method.toUpperCase()} ${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

async function memberPage(browser: Browser, member: Member): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await storeSession(page, member.session);
  return page;
}

const composer = (page: Page) => page.getByPlaceholder('Type a message...');
const bubble = (page: Page, text: string): Locator => page.getByTestId('message').filter({ has: page.getByText(text, { exact: true }) });
const requestFrom = (page: Page, name: string) => page.getByTestId('request').filter({ hasText: name });

test('a stranger’s message arrives as a request; she accepts it and they chat', { tag: BACKENDS_TAG }, async ({ browser, request }) => {
  test.setTimeout(60_000);
  const [sipho, thandi] = [await registerMember(request, 'Sipho'), await registerMember(request, 'Thandi')];
  const a = await memberPage(browser, sipho);
  const b = await memberPage(browser, thandi);
  await b.goto('/app/messages');
  await expect(b.getByText('No conversations yet')).toBeVisible();
  await expect(b.getByTestId('requests-entry')).toHaveCount(0);

  // He finds her and writes: his chat shows it as sent.
  await a.goto('/app/messages');
  await a.getByRole('searchbox', { name: 'Search users' }).fill(thandi.name);
  await a.getByRole('list', { name: 'Search results' }).getByRole('button', { name: new RegExp(thandi.name) }).click();
  await expect(toast(a, 'Chat started successfully')).toBeVisible();
  await composer(a).fill('Hi Thandi, I loved your hiking photos');
  await composer(a).press('Enter');
  await expect(bubble(a, 'Hi Thandi, I loved your hiking photos')).toBeVisible();

  // It reaches her as a request: the entry appears without a reload, not a conversation, no badge.
  const entry = b.getByRole('link', { name: CHAT_REQUEST_MESSAGES.requestsEntry(1) });
  await expect(entry).toBeVisible();
  await expect(b.getByTestId('conversation')).toHaveCount(0);
  await expect(b.getByTestId('messages-badge')).toHaveCount(0);

  // A second message waits for her: a calm note, the text kept.
  await composer(a).fill('Are you there?');
  await composer(a).press('Enter');
  await expect(a.getByTestId('request-waiting')).toHaveText(CHAT_REQUEST_MESSAGES.pending(thandi.name));
  await expect(composer(a)).toHaveValue('Are you there?');
  await expect(bubble(a, 'Are you there?')).toHaveCount(0);

  // She opens her requests, reads it, and accepts: the conversation opens.
  await entry.click();
  await expect(b.getByRole('heading', { level: 1, name: 'Message Requests' })).toBeVisible();
  const fromSipho = requestFrom(b, sipho.name);
  await expect(fromSipho).toContainText('Hi Thandi, I loved your hiking photos');
  await fromSipho.getByRole('button', { name: 'Accept' }).click();
  await expect(toast(b, 'Request accepted')).toBeVisible();
  await expect(b).toHaveURL(/\/app\/messages\/[^/]+$/);
  await expect(b.getByRole('heading', { level: 2, name: sipho.name })).toBeVisible();
  await expect(bubble(b, 'Hi Thandi, I loved your hiking photos')).toBeVisible();

  // She replies; he sees it live, and may write freely now.
  await composer(b).fill('Hi Sipho! Thanks');
  await composer(b).press('Enter');
  await expect(bubble(b, 'Hi Sipho! Thanks')).toBeVisible();
  await expect(bubble(a, 'Hi Sipho! Thanks')).toBeVisible();
  await composer(a).fill('Coffee on Saturday?');
  await composer(a).press('Enter');
  await expect(bubble(a, 'Coffee on Saturday?')).toBeVisible();
  await expect(bubble(b, 'Coffee on Saturday?')).toBeVisible();
  await expect(a.getByTestId('request-waiting')).toHaveCount(0);

  // Her Messages list has the conversation, and no requests wait.
  await b.goto('/app/messages');
  await expect(b.getByTestId('conversation').filter({ hasText: sipho.name })).toContainText('Coffee on Saturday?');
  await expect(b.getByTestId('requests-entry')).toHaveCount(0);
});

test('she blocks a stranger from his request: the request is gone and he can write no more', async ({ browser, request }) => {
  test.setTimeout(60_000);
  const [bheki, lerato] = [await registerMember(request, 'Bheki'), await registerMember(request, 'Lerato')];
  const room = await call<ChatRoom>(request, bheki, 'post', '/chat/rooms', { user_id: lerato.session.user.id });
  await call<ChatMessage>(request, bheki, 'post', '/chat/messages', { chat_room_id: room.id, message: 'Send me your number', type: 'text' });

  const b = await memberPage(browser, lerato);
  await b.goto('/app/messages/requests');
  const fromBheki = requestFrom(b, bheki.name);
  await expect(fromBheki).toContainText('Send me your number');
  await expect(fromBheki.getByRole('button')).toHaveText(['Accept', 'Decline', 'Block', 'Report']);
  await fromBheki.getByRole('button', { name: 'Block' }).click();
  const dialog = b.getByRole('dialog').filter({ hasText: `Block ${bheki.name}?` });
  await dialog.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(b.getByText(CHAT_REQUEST_MESSAGES.empty)).toBeVisible();

  const refused = await request.post('/api/chat/messages', {
    headers: { Authorization: `Bearer ${bheki.session.token}` },
    data: { chat_room_id: room.id, message: 'Hello?', type: 'text' },
  });
  expect(refused.status()).toBe(404);
  await b.goto('/app/blocked-users');
  await expect(b.getByText(bheki.name)).toBeVisible();
});
