// Accessibility smoke test: axe-core finds no critical violations on key screens.
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { expectOnPage } from '../support/pages';
import { signIn } from '../support/session';

// axe is injected as an inline script, which the app's Content-Security-Policy rightly forbids.
test.use({ bypassCSP: true });

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

async function violations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: axePath });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
}

async function expectNoCriticalViolations(page: Page): Promise<void> {
  const found = await violations(page);
  if (found.length) {
    test.info().annotations.push({
      type: 'axe',
      description: found
        .map((v) => `${v.impact}: ${v.id} (${v.help}) at ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`)
        .join('; '),
    });
  }
  const critical = found.filter((v) => v.impact === 'critical');
  expect(critical.map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('the sign-in page has no critical accessibility violations', async ({ page }) => {
  await page.goto('/auth/login');
  await expectOnPage(page, '/auth/login', 'Welcome Back');
  await expectNoCriticalViolations(page);
});

test('the More screen has no critical accessibility violations', async ({ page, request }) => {
  await signIn(page, request);
  await page.goto('/app/more');
  await expectOnPage(page, '/app/more', 'More');
  await expectNoCriticalViolations(page);
});

for (const [path, title] of [
  ['/auth/login?method=whatsapp', 'Welcome Back'],
  ['/auth/register', 'Join LinkUp'],
  ['/auth/forgot-password', 'Reset Password'],
  ['/auth/reset-password?token=t&mobile=%2B27841234567', 'New Password'],
] as const) {
  test(`${path} has no critical accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expectOnPage(page, new URL(path, 'http://x').pathname, title);
    await expectNoCriticalViolations(page);
  });
}
