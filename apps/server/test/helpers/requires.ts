// Options for a describe block or test that needs something this run may not have (Redis,
// PostgreSQL, a dialect, a build feature). Without it the block is skipped, and the reason —
// with the command that enables it — travels in the test's meta to the JSON report, where
// `npm test`'s summary prints it (scripts/lib/summary.mjs). Never skip silently.
import { testDialect } from './database';

declare module '@vitest/runner' {
  interface TaskMeta {
    /** Why the test was skipped, printed by the summary of `npm test`. */
    skipReason?: string;
  }
}

export interface Requirement {
  skip: boolean;
  meta: { skipReason: string };
}

const ENABLE: Record<'REDIS_URL' | 'TEST_DATABASE_URL', string> = {
  REDIS_URL: 'REDIS_URL=redis://127.0.0.1:6379',
  TEST_DATABASE_URL: 'TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test',
};

/** Runs only when every one of these variables is set. */
export function needsEnv(...names: (keyof typeof ENABLE)[]): Requirement {
  const missing = names.filter((name) => !process.env[name]);
  return {
    skip: missing.length > 0,
    meta: { skipReason: `${names.join(' and ')} not set (enable: ${names.map((n) => ENABLE[n]).join(' ')} npm test)` },
  };
}

/** Runs only on the given dialect's pass of the server suite. */
export function onlyOn(dialect: 'sqlite' | 'postgres'): Requirement {
  return { skip: testDialect() !== dialect, meta: { skipReason: `${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} only (this pass runs the other dialect)` } };
}

/** Runs only when `condition` holds; `reason` says what is missing when it does not. */
export function onlyIf(condition: boolean, reason: string): Requirement {
  return { skip: !condition, meta: { skipReason: reason } };
}

/** Runs only when every requirement holds; the reason is the first one missing. */
export function allOf(...requirements: Requirement[]): Requirement {
  const missing = requirements.find((r) => r.skip);
  return missing ?? { skip: false, meta: { skipReason: requirements.map((r) => r.meta.skipReason).join('; ') } };
}
