// Spec §2: every page change scrolls to the top.
import { expect, test } from '../support/test';
import { expectOnPage } from '../support/pages';
import { signIn } from '../support/session';

test.use({ viewport: { width: 390, height: 420 } });

test('following a link from far down a page lands at the top of the next page', async ({ page, request }) => {
  await signIn(page, request);
  await page.goto('/app/more');
  await expectOnPage(page, '/app/more', 'More');

  // Keep the document tall on every page, so only a deliberate scroll-to-top can bring it to 0.
  await page.evaluate(() => {
    document.documentElement.style.minHeight = '4000px';
  });
  const terms = page.getByRole('link', { name: /^Terms of Service/ });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await terms.scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);

  await terms.click();
  await expectOnPage(page, '/app/terms', 'Terms of Service');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
