// Moderation end to end (issue 30): a member reports another from a chat; a moderator (made with
// the admin command) sees the report in the queue, reads the conversation and suspends for 7 days;
// the reported member's open app leaves the app (signed out, or restricted to the standing page);
// signing in shows the standing page with the statement; the appeal is refused to the moderator who
// decided (same_moderator) and reaches a second moderator, who overturns it.
import { SAFETY_MESSAGES, type ChatRoom } from '@linkup/contract';
import { expect, test, type Browser, type Page } from '../support/test';
import { axeViolations } from '../support/pages';
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

  // His open app leaves the app without a reload: signed out (his sessions ended) or restricted to his standing.
  await expect(b.getByRole('heading', { level: 1, name: /^(Welcome Back|Your account)$/ })).toBeVisible({ timeout: 20_000 });

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

test('the console works by keyboard alone, and every page of it passes axe', async ({ browser, request }) => {
  const { her, him } = await matchedPair(request);
  const reported = await request.post(`/api/users/${him.session.user.id}/report`, {
    headers: { Authorization: `Bearer ${her.session.token}` },
    data: { reason: 'fake_profile', details: 'Photos of a celebrity.' },
  });
  expect(reported.status(), await reported.text()).toBe(201);
  const mod = await moderator(request, 'Lindiwe');
  const m = await pageFor(browser, mod.session);
  await m.goto('/moderation');
  const queue = m.getByRole('list', { name: 'Queue' });
  await expect(queue.getByRole('listitem').filter({ hasText: him.name })).toBeVisible();
  expect(await axeViolations(m)).toEqual([]);

  // j/k move the selection to his report; Enter opens it.
  const items = queue.getByRole('listitem');
  const index = (await items.allTextContents()).findIndex((text) => text.includes(him.name));
  for (let i = 0; i < index; i++) await m.keyboard.press('j');
  await expect(items.nth(index)).toHaveAttribute('aria-current', 'true');
  await m.keyboard.press('Enter');
  await expect(m.getByRole('heading', { level: 1, name: 'Report' })).toBeVisible();
  await expect(m.getByText('Photos of a celebrity.')).toBeVisible();
  expect(await axeViolations(m)).toEqual([]);

  // The action dialog, by keyboard: w opens it from the queue; Escape closes it without a decision.
  await m.goBack();
  await expect(queue).toBeVisible();
  for (let i = 0; i < index; i++) await m.keyboard.press('j');
  await m.keyboard.press('w');
  const dialog = m.getByRole('dialog');
  await expect(dialog.getByRole('radio', { name: 'Warn' })).toBeChecked();
  await expect(dialog.getByTestId('statement-preview')).toContainText('We have given your account a warning.');
  expect(await axeViolations(m)).toEqual([]);
  await m.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  for (const [path, title] of [['/moderation/held-messages', 'Held messages'], ['/moderation/audit', 'Audit log'], ['/moderation/stats', 'Transparency']] as const) {
    await m.goto(path);
    await expect(m.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(m.getByRole('status')).toHaveCount(0);
    expect(await axeViolations(m), path).toEqual([]);
  }
});

test('a member without a role is sent on from /moderation and never loads the console', async ({ browser, request }) => {
  const member = await matchingMember(request, 'Sipho');
  const page = await pageFor(browser, member.session);
  const consoleFiles: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/moderation-[^/]*\.js$/.test(new URL(r.url()).pathname)) consoleFiles.push(r.url());
  });
  await page.goto('/moderation');
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  expect(consoleFiles).toEqual([]);
});
