// The push explanation at a moment that makes sense (issue 32 item 7), in a browser that was never
// asked: a member's first message sent brings "Turn on notifications?" and "Not now" closes it
// ("Not now" keeping it away a week is a unit test: use-native-push-web.test.tsx). Every other spec
// starts as a member who already said "Not now" (playwright.config.ts).
import { UI_TEXTS } from '@linkup/contract';
import { expect, test } from '../support/test';
import { fullChromium } from '../support/browser';
import { newMember, registerThroughApi, toast } from '../support/accounts';
import { completeOnboardingThroughApi } from '../support/onboarding';
import { storeSession } from '../support/session';

// Web Push and the notification permission: the full browser, not the headless shell (support/browser.ts).
test.use(fullChromium);

const tag = () => Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

test('the first message sent explains push first; "Not now" closes the explanation', async ({ browser, request }) => {
  test.setTimeout(60_000);
  const member = async (first: string) => {
    const name = `${first} Prompt${tag()}`;
    const registered = await registerThroughApi(request, { ...newMember(`prompt-${first.toLowerCase()}`), name, mobile: `+2787${digits(7)}` });
    return { name, session: await completeOnboardingThroughApi(request, registered) };
  };
  const [lwazi, zola] = [await member('Lwazi'), await member('Zola')];
  const page = await (await browser.newContext({ storageState: { cookies: [], origins: [] } })).newPage();
  await storeSession(page, lwazi.session);

  await page.goto('/app/messages');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(zola.name);
  await page.getByRole('list', { name: 'Search results' }).getByRole('button', { name: new RegExp(zola.name) }).click();
  await expect(toast(page, 'Chat started successfully')).toBeVisible();
  const composer = page.getByPlaceholder('Type a message...');
  await composer.fill('Hello Zola');
  await composer.press('Enter');

  const prompt = page.getByRole('alertdialog', { name: UI_TEXTS.pushPrompt.title }).or(page.getByRole('dialog', { name: UI_TEXTS.pushPrompt.title }));
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText(UI_TEXTS.pushPrompt.body);
  await prompt.getByRole('button', { name: UI_TEXTS.pushPrompt.later }).click();
  await expect(prompt).toHaveCount(0);

  // The message it followed is sent, and the chat is the member's again.
  await expect(page.getByTestId('message').filter({ hasText: 'Hello Zola' })).toBeVisible();
  await expect(composer).toBeEditable();
});
