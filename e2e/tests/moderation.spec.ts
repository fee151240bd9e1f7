// Moderation end to end (issue 30): a member reports another from a chat; a moderator (made with
// the admin command) sees the report in the queue, reads the conversation and suspends for 7 days;
// the reported member's open app leaves the app (signed out, or restricted to the standing page);
// signing in shows the standing page with the statement; the appeal is refused to the moderator who
// decided (same_moderator) and reaches a second moderator, who overturns it.
import { SAFETY_MESSAGES, type ChatRoom } from '@linkup/contract';
import { expect, test, type Browser, type Page } from '../support/test';
import { likeThroughApi, matchingMember, type MatchingMember } from '../support/matching';
import { grantRole, refreshedSession } from '../support/moderation';
import { roomFollowed, watchRoomSubscriptions } from '../support/rooms';
import { storeSession, type StoredSession } from '../support/session';

async function pageFor(browser: Browser, session: StoredSession): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  watchRoomSubscriptions(page);
  await storeSession(page, session);
  return page;
}

async function matchedPair(request: Parameters<typeof matchingMember>[0]) {
  const [her, him] = [await matchingMember(request, 'Thandi'), await matchingMember(request, 'Vusi')];
  expect((await likeThroughApi(request, her, him.session.user.id)).status).toBe(200);
  expect((await likeThroughApi(request, him, her.session.user.id)).body.data?.matched).toBe(true);
  const rooms = await request.get('/api/chat/rooms', { headers: { Authorization: `Bearer ${her.session.token}` } });
  const roomId = ((await rooms.json()) as { data: { items: ChatRoom[] } }).data.items[0]!.id;
  return { her, him, roomId };
}

async function moderator(request: Parameters<typeof matchingMember>[0], first: string): Promise<MatchingMember> {
  const member = await matchingMember(request, first);
  grantRole(member.details.email, 'moderator');
  return { ...member, session: await refreshedSession(request, member.session) };
}

test('report → queue → 7-day suspension → standing page → appeal overturned by another moderator', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { her, him, roomId } = await matchedPair(request);
  const insult = `You will regret ignoring me ${Date.now()}`;
  const sent = await request.post('/api/chat/messages', {
    headers: { Authorization: `Bearer ${him.session.token}` },
    data: { chat_room_id: roomId, message: insult, confirm: true },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  // She reports him from the chat.
  const a = await pageFor(browser, her.session);
  await a.goto(`/app/messages/${roomId}`);
  await roomFollowed(a, roomId);
  await expect(a.getByTestId('message').getByText(insult)).toBeVisible();
  await a.getByRole('button', { name: 'Chat options' }).click();
  await a.getByRole('dialog', { name: 'Chat options' }).getByRole('button', { name: 'Report', exact: true }).click();
  const form = a.getByRole('dialog', { name: `Report ${him.name}` });
  await form.getByLabel('Harassment').check();
  await form.getByLabel('Also block this member').uncheck();
  await a.getByRole('button', { name: 'Send report' }).click();
  await expect(a.getByText(SAFETY_MESSAGES.reported)).toBeVisible();
  await a.close();

  // His app is open meanwhile.
  const b = await pageFor(browser, him.session);
  await b.goto('/app/dashboard');
  await expect(b.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();

  // The first moderator finds the report in the queue and opens it with the keyboard.
  const mod1 = await moderator(request, 'Mpho');
  const m = await pageFor(browser, mod1.session);
  await m.goto('/moderation');
  await expect(m.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
  const queue = m.getByRole('list', { name: 'Queue' });
  const item = queue.getByRole('listitem').filter({ hasText: him.name });
  await expect(item).toBeVisible();
  await item.getByRole('link').click();
  await expect(m.getByRole('heading', { level: 1, name: 'Report' })).toBeVisible();
  await expect(m.getByRole('list', { name: 'Conversation' }).getByText(insult)).toBeVisible();

  // Suspends for 7 days, after reading the statement he will get.
  await m.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Suspend' }).click();
  const dialog = m.getByRole('dialog');
  await dialog.getByLabel('Rule').selectOption('harassment');
  await expect(dialog.getByLabel('Days')).toHaveValue('7');
  await expect(dialog.getByTestId('statement-preview')).toContainText('We have suspended your account for 7 days.');
  await dialog.getByRole('button', { name: 'Confirm: Suspend' }).click();
  await expect(dialog).toBeHidden();

  // His open app leaves the app: signed out (his sessions ended) or restricted to his standing.
  await b.reload();
  await expect(b.getByRole('heading', { level: 1, name: /^(Welcome Back|Your account)$/ })).toBeVisible();

  // Signing in shows only the standing page, with the statement.
  if (await b.getByRole('heading', { level: 1, name: 'Welcome Back' }).isVisible()) {
    await b.getByLabel('Email or mobile').fill(him.details.email);
    await b.getByLabel('Password', { exact: true }).fill(him.details.password);
    await b.getByRole('button', { name: 'Sign In' }).click();
  }
  await expect(b.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await expect(b.getByText('Your account is suspended.')).toBeVisible();
  await expect(b.getByText('We have suspended your account for 7 days.')).toBeVisible();
  await b.goto('/app/discover');
  await expect(b.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();

  // He appeals.
  const appealForm = b.getByRole('form', { name: 'Appeal this decision' }).first();
  await appealForm.getByLabel('Why should we look at this again?').fill('It was a misunderstanding; I apologised to her.');
  await appealForm.getByRole('button', { name: 'Send appeal' }).click();
  await expect(b.getByText('Your appeal is waiting for a moderator.')).toBeVisible();

  // The moderator who decided may not decide the appeal.
  await m.goto('/moderation/appeals');
  const ownCase = m.getByRole('form', { name: `Decide the appeal of ${him.name}` });
  await ownCase.getByLabel('Statement to the member').fill('The decision stands.');
  await ownCase.getByRole('button', { name: 'Uphold' }).click();
  await expect(ownCase.getByRole('alert')).toContainText('another moderator must decide this appeal');
  await expect(m.getByRole('heading', { level: 1, name: 'Appeals' })).toBeVisible();

  // A second moderator overturns it.
  const mod2 = await moderator(request, 'Zanele');
  const n = await pageFor(browser, mod2.session);
  await n.goto('/moderation/appeals');
  const appeal = n.getByRole('form', { name: `Decide the appeal of ${him.name}` });
  await appeal.getByLabel('Statement to the member').fill('On review, the messages do not amount to harassment.');
  await appeal.getByRole('button', { name: 'Overturn' }).click();
  await expect(appeal).toBeHidden();

  // He is back: the app opens again, and his standing says the decision was overturned.
  await b.goto('/app/account/standing');
  await expect(b.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await expect(b.getByText('Overturned on appeal.')).toBeVisible();
  await expect(b.getByRole('navigation').filter({ has: b.getByRole('link', { name: 'Discover' }) }).first()).toBeVisible();
});
