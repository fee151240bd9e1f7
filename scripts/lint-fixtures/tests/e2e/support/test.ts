// The support `test` (a stand-in for e2e/support/test.ts): it may import Playwright's own.
import { test as base } from '@playwright/test';

export const test = base;
export { expect } from '@playwright/test';
