// The `test` every spec imports: Playwright's, plus two rules that hold for all of them.
// - Accessibility: once a test has passed, every app page it left open (its `page`, and pages of
//   contexts it opened itself) is checked with axe-core; a serious or critical violation fails the
//   test. Contexts a test opened are closed here, after the check.
// - Backends: the `postgres-redis` project's tests are skipped, with the reason and the command
//   that enables them, when TEST_DATABASE_URL and REDIS_URL are not set.
import { test as base, type BrowserContext } from '@playwright/test';
import { POSTGRES_PROJECT, POSTGRES_SKIP_REASON, postgresEnabled } from './backends';
import { axeViolations } from './pages';

export const test = base.extend<{ backend: void; accessibility: void }>({
  backend: [
    // (Its argument names an option fixture only because a fixture must destructure one.)
    async ({ baseURL: _baseURL }, use, testInfo) => {
      testInfo.skip(testInfo.project.name === POSTGRES_PROJECT && !postgresEnabled(), POSTGRES_SKIP_REASON);
      await use();
    },
    { auto: true },
  ],
  accessibility: [
    async ({ backend: _backend, browser, context }, use, testInfo) => {
      const before = new Set<BrowserContext>(browser.contexts());
      await use();
      const opened = browser.contexts().filter((c) => !before.has(c));
      try {
        if (testInfo.status !== 'passed') return;
        const problems: string[] = [];
        for (const page of [context, ...opened].flatMap((c) => c.pages())) {
          if (page.isClosed()) continue;
          const url = new URL(page.url());
          // Only the app's own pages: not about:blank, not an API answer a test left open.
          if (!/^https?:$/.test(url.protocol) || url.pathname.startsWith('/api/')) continue;
          for (const violation of await axeViolations(page)) problems.push(`${url.pathname}: ${violation}`);
        }
        if (problems.length > 0) {
          throw new Error(`serious or critical accessibility violations (axe-core) on the pages this test left open:\n  ${problems.join('\n  ')}`);
        }
      } finally {
        await Promise.all(opened.map((c) => c.close()));
      }
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
export { BACKENDS_TAG } from './backends';
export type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
