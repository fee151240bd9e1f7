// Safety end to end (issue 4 "Safety"): another member's profile, blocking (both ways: profile,
// chat search and the conversation, for both members, without a reload), unblocking from
// /app/blocked-users, and reporting with a reason. Two members in two browser contexts.
import { ageOnDate, type ChatRoom } from '@linkup/contract';
import { expect, test, type APIRequestContext, type Browser, type Page } from '../support/test';
import { newMember, registerThroughApi, toast } from '../support/accounts';
import { completeOnboardingThroughApi } from '../support/onboarding';
import { axeViolations } from '../support/pages';
import { storeSession, type StoredSession } from '../support/session';

const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
/** Letters only: a name the member search finds exactly once. */
const tag = () => Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

interface Member {
  name: string;
  dateOfBirth: string;
  session: StoredSession;
}

/** A fresh member with a unique name, onboarded through the API (photo, about, interests, Cape Town). */
async function registerMember(request: APIRequestContext, first: string): Promise<Member> {
  const name = `${first} Safe${tag()}`;
  const details = { ...newMember(`safety-${first.toLowerCase()}`), name, mobile: `+2787${digits(7)}` };
  const session = await completeOnboardingThroughApi(request, await registerThroughApi(request, details));
  return { name, dateOfBirth: details.dateOfBirth, session };
}

async function call<T>(request: APIRequestContext, member: Member, method: 'get' | 'post', path: string, data?: unknown): Promise<T> {
  const response = await request[method](`/api${path}`, { headers: { Authorization: `Bearer ${member.session.token}` }, data });
  expect(response.ok(), `${method.toUpperCase()} ${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** A browser context of its own for one member, signed in through localStorage. */
async function memberPage(browser: Browser, member: Member): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await storeSession(page, member.session);
  return page;
}

const profilePath = (member: Member) => `/app/user/${member.session.user.id}`;
const conversationWith = (page: Page, name: string) => page.getByTestId('conversation').filter({ hasText: name });
const confirmIn = (page: Page, text: string, button: string) => page.getByRole('dialog').filter({ hasText: text }).getByRole('button', { name: button, exact: true });

/** A and B with a conversation in which A wrote and B accepted A's request, so both have it in their lists. */
async function conversingPair(request: APIRequestContext): Promise<[Member, Member]> {
  const [amara, bheki] = [await registerMember(request, 'Amara'), await registerMember(request, 'Bheki')];
  const room = await call<ChatRoom>(request, amara, 'post', '/chat/rooms', { user_id: bheki.session.user.id, name: `Chat with ${bheki.name}` });
  await call(request, amara, 'post', '/chat/messages', { chat_room_id: room.id, message: 'Coffee on Saturday?', type: 'text', client_id: `e2e-${digits(12)}` });
  await call(request, bheki, 'post', `/chat/rooms/${room.id}/accept`, {});
  return [amara, bheki];
}

// Every test registers the members it needs: none depends on what another blocked or reported.
test('A views B’s profile, blocks B: gone from search and chat for both, B cannot see A; A unblocks', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const [amara, bheki] = await conversingPair(request);
  const a = await memberPage(browser, amara);
  const b = await memberPage(browser, bheki);

  // B has the conversation with A in the list.
  await b.goto('/app/messages');
  await expect(conversationWith(b, amara.name)).toContainText('Coffee on Saturday?');

  // A opens B's profile: name, age, city.
  await a.goto(profilePath(bheki));
  await expect(a.getByRole('heading', { level: 1, name: 'Profile' })).toBeAttached();
  await expect(a.getByRole('heading', { level: 2, name: `${bheki.name}, ${ageOnDate(bheki.dateOfBirth)}` })).toBeVisible();
  await expect(a.getByText(/^Cape Town, Western Cape/)).toBeVisible();
  await expect(a.getByRole('img', { name: `Photo 1 of 1 of ${bheki.name}` })).toBeVisible();
  await expect(a.getByRole('button', { name: 'Message' })).toBeVisible();

  // A blocks B (after confirming) and leaves the page.
  await a.getByRole('button', { name: 'Profile options' }).click();
  await a.getByRole('menuitem', { name: 'Block' }).click();
  await confirmIn(a, `Block ${bheki.name}?`, 'Block').click();
  await expect(toast(a, 'Member blocked. You will no longer see each other.')).toBeVisible();
  await expect(a).not.toHaveURL(/\/app\/user\//);

  // The conversation disappears for B without a reload.
  await expect(conversationWith(b, amara.name)).toHaveCount(0);
  await expect(b.getByText('No conversations yet')).toBeVisible();

  // For A too, and B is not found by the member search.
  await a.goto('/app/messages');
  await expect(a.getByText('No conversations yet')).toBeVisible();
  await a.getByRole('searchbox', { name: 'Search users' }).fill(bheki.name);
  await expect(a.getByText(`No users found for`)).toBeVisible();
  await expect(a.getByRole('list', { name: 'Search results' })).toHaveCount(0);

  // B opening A's profile sees that it is not available.
  await b.goto(profilePath(amara));
  await expect(b.getByRole('heading', { level: 2, name: "This profile isn't available" })).toBeVisible();
  await expect(b.getByText(amara.name)).toHaveCount(0);

  // A unblocks B from Blocked Users.
  await a.goto('/app/blocked-users');
  await expect(a.getByRole('heading', { level: 1, name: 'Blocked Users' })).toBeVisible();
  const row = a.getByRole('list', { name: 'Blocked members' }).getByRole('listitem').filter({ hasText: bheki.name });
  await expect(row).toContainText('Blocked on');
  await row.getByRole('button', { name: `Unblock ${bheki.name}` }).click();
  await confirmIn(a, `Unblock ${bheki.name}?`, 'Unblock').click();
  await expect(toast(a, 'Member unblocked.')).toBeVisible();
  await expect(a.getByText("You haven't blocked anyone")).toBeVisible();

  // The conversation and the profile are back.
  await a.goto('/app/messages');
  await expect(conversationWith(a, bheki.name)).toContainText('Coffee on Saturday?');
  await b.goto(profilePath(amara));
  await expect(b.getByRole('heading', { level: 2, name: new RegExp(`^${amara.name}`) })).toBeVisible();

});

test('A reports C with a reason and details, also blocking: C is listed under Blocked Users', async ({ browser, request }) => {
  test.setTimeout(60_000);
  const [amara, chipo] = [await registerMember(request, 'Amara'), await registerMember(request, 'Chipo')];
  const a = await memberPage(browser, amara);
  await a.goto(profilePath(chipo));
  await expect(a.getByRole('heading', { level: 2, name: new RegExp(`^${chipo.name}`) })).toBeVisible();

  await a.getByRole('button', { name: 'Profile options' }).click();
  await a.getByRole('menuitem', { name: 'Report' }).click();
  const dialog = a.getByRole('dialog', { name: `Report ${chipo.name}` });
  await expect(dialog.getByRole('checkbox', { name: 'Also block this member' })).toBeChecked();

  await dialog.getByRole('radio', { name: 'Something else' }).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Tell us what happened.')).toBeVisible();
  await dialog.getByLabel('Details (required)').fill('Keeps asking for money to visit me.');
  await dialog.getByRole('button', { name: 'Send report' }).click();

  await expect(toast(a, 'Thank you. Our team will review your report, and the member has been blocked.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(a).not.toHaveURL(/\/app\/user\//);

  await a.goto('/app/blocked-users');
  await expect(a.getByRole('list', { name: 'Blocked members' })).toContainText(chipo.name);
  await a.goto(profilePath(chipo));
  await expect(a.getByRole('heading', { level: 2, name: "This profile isn't available" })).toBeVisible();
});

test.describe('accessibility', () => {
  test('the profile, its options, the report dialog and Blocked Users have no serious violations', async ({ browser, request }) => {
    test.setTimeout(60_000);
    const [bheki, chipo] = [await registerMember(request, 'Bheki'), await registerMember(request, 'Chipo')];
    const b = await memberPage(browser, bheki);
    await b.goto(profilePath(chipo));
    await expect(b.getByRole('heading', { level: 2, name: new RegExp(`^${chipo.name}`) })).toBeVisible();
    expect(await axeViolations(b)).toEqual([]);
    await b.getByRole('button', { name: 'Profile options' }).click();
    await expect(b.getByRole('menu', { name: 'Profile options' })).toBeVisible();
    expect(await axeViolations(b)).toEqual([]);
    await b.getByRole('menuitem', { name: 'Report' }).click();
    await expect(b.getByRole('dialog', { name: `Report ${chipo.name}` })).toBeVisible();
    expect(await axeViolations(b)).toEqual([]);
    await b.keyboard.press('Escape');

    await b.goto('/app/user/no-such-member');
    await expect(b.getByRole('heading', { level: 2, name: "This profile isn't available" })).toBeVisible();
    expect(await axeViolations(b)).toEqual([]);
    await b.goto('/app/blocked-users');
    await expect(b.getByRole('heading', { level: 1, name: 'Blocked Users' })).toBeVisible();
    await expect(b.getByText("You haven't blocked anyone").or(b.getByRole('list', { name: 'Blocked members' }))).toBeVisible();
    expect(await axeViolations(b)).toEqual([]);
  });
});
