// A spec that takes Playwright's own `test` skips the accessibility check: refused.
import { expect, test } from '@playwright/test'; // refused

test('waits a fixed time', async ({ page }) => {
  await page.goto('/');
  await page.waitForTimeout(500); // refused
  await expect(page).toHaveTitle(/LinkUp/);
});
