// Help and legal end to end (issue 4, "Help and legal"): the help index, the searchable FAQ, the
// contact form and its confirmation, and the legal pages.
import { expect, test } from '../support/test';
import { latestMessage } from '../support/accounts';
import { expectOnPage } from '../support/pages';
import { signIn } from '../support/session';
import { onboardedMemberOn } from '../support/settings';

test('the help index leads to the FAQ, Contact Us and the legal pages', async ({ page, request }) => {
  await signIn(page, request);
  await page.goto('/app/help');
  await expectOnPage(page, '/app/help', 'Help & Support');
  for (const [label, path, title] of [
    ['FAQ', '/app/help/faq', 'FAQ'], ['Contact Us', '/app/help/contact', 'Contact Us'],
    ['Privacy Policy', '/app/privacy-policy', 'Privacy Policy'], ['Terms of Service', '/app/terms', 'Terms of Service'],
  ] as const) {
    await page.getByRole('link', { name: new RegExp(`^${label}`) }).click();
    await expectOnPage(page, path, title);
    await page.goBack();
    await expectOnPage(page, '/app/help', 'Help & Support');
  }
});

test('the FAQ search filters the questions, and a question opens to its answer', async ({ page, request }) => {
  await signIn(page, request);
  await page.goto('/app/help/faq');
  await expectOnPage(page, '/app/help/faq', 'FAQ');
  const questions = page.locator('.faq-toggle');
  await expect(questions.first()).toBeVisible();
  const all = await questions.count();
  expect(all).toBeGreaterThanOrEqual(15);

  await page.getByRole('searchbox', { name: 'Search the FAQ' }).fill('BLOCK');
  await expect(page.getByRole('status').filter({ hasText: /match “BLOCK”/ })).toBeVisible();
  await expect.poll(() => questions.count()).toBeLessThan(all);
  const block = page.getByRole('button', { name: 'What happens when I block someone?' });
  await expect(block).toBeVisible();
  await expect(page.getByRole('button', { name: 'How do I cancel my subscription?' })).toHaveCount(0);
  await block.click();
  await expect(page.getByRole('region', { name: 'What happens when I block someone?' })).toContainText('They are not told that you blocked them.');

  await page.getByRole('searchbox', { name: 'Search the FAQ' }).fill('xylophone');
  await expect(page.getByText('No answers match “xylophone”.')).toBeVisible();
  await expect(questions).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search the FAQ' }).fill('');
  await expect(questions).toHaveCount(all);
});

test('the contact form is sent to the support team and confirmed', async ({ page, request }) => {
  const { member } = await onboardedMemberOn(page, request, 'contact');
  await page.goto('/app/help/contact');
  await expectOnPage(page, '/app/help/contact', 'Contact Us');
  const form = page.getByRole('form', { name: 'Contact us' });
  await expect(form).toContainText(member.email);
  await form.getByLabel('Subject', { exact: true }).fill('Hi');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Use at least 3 characters.')).toBeVisible();

  const subject = `Photo upload question ${Date.now()}`;
  await form.getByLabel('Subject', { exact: true }).fill(subject);
  await form.getByLabel('Message', { exact: true }).fill('My photo upload keeps failing on my phone. What formats can I use?');
  await form.getByRole('button', { name: 'Send message' }).click();
  const confirmation = page.getByRole('status').filter({ hasText: 'Message sent' });
  await expect(confirmation).toBeVisible();
  await expect(confirmation).toContainText('your message has reached our support team');
  await expect(form).toHaveCount(0);

  const mail = await latestMessage(request, 'support@linkup.app', (m) => m.subject === `[LinkUp support] ${subject}`);
  expect(mail.body).toContain(member.email);
  expect(mail.body).toContain('My photo upload keeps failing on my phone.');
});

test('the privacy policy and terms are real documents with a "Last updated" date', async ({ page, request }) => {
  await signIn(page, request);
  await page.goto('/app/privacy-policy');
  await expectOnPage(page, '/app/privacy-policy', 'Privacy Policy');
  await expect(page.getByText(/^Last updated:/)).toBeVisible();
  for (const heading of ['What we collect', 'How long we keep it', 'Your choices and rights']) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  await page.goto('/app/terms');
  await expectOnPage(page, '/app/terms', 'Terms of Service');
  await expect(page.getByText(/^Last updated:/)).toBeVisible();
  await expect(page.getByText('You must be at least 18 years old.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Rules of conduct' })).toBeVisible();
});
