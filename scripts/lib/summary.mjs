// Pure helpers of scripts/test-all.mjs: turn each step's outcome (exit code and, for the test
// runners, their JSON report) into passed/failed/skipped counts, and format the summary.
// No I/O here, so every rule is unit-tested (summary.test.mjs).

/** @typedef {{ passed: number, failed: number, skipped: number }} Counts */

/** @returns {Counts} */
export const zeroCounts = () => ({ passed: 0, failed: 0, skipped: 0 });

/**
 * A step that is one check (lint, typecheck, build): passed when it exited 0.
 * @param {number | null} exitCode
 * @returns {Counts}
 */
export function checkCounts(exitCode) {
  return exitCode === 0 ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 };
}

/**
 * Counts of a Vitest JSON report. A test file that failed without a failing test in it (an
 * import error, a failing hook) counts as one failed test, so a broken file is never silent.
 * @param {any} report
 * @returns {Counts}
 */
export function countVitest(report) {
  if (!report || typeof report !== 'object' || !Array.isArray(report.testResults)) {
    throw new Error('not a Vitest JSON report');
  }
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const file of report.testResults) {
    const tests = Array.isArray(file.assertionResults) ? file.assertionResults : [];
    let failedHere = 0;
    for (const test of tests) {
      if (test.status === 'passed') passed += 1;
      else if (test.status === 'failed') failedHere += 1;
      else skipped += 1; // skipped, pending, todo, disabled
    }
    if (file.status === 'failed' && failedHere === 0) failedHere = 1;
    failed += failedHere;
  }
  return { passed, failed, skipped };
}

/**
 * Counts of a Playwright JSON report. Flaky tests (failed, then passed on retry) count as
 * passed; errors outside any test (web server did not start, global setup threw) count as one
 * failure each.
 * @param {any} report
 * @returns {Counts}
 */
export function countPlaywright(report) {
  if (!report || typeof report !== 'object' || !report.stats || typeof report.stats !== 'object') {
    throw new Error('not a Playwright JSON report');
  }
  const n = (v) => (Number.isFinite(v) ? v : 0);
  const { expected, unexpected, flaky, skipped } = report.stats;
  const globalErrors = Array.isArray(report.errors) ? report.errors.length : 0;
  return {
    passed: n(expected) + n(flaky),
    failed: n(unexpected) + globalErrors,
    skipped: n(skipped),
  };
}

/** Number of tests a `playwright test --list --reporter=json` report lists. */
export function countListedPlaywrightTests(report) {
  let total = 0;
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) total += Array.isArray(spec.tests) ? spec.tests.length : 1;
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report?.suites ?? []) walk(suite);
  return total;
}

/**
 * Counts of a test-runner step from its exit code and the text of its JSON report (or null when
 * none was written). A run that crashed before writing a report is one failure; a run that
 * exited non-zero although its report shows no failure (unhandled error, no tests found) also
 * gets one failure, so the totals never claim success for a failed step.
 * @param {{ kind: 'vitest' | 'playwright', exitCode: number | null, reportText: string | null }} step
 * @returns {Counts & { note?: string }}
 */
export function runnerCounts({ kind, exitCode, reportText }) {
  if (reportText == null || reportText.trim() === '') {
    return { passed: 0, failed: 1, skipped: 0, note: 'no JSON report (crashed?)' };
  }
  let counts;
  try {
    const report = JSON.parse(reportText);
    counts = kind === 'vitest' ? countVitest(report) : countPlaywright(report);
  } catch (error) {
    return { passed: 0, failed: 1, skipped: 0, note: `unreadable JSON report: ${error.message}` };
  }
  if (exitCode !== 0 && counts.failed === 0) {
    return { ...counts, failed: 1, note: `exited ${exitCode ?? 'by signal'} without a failed test` };
  }
  return counts;
}

/**
 * What to do with the browser tests when Chromium is or is not there.
 * @param {{ chromiumAvailable: boolean, required: boolean }} opts
 * @returns {'run' | 'skip' | 'fail'}
 */
export function browserDecision({ chromiumAvailable, required }) {
  if (chromiumAvailable) return 'run';
  return required ? 'fail' : 'skip';
}

/** @param {Counts[]} list @returns {Counts} */
export function sumCounts(list) {
  return list.reduce(
    (acc, c) => ({ passed: acc.passed + c.passed, failed: acc.failed + c.failed, skipped: acc.skipped + c.skipped }),
    zeroCounts(),
  );
}

/** The closing line CI reads: `N passed, N failed`, plus `, N skipped` only when some were. */
export function summaryLine({ passed, failed, skipped }) {
  const line = `${passed} passed, ${failed} failed`;
  return skipped > 0 ? `${line}, ${skipped} skipped` : line;
}

/** 1234 → "1.2s", 75_000 → "1m15s". */
export function formatDuration(ms) {
  if (!Number.isFinite(ms) || ms < 0) return '-';
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)}s`;
  const totalSeconds = Math.round(ms / 1000);
  return `${Math.floor(totalSeconds / 60)}m${String(totalSeconds % 60).padStart(2, '0')}s`;
}

/**
 * A short fixed-width table of the steps.
 * @param {{ name: string, status: string, counts: Counts, durationMs: number, note?: string }[]} steps
 */
export function formatTable(steps) {
  const header = ['step', 'status', 'passed', 'failed', 'skipped', 'time'];
  const rows = steps.map((s) => [
    s.name,
    s.status,
    String(s.counts.passed),
    String(s.counts.failed),
    String(s.counts.skipped),
    formatDuration(s.durationMs),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const fmt = (cells) => cells.map((c, i) => (i === 0 || i === 1 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  const lines = [fmt(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(fmt)];
  steps.forEach((s, i) => {
    if (s.note) lines[i + 2] += `  (${s.note})`;
  });
  return lines.join('\n');
}

/** A step's status word from its counts. */
export function stepStatus(counts) {
  if (counts.failed > 0) return 'FAILED';
  if (counts.passed === 0 && counts.skipped > 0) return 'skipped';
  return 'ok';
}
