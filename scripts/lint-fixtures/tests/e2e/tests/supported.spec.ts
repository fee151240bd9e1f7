// A spec with the support `test` (accessibility checked) that waits for what it expects.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';

test('waits for the page', async ({ page }: { page: Page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
