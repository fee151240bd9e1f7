// Pure helpers of scripts/test-all.mjs: turn each step's outcome (exit code and, for the test
// runners, their JSON report) into passed/failed/skipped counts, and format the summary.
// No I/O here, so every rule is unit-tested (summary.test.mjs).

/**
 * `flaky` tests are also counted in `passed` (they passed, on a retry); they are shown apart so a
 * pass on retry is never mistaken for a clean pass.
 * @typedef {{ passed: number, failed: number, skipped: number, flaky: number }} Counts
 */

/**
 * What a runner's report says beyond the counts: which tests failed (with the first line of why),
 * which passed only on a retry, and why tests were skipped (reason → how many).
 * @typedef {{ failedTests?: string[], flakyTests: string[], skipReasons: Record<string, number> }} Details
 */

/** @returns {Counts} */
export const zeroCounts = () => ({ passed: 0, failed: 0, skipped: 0, flaky: 0 });

/** @returns {Details} */
export const noDetails = () => ({ failedTests: [], flakyTests: [], skipReasons: {} });

/** Reason given for tests skipped without one (a bare `.skip`). */
export const NO_REASON = 'no reason given';

const addReason = (reasons, reason, n = 1) => {
  reasons[reason] = (reasons[reason] ?? 0) + n;
};

/** The first non-empty line of a failure message, cut to 200 characters (no ANSI colours). */
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const firstLine = (message) => {
  const text = String(message ?? '').replace(ANSI_COLOUR, '');
  const line = text.split('\n').map((l) => l.trim()).find((l) => l.length > 0) ?? '';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
};
const withWhy = (name, message) => {
  const why = firstLine(message);
  return why ? `${name} — ${why}` : name;
};

/**
 * A step that is one check (lint, typecheck, build): passed when it exited 0.
 * @param {number | null} exitCode
 * @returns {Counts}
 */
export function checkCounts(exitCode) {
  return exitCode === 0 ? { ...zeroCounts(), passed: 1 } : { ...zeroCounts(), failed: 1 };
}

/**
 * Counts of a Vitest JSON report. A test file that failed without a failing test in it (an
 * import error, a failing hook) counts as one failed test, so a broken file is never silent.
 * A skipped test's reason is its `meta.skipReason` (set on the describe block that skips it, see
 * apps/server/test/helpers/requires.ts); a skip without one is listed as such, with its file.
 * @param {any} report
 * @param {string} [root] stripped from file paths in the reasons
 * @returns {Counts & Details}
 */
export function countVitest(report, root = '') {
  if (!report || typeof report !== 'object' || !Array.isArray(report.testResults)) {
    throw new Error('not a Vitest JSON report');
  }
  const counts = zeroCounts();
  const skipReasons = {};
  const failedTests = [];
  for (const file of report.testResults) {
    const tests = Array.isArray(file.assertionResults) ? file.assertionResults : [];
    const fileName = relative(file.name, root);
    let failedHere = 0;
    for (const test of tests) {
      if (test.status === 'passed') counts.passed += 1;
      else if (test.status === 'failed') {
        failedHere += 1;
        failedTests.push(withWhy(`${fileName} › ${test.fullName ?? test.title}`, test.failureMessages?.[0]));
      } else {
        // skipped, pending, todo, disabled
        counts.skipped += 1;
        const reason = test.meta?.skipReason;
        addReason(skipReasons, typeof reason === 'string' && reason ? reason : `${NO_REASON} (${relative(file.name, root)})`);
      }
    }
    if (file.status === 'failed' && failedHere === 0) {
      failedHere = 1;
      failedTests.push(withWhy(`${fileName} (the file failed outside its tests)`, file.message));
    }
    counts.failed += failedHere;
  }
  return { ...counts, failedTests, flakyTests: [], skipReasons };
}

/**
 * How many tests of a Vitest report belong to files under `dir` (all statuses): the tests a
 * project over those files would run.
 * @param {any} report
 * @param {string} dir
 */
export function countVitestTestsUnder(report, dir) {
  const prefix = dir.endsWith('/') ? dir : `${dir}/`;
  let total = 0;
  for (const file of report?.testResults ?? []) {
    if (typeof file.name === 'string' && file.name.startsWith(prefix)) total += file.assertionResults?.length ?? 0;
  }
  return total;
}

const relative = (file, root) => (root && typeof file === 'string' && file.startsWith(root) ? file.slice(root.length).replace(/^\/+/, '') : String(file));

/**
 * Counts of a Playwright JSON report. Flaky tests (failed, then passed on retry) count as passed
 * and are also counted and named apart; errors outside any test (web server did not start, global
 * setup threw) count as one failure each. A skipped test's reason is its `skip` annotation.
 * @param {any} report
 * @returns {Counts & Details}
 */
export function countPlaywright(report) {
  if (!report || typeof report !== 'object' || !report.stats || typeof report.stats !== 'object') {
    throw new Error('not a Playwright JSON report');
  }
  const n = (v) => (Number.isFinite(v) ? v : 0);
  const { expected, unexpected, flaky, skipped } = report.stats;
  const globalErrors = Array.isArray(report.errors) ? report.errors.length : 0;
  const flakyTests = [];
  const failedTests = [];
  const skipReasons = {};
  walkPlaywright(report, (test, titles, file) => {
    const name = `${[file, ...titles].join(' › ')}${test.projectName ? ` [${test.projectName}]` : ''}`;
    if (test.status === 'flaky') flakyTests.push(name);
    if (test.status === 'unexpected') {
      const last = (test.results ?? []).at(-1);
      failedTests.push(withWhy(name, last?.error?.message ?? last?.errors?.[0]?.message));
    }
    if (test.status === 'skipped') {
      const annotations = [...(test.annotations ?? []), ...(test.results ?? []).flatMap((r) => r.annotations ?? [])];
      const reason = annotations.find((a) => (a.type === 'skip' || a.type === 'fixme') && a.description)?.description;
      addReason(skipReasons, reason ?? `${NO_REASON} (${file})`);
    }
  });
  return {
    passed: n(expected) + n(flaky),
    failed: n(unexpected) + globalErrors,
    skipped: n(skipped),
    flaky: n(flaky),
    failedTests: [...failedTests, ...(Array.isArray(report.errors) ? report.errors.map((e) => withWhy('(outside any test)', e?.message)) : [])],
    flakyTests,
    skipReasons,
  };
}

/** Calls `visit(test, titles, file)` for every test (one per project) of a Playwright report. */
function walkPlaywright(report, visit) {
  const walk = (suite, titles, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) visit(test, [...titles, spec.title], spec.file ?? file);
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title], file);
  };
  // Top-level suites are files: their title is the file name, which `file` already says.
  for (const suite of report?.suites ?? []) walk(suite, [], suite.file ?? suite.title);
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
 * none was written). A run that crashed before writing a report is one failure, and `neverRan`
 * (how many tests the runner lists, when known) says how many tests that crash left unrun; a
 * run that exited non-zero although its report shows no failure (unhandled error, no tests
 * found) also gets one failure, so the totals never claim success for a failed step.
 * @param {{ kind: 'vitest' | 'playwright', exitCode: number | null, reportText: string | null, root?: string, neverRan?: number | null }} step
 * @returns {Counts & Details & { note?: string, neverRan?: number }}
 */
export function runnerCounts({ kind, exitCode, reportText, root = '', neverRan = null }) {
  if (reportText == null || reportText.trim() === '') {
    const known = Number.isFinite(neverRan);
    const unrun = known ? `; ${neverRan} tests never ran` : '; how many tests never ran is unknown';
    return { ...zeroCounts(), failed: 1, ...noDetails(), note: `no JSON report (crashed?)${unrun}`, ...(known ? { neverRan } : {}) };
  }
  let counts;
  try {
    const report = JSON.parse(reportText);
    counts = kind === 'vitest' ? countVitest(report, root) : countPlaywright(report);
  } catch (error) {
    return { ...zeroCounts(), failed: 1, ...noDetails(), note: `unreadable JSON report: ${error.message}` };
  }
  if (exitCode !== 0 && counts.failed === 0) {
    return { ...counts, failed: 1, note: `exited ${exitCode ?? 'by signal'} without a failed test` };
  }
  return counts;
}

/**
 * Tests that passed only on a retry in this run and in the run before: flaky twice in a row,
 * which the summary counts as failed (once is shown, twice is a bug to fix).
 * @param {string[]} previous names of the previous run's flaky tests
 * @param {string[]} current names of this run's flaky tests
 */
export function flakyTwice(previous, current) {
  const before = new Set(previous);
  return current.filter((name) => before.has(name));
}

/**
 * The steps with each test flaky twice in a row (flakyTwice) moved from its step's passed to its
 * failed, so the step table shows that step FAILED as the totals do (issue 28 item 9).
 * @template {{ counts: Counts, details?: Details, status: string, note?: string }} S
 * @param {S[]} steps
 * @param {string[]} repeated
 * @returns {S[]}
 */
export function countRepeatedAsFailed(steps, repeated) {
  const twice = new Set(repeated);
  return steps.map((step) => {
    const n = (step.details?.flakyTests ?? []).filter((name) => twice.has(name)).length;
    if (n === 0) return step;
    const counts = { ...step.counts, passed: step.counts.passed - n, failed: step.counts.failed + n };
    const note = [step.note, `${n} flaky twice in a row`].filter(Boolean).join('; ');
    return { ...step, counts, status: stepStatus(counts), note };
  });
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
    (acc, c) => ({
      passed: acc.passed + c.passed,
      failed: acc.failed + c.failed,
      skipped: acc.skipped + c.skipped,
      flaky: acc.flaky + (c.flaky ?? 0),
    }),
    zeroCounts(),
  );
}

/** @param {Details[]} list @returns {Details} */
export function mergeDetails(list) {
  const merged = noDetails();
  for (const d of list) {
    merged.failedTests.push(...(d.failedTests ?? []));
    merged.flakyTests.push(...(d.flakyTests ?? []));
    for (const [reason, n] of Object.entries(d.skipReasons ?? {})) addReason(merged.skipReasons, reason, n);
  }
  return merged;
}

/**
 * The lines printed just above the summary line: every flaky test by name, every skip reason
 * with its count (most first), and tests a crashed runner never ran. Empty sections say "none"
 * so a reader sees they were looked at.
 * @param {Counts} totals
 * @param {Details} details
 * @param {{ neverRan?: number }} [extra]
 * @returns {string[]}
 */
export function detailLines(totals, details, { neverRan = 0 } = {}) {
  const lines = [];
  const failedTests = details.failedTests ?? [];
  if (failedTests.length > 0) {
    lines.push(`failed tests: ${failedTests.length}`);
    for (const name of failedTests) lines.push(`  - ${name}`);
  }
  lines.push(`flaky (passed only on a retry): ${totals.flaky === 0 ? 'none' : totals.flaky}`);
  for (const name of details.flakyTests) lines.push(`  - ${name}`);
  lines.push(`skipped: ${totals.skipped === 0 ? 'none' : totals.skipped}`);
  const reasons = Object.entries(details.skipReasons).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const width = Math.max(0, ...reasons.map(([, n]) => String(n).length));
  for (const [reason, n] of reasons) lines.push(`  - ${String(n).padStart(width)}  ${reason}`);
  if (neverRan > 0) lines.push(`never ran (a test runner crashed): ${neverRan}`);
  return lines;
}

/**
 * The closing line CI reads: `N passed, N failed`, plus `, N skipped` only when some were. Flaky
 * tests are in `passed` here and named on the lines above (detailLines).
 */
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
  const header = ['step', 'status', 'passed', 'failed', 'skipped', 'flaky', 'time'];
  const rows = steps.map((s) => [
    s.name,
    s.status,
    String(s.counts.passed),
    String(s.counts.failed),
    String(s.counts.skipped),
    String(s.counts.flaky ?? 0),
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
