// The feed end to end (issue 13): two members in two browser contexts. A publishes a post; B finds
// it in the feed, likes it, unlikes it and likes it again; A's bell and Feed tab badges rise without
// a reload; A opens the bell's inbox, the badges clear, and the like leads to the post (issue 32);
// A edits and then deletes the post.
// Also: the demo account's seeded feed and notifications.
import { expect, test, type Browser, type Page } from '../support/test';
import { axeViolations, expectOnPage, tabBar } from '../support/pages';
import { signIn, storeSession } from '../support/session';
import { matchingMember, type MatchingMember } from '../support/matching';
import { pngBuffer } from '../support/onboarding';

async function memberPage(browser: Browser, member: MatchingMember): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await storeSession(page, member.session);
  return page;
}

// axe is injected as a script, which the app's Content-Security-Policy rightly forbids.
test.use({ bypassCSP: true });

const likeButton = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^(Like|Unlike) ${name}'s post`) });
const feedBadge = (page: Page) => tabBar(page).getByTestId('feed-badge');
const bellBadge = (page: Page) => page.getByRole('banner').getByTestId('bell-badge');

test('two members: A posts, B likes, unlikes and likes again; A sees the badge rise, reads it, edits and deletes', async ({ browser, request }) => {
  test.setTimeout(120_000);
  // Ages no other test uses, so an age filter finds A's post at once.
  const a = await matchingMember(request, 'Ayanda', { dateOfBirth: '1968-03-09' });
  const b = await matchingMember(request, 'Bonga', { dateOfBirth: '1970-11-21' });
  const pageA = await memberPage(browser, a);
  const pageB = await memberPage(browser, b);

  // A creates a post from the Feed tab; the form has no tab bar and starts from A's profile.
  await pageA.goto('/app/feed');
  await expectOnPage(pageA, '/app/feed', 'Feed');
  await pageA.getByRole('link', { name: 'Create your post' }).click();
  await expectOnPage(pageA, '/app/feed/create', 'Create Post');
  await expect(tabBar(pageA)).toHaveCount(0);
  const form = pageA.getByRole('form', { name: 'Create your post' });
  await expect(form).toContainText(a.name);
  // The partner starts from A's dating preferences (18–99), not the form's 18–35 (issue 32).
  await expect(form.getByLabel('Minimum age')).toHaveValue('18');
  await expect(form.getByLabel('Maximum age')).toHaveValue('99');
  await expect(form.getByRole('list', { name: 'Photos of the post' }).getByRole('img')).toHaveCount(1);
  // A new photo through the app's photo picker, not a raw "Choose File" (issue 32 item 8).
  const chooser = pageA.waitForEvent('filechooser');
  await form.getByTestId('post-photo-pick').click();
  await (await chooser).setFiles({ name: 'sea.png', mimeType: 'image/png', buffer: pngBuffer(96, [30, 120, 200]) });
  await expect(form.getByRole('list', { name: 'Photos of the post' }).getByRole('img')).toHaveCount(2);
  await form.getByLabel('About me').fill('Sunrise swims and slow Sunday markets. Say hi!');
  await form.getByLabel('Maximum age').selectOption('99');
  await form.getByRole('button', { name: 'Publish post' }).click();
  await expectOnPage(pageA, '/app/feed', 'Feed');
  const own = pageA.getByRole('article', { name: 'Your post' });
  await expect(own).toContainText('Sunrise swims and slow Sunday markets.');
  await expect(own).toContainText('0 likes');
  // Only the welcome every new member finds in the inbox is new (the bell's): A's own post adds nothing.
  await expect(bellBadge(pageA)).toHaveText('1');
  await expect(feedBadge(pageA)).toHaveCount(0);
  await pageA.getByRole('link', { name: 'Home' }).first().click();
  await expectOnPage(pageA, '/app/dashboard', 'Home');

  // B finds the post (filtered to A's age) and likes it: count 1; unlike: 0; like again: 1.
  await pageB.goto('/app/feed');
  await expectOnPage(pageB, '/app/feed', 'Feed');
  await pageB.getByRole('button', { name: 'Filters' }).click();
  const filters = pageB.getByRole('form', { name: 'Feed filters' });
  await filters.getByLabel('Minimum age').selectOption(String(a.age));
  await filters.getByLabel('Maximum age').selectOption(String(a.age));
  await filters.getByRole('button', { name: 'Show posts' }).click();
  const post = pageB.getByRole('article', { name: a.name });
  await expect(post).toContainText('Sunrise swims and slow Sunday markets.');
  await expect(post.getByRole('img', { name: `Photo of ${a.name}` })).toBeVisible();
  const like = likeButton(pageB, a.name);
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveAccessibleName(/1 like$/);
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(like).toHaveAccessibleName(/0 likes$/);
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveAccessibleName(/1 like$/);

  // Without a reload A's bell rises to 2 (the welcome, and one notification for like-unlike-like),
  // the Feed tab's badge to 1 (the like on the post); nothing on Matches.
  await expect(bellBadge(pageA)).toHaveText('2');
  await expect(feedBadge(pageA)).toHaveText('1');
  await expect(tabBar(pageA).getByTestId('matches-badge')).toHaveCount(0);

  // A opens the bell: the like is there, marked new; the badges clear.
  await pageA.getByRole('link', { name: 'Notifications, 2 unread' }).click();
  await expectOnPage(pageA, '/app/notifications', 'Notifications');
  const inbox = pageA.getByRole('list', { name: 'Notifications' });
  await expect(inbox.getByRole('button')).toHaveCount(2);
  await expect(inbox.getByRole('button').first()).toContainText(`${b.name} liked your post.`);
  await expect(inbox.getByRole('button').first()).toContainText('New');
  await expect(bellBadge(pageA)).toHaveCount(0);
  await expect(feedBadge(pageA)).toHaveCount(0);

  // Opening it goes to the post, with its like.
  await inbox.getByRole('button').first().click();
  await expect(pageA).toHaveURL(/\/app\/feed\/posts\/[\w-]+$/);
  await expect(pageA.getByRole('article', { name: a.name })).toContainText('1 like');

  // A edits the post…
  await pageA.goto('/app/feed');
  await pageA.getByRole('article', { name: 'Your post' }).getByRole('link', { name: 'Edit' }).click();
  await expectOnPage(pageA, '/app/feed/edit', 'Edit Post');
  const edit = pageA.getByRole('form', { name: 'Edit your post' });
  await expect(edit.getByLabel('About me')).toHaveValue('Sunrise swims and slow Sunday markets. Say hi!');
  await edit.getByLabel('About me').fill('Edited: sunset hikes now too.');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expectOnPage(pageA, '/app/feed', 'Feed');
  await expect(pageA.getByRole('article', { name: 'Your post' })).toContainText('Edited: sunset hikes now too.');

  // …and deletes it (after confirming): the feed offers to create one again, and B no longer sees it.
  await pageA.getByRole('article', { name: 'Your post' }).getByRole('button', { name: 'Delete' }).click();
  await pageA.getByRole('dialog').getByRole('button', { name: 'Delete post' }).click();
  await expect(pageA.getByRole('link', { name: 'Create your post' })).toBeVisible();
  await expect(pageA.getByRole('article', { name: 'Your post' })).toHaveCount(0);
  await pageB.reload();
  await expectOnPage(pageB, '/app/feed', 'Feed');
  await expect(pageB.getByRole('article', { name: a.name })).toHaveCount(0);

  await pageA.context().close();
  await pageB.context().close();
});

test('a member without saved dating preferences is asked to set them first', async ({ browser, request }) => {
  const m = await matchingMember(request, 'Nandi', { dateOfBirth: '1967-05-30' });
  const reset = await request.delete('/api/preferences/reset', { headers: { Authorization: `Bearer ${m.session.token}` } });
  expect(reset.status(), await reset.text()).toBe(200);
  const page = await memberPage(browser, m);
  await page.goto('/app/feed');
  await expectOnPage(page, '/app/feed', 'Feed');
  await expect(page.getByText('Set your dating preferences first')).toBeVisible();
  await expect(page.getByText('Failed to load feed')).toHaveCount(0);
  await page.getByRole('link', { name: 'Set preferences' }).click();
  await expectOnPage(page, '/app/preferences', 'Dating Preferences');
  await page.context().close();
});

test('on a desktop a feed photo is at most 60% of the window high (issue 32)', async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, request);
  await page.goto('/app/feed');
  const photo = page.getByRole('feed', { name: 'Posts' }).getByRole('article').first().getByRole('img', { name: /^Photo of / }).first();
  await expect(photo).toBeVisible();
  const box = await photo.boundingBox();
  expect(box!.height).toBeGreaterThan(100);
  expect(box!.height).toBeLessThanOrEqual(900 * 0.6 + 1);
});

test('the demo account finds a seeded feed, its own post and notifications; no serious accessibility violations', async ({ page, request }) => {
  // Three pages, each with an accessibility scan (the inbox is its own page since issue 32).
  test.setTimeout(60_000);
  await signIn(page, request);
  await page.goto('/app/feed');
  await expectOnPage(page, '/app/feed', 'Feed');
  await expect(page.getByRole('article', { name: 'Your post' })).toBeVisible();
  await expect(page.getByRole('feed', { name: 'Posts' }).getByRole('article').first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('banner').getByRole('link', { name: /^Notifications/ }).click();
  await expect(page.getByRole('list', { name: 'Notifications' }).getByRole('button').first()).toContainText('liked your post.');
  expect(await axeViolations(page)).toEqual([]);
  await page.goto('/app/feed/edit');
  await expect(page.getByRole('form', { name: 'Edit your post' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
