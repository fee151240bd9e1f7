// Lint rules for the tests themselves (docs/testing.md "Rules"), used by eslint.config.js and
// proved by scripts/lint-tests.test.mjs on scripts/lint-fixtures/tests:
// - No fixed sleeps: a test waits for a condition (`until`, `drained(app, socket)`, an ack,
//   Playwright's auto-waiting `expect`) or moves the injected clock — never for a number of
//   milliseconds. A test of time itself (a throttle, a debounce) disables the rule on that line
//   with its reason: `// eslint-disable-next-line no-restricted-syntax -- <why time is the subject>`.
// - Every end-to-end spec takes `test` from e2e/support/test.ts, which adds the accessibility check
//   (and the backend skips) to every test.

/** Test files: Vitest's everywhere, and everything under e2e (specs and their support). */
export const TEST_FILES = ['**/*.test.{ts,tsx,mjs}', 'e2e/**/*.ts'];

/** End-to-end specs. */
export const E2E_SPECS = ['e2e/tests/**/*.spec.ts'];

const WAIT_INSTEAD = 'Wait for a condition (until, drained(app, socket), an ack, Playwright\'s expect) or move the injected clock (ManualClock, SteppingClock); a test of time itself disables this line with its reason.';

/** `no-restricted-syntax` entries that refuse fixed sleeps. */
export const NO_FIXED_SLEEPS = [
  {
    // new Promise((r) => setTimeout(r, 50)), also inside act(…) or a helper; a timeout that only
    // rejects (a deadline on waiting for something) is not a sleep.
    selector: "NewExpression[callee.name='Promise'] CallExpression:matches([callee.name='setTimeout'], [callee.property.name='setTimeout']):not(:has(CallExpression[callee.name='reject']))",
    message: `A promise that resolves after a timer is a fixed sleep. ${WAIT_INSTEAD}`,
  },
  {
    selector: "CallExpression[callee.property.name='waitForTimeout']",
    message: `waitForTimeout is a fixed sleep. ${WAIT_INSTEAD}`,
  },
  {
    selector: "ImportDeclaration[source.value=/^(node:)?timers\\u002Fpromises$/], ImportExpression[source.value=/^(node:)?timers\\u002Fpromises$/]",
    message: `node:timers/promises gives sleeps (setTimeout(ms)). ${WAIT_INSTEAD}`,
  },
  {
    selector: "AwaitExpression > CallExpression:matches([callee.name=/^(setTimeout|sleep|delay|pause)$/], [callee.property.name=/^(sleep|delay|pause)$/])",
    message: `Awaiting a sleep helper is a fixed sleep. ${WAIT_INSTEAD}`,
  },
];

export function testRules() {
  return [
    {
      files: TEST_FILES,
      rules: { 'no-restricted-syntax': ['error', ...NO_FIXED_SLEEPS] },
    },
    {
      files: E2E_SPECS,
      rules: {
        'no-restricted-imports': ['error', {
          paths: [{
            name: '@playwright/test', importNames: ['test'],
            message: "Specs import `test` from e2e/support/test.ts: it checks every page a test leaves open with axe-core.",
          }],
        }],
      },
    },
  ];
}
