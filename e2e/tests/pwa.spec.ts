// The installable web app (PWA): the service worker at /sw.js precaches the app shell, so the app
// opens with no network and says "You're offline", and recovers by itself when the network returns.
import { expect, test } from '../support/test';
import { UI_TEXTS } from '@linkup/contract';
import { expectOnPage } from '../support/pages';
import { shellInstalled } from '../support/pwa';
import { signIn } from '../support/session';

test('the service worker installs and the app shell opens offline, then recovers', async ({ page, context, request }) => {
  await signIn(page, request);
  await page.goto('/app/dashboard');
  await expectOnPage(page, '/app/dashboard', 'Home');
  await shellInstalled(page);

  await context.setOffline(true);
  await page.reload();
  await expectOnPage(page, '/app/dashboard', 'Home');
  const banner = page.getByRole('status').filter({ hasText: UI_TEXTS.offline.title });
  await expect(banner).toBeVisible();

  // A page this tab never loaded opens from the shell too.
  await page.goto('/app/more');
  await expectOnPage(page, '/app/more', 'More');
  await expect(banner).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: UI_TEXTS.offline.backOnline })).toBeVisible();
  await expect(banner).toHaveCount(0);
  // Live data flows again: the account menu's own page loads from the API.
  await page.goto('/app/settings');
  await expectOnPage(page, '/app/settings', 'Settings');
});

test('the manifest passes Chromium’s installability checks', async ({ playwright, baseURL }, testInfo) => {
  // Chromium never offers to install from an incognito profile, which every test context is.
  const context = await playwright.chromium.launchPersistentContext(testInfo.outputPath('profile'), {
    ...testInfo.project.use.launchOptions,
    baseURL,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
    await shellInstalled(page);

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);

    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ name: 'LinkUp', short_name: 'LinkUp', start_url: '/app/dashboard', display: 'standalone' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
    for (const icon of manifest.icons as { src: string }[]) {
      const response = await page.request.get(icon.src);
      expect(response.status(), icon.src).toBe(200);
      expect(response.headers()['content-type']).toBe('image/png');
    }
  } finally {
    await context.close();
  }
});
