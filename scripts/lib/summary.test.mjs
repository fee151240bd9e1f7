import { describe, expect, it } from 'vitest';
import {
  browserDecision,
  checkCounts,
  countListedPlaywrightTests,
  countPlaywright,
  countVitest,
  countVitestTestsUnder,
  countRepeatedAsFailed,
  detailLines,
  flakyTwice,
  formatDuration,
  formatTable,
  mergeDetails,
  runnerCounts,
  stepStatus,
  sumCounts,
  summaryLine,
} from './summary.mjs';

const vitestFile = (status, tests, message = '', name = '/repo/x.test.ts', meta = {}) => ({
  name,
  status,
  message,
  assertionResults: tests.map((s, i) => ({ title: `t${i}`, status: s, failureMessages: [], meta })),
});

/** A Playwright JSON report of one file with the given tests ({ title, status, project?, skip? }). */
const playwrightReport = (tests, stats) => ({
  stats,
  errors: [],
  suites: [{
    title: 'chat.spec.ts',
    file: 'chat.spec.ts',
    specs: [],
    suites: [{
      title: 'chat',
      specs: tests.map((t) => ({
        title: t.title,
        file: 'chat.spec.ts',
        tests: [{
          projectName: t.project ?? 'chromium',
          status: t.status,
          annotations: t.skip ? [{ type: 'skip', description: t.skip }] : [],
          results: [],
        }],
      })),
    }],
  }],
});

describe('checkCounts', () => {
  it('is one passed check on exit 0 and one failed otherwise', () => {
    expect(checkCounts(0)).toEqual({ passed: 1, failed: 0, skipped: 0, flaky: 0 });
    expect(checkCounts(2)).toEqual({ passed: 0, failed: 1, skipped: 0, flaky: 0 });
    expect(checkCounts(null)).toEqual({ passed: 0, failed: 1, skipped: 0, flaky: 0 });
  });
});

describe('countVitest', () => {
  it('counts passed, failed and skipped tests over all files', () => {
    const report = {
      testResults: [
        vitestFile('passed', ['passed', 'passed', 'skipped']),
        vitestFile('failed', ['passed', 'failed', 'pending', 'todo']),
      ],
    };
    expect(countVitest(report)).toMatchObject({ passed: 3, failed: 1, skipped: 3, flaky: 0 });
  });

  it('gives each skipped test its describe block’s reason, or says it has none and where', () => {
    const report = {
      testResults: [
        vitestFile('passed', ['skipped', 'skipped'], '', '/repo/apps/server/test/a.test.ts', { skipReason: 'REDIS_URL is not set' }),
        vitestFile('passed', ['skipped'], '', '/repo/apps/server/test/b.test.ts', { skipReason: 'REDIS_URL is not set' }),
        vitestFile('passed', ['passed', 'todo'], '', '/repo/apps/web/c.test.ts'),
      ],
    };
    expect(countVitest(report, '/repo').skipReasons).toEqual({
      'REDIS_URL is not set': 3,
      'no reason given (apps/web/c.test.ts)': 1,
    });
  });

  it('counts the tests of the files under a folder, whatever their status', () => {
    const report = {
      testResults: [
        vitestFile('passed', ['passed', 'skipped'], '', '/repo/apps/server/test/a.test.ts'),
        vitestFile('failed', ['failed'], '', '/repo/apps/server/src/b.test.ts'),
        vitestFile('passed', ['passed'], '', '/repo/apps/server-other/c.test.ts'),
      ],
    };
    expect(countVitestTestsUnder(report, '/repo/apps/server')).toBe(3);
    expect(countVitestTestsUnder(null, '/repo')).toBe(0);
  });

  it('counts a file that failed without a failing test (import error, hook) as one failure', () => {
    const report = { testResults: [vitestFile('failed', [], 'Cannot find module'), vitestFile('passed', ['passed'])] };
    expect(countVitest(report)).toMatchObject({ passed: 1, failed: 1, skipped: 0 });
  });

  it('does not double count a failed file that has failing tests', () => {
    const report = { testResults: [vitestFile('failed', ['failed', 'failed'])] };
    expect(countVitest(report).failed).toBe(2);
  });

  it('rejects something that is not a Vitest report', () => {
    expect(() => countVitest({ stats: {} })).toThrow(/Vitest/);
  });
});

describe('countPlaywright', () => {
  it('counts expected and flaky as passed, unexpected as failed, and flaky apart too', () => {
    const report = { stats: { expected: 10, unexpected: 2, flaky: 1, skipped: 3 }, errors: [], suites: [] };
    expect(countPlaywright(report)).toMatchObject({ passed: 11, failed: 2, skipped: 3, flaky: 1 });
  });

  it('names every flaky test with its file, titles and project', () => {
    const report = playwrightReport(
      [{ title: 'sends', status: 'flaky' }, { title: 'reads', status: 'expected' }, { title: 'edits', status: 'flaky', project: 'postgres-redis' }],
      { expected: 1, unexpected: 0, flaky: 2, skipped: 0 },
    );
    expect(countPlaywright(report).flakyTests).toEqual([
      'chat.spec.ts › chat › sends [chromium]',
      'chat.spec.ts › chat › edits [postgres-redis]',
    ]);
  });

  it('groups skipped tests by their skip annotation, or says they have none', () => {
    const report = playwrightReport(
      [
        { title: 'a', status: 'skipped', skip: 'needs TEST_DATABASE_URL and REDIS_URL' },
        { title: 'b', status: 'skipped', skip: 'needs TEST_DATABASE_URL and REDIS_URL' },
        { title: 'c', status: 'skipped' },
      ],
      { expected: 0, unexpected: 0, flaky: 0, skipped: 3 },
    );
    expect(countPlaywright(report).skipReasons).toEqual({
      'needs TEST_DATABASE_URL and REDIS_URL': 2,
      'no reason given (chat.spec.ts)': 1,
    });
  });

  it('counts each global error (web server did not start) as a failure', () => {
    const report = { stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 0 }, errors: [{ message: 'Timed out waiting 120000ms from config.webServer.' }] };
    expect(countPlaywright(report)).toMatchObject({ passed: 0, failed: 1, skipped: 0 });
  });

  it('rejects something that is not a Playwright report', () => {
    expect(() => countPlaywright({ testResults: [] })).toThrow(/Playwright/);
  });
});

describe('countListedPlaywrightTests', () => {
  it('counts the tests of nested suites', () => {
    const report = {
      suites: [
        { specs: [{ tests: [{}] }, { tests: [{}, {}] }], suites: [{ specs: [{ tests: [{}] }] }] },
        { specs: [], suites: [] },
      ],
    };
    expect(countListedPlaywrightTests(report)).toBe(4);
    expect(countListedPlaywrightTests(null)).toBe(0);
  });
});

describe('runnerCounts', () => {
  const vitestJson = JSON.stringify({ testResults: [vitestFile('passed', ['passed', 'passed'])] });

  it('takes the counts from the report', () => {
    expect(runnerCounts({ kind: 'vitest', exitCode: 0, reportText: vitestJson })).toEqual({
      passed: 2, failed: 0, skipped: 0, flaky: 0, failedTests: [], flakyTests: [], skipReasons: {},
    });
  });

  it('counts a crashed runner without a report as one failure and says how many tests never ran', () => {
    const crashed = runnerCounts({ kind: 'playwright', exitCode: 1, reportText: null, neverRan: 117 });
    expect(crashed).toMatchObject({ passed: 0, failed: 1, neverRan: 117 });
    expect(crashed.note).toBe('no JSON report (crashed?); 117 tests never ran');
    const unknown = runnerCounts({ kind: 'vitest', exitCode: null, reportText: '' });
    expect(unknown).toMatchObject({ passed: 0, failed: 1 });
    expect(unknown.neverRan).toBeUndefined();
    expect(unknown.note).toMatch(/how many tests never ran is unknown/);
  });

  it('counts an unreadable report as one failure', () => {
    expect(runnerCounts({ kind: 'vitest', exitCode: 0, reportText: '{"trunc' })).toMatchObject({ failed: 1 });
  });

  it('adds one failure when the runner failed although its report shows none', () => {
    const result = runnerCounts({ kind: 'vitest', exitCode: 1, reportText: vitestJson });
    expect(result).toMatchObject({ passed: 2, failed: 1 });
    expect(result.note).toMatch(/exited 1/);
  });

  it('keeps the report counts when the failure is already visible', () => {
    const json = JSON.stringify({ stats: { expected: 4, unexpected: 2, flaky: 0, skipped: 0 }, errors: [] });
    expect(runnerCounts({ kind: 'playwright', exitCode: 1, reportText: json })).toMatchObject({ passed: 4, failed: 2, skipped: 0 });
  });
});

describe('flakyTwice', () => {
  it('finds the tests that were flaky in this run and the one before', () => {
    expect(flakyTwice(['a [chromium]', 'b [chromium]'], ['b [chromium]', 'c [chromium]'])).toEqual(['b [chromium]']);
    expect(flakyTwice([], ['c'])).toEqual([]);
  });

  it("shows the step of a test flaky twice as FAILED in the table, with the test moved from passed to failed (issue 28 item 9)", () => {
    const step = (name, flakyTests) => ({
      name, status: 'ok', durationMs: 1000, counts: { passed: 10, failed: 0, skipped: 0, flaky: flakyTests.length }, details: { failedTests: [], flakyTests, skipReasons: {} },
    });
    const counted = countRepeatedAsFailed([step('unit', ['u']), step('e2e', ['b [chromium]', 'c [chromium]'])], ['b [chromium]']);
    expect(counted[0]).toMatchObject({ status: 'ok', counts: { passed: 10, failed: 0 } });
    expect(counted[1]).toMatchObject({ status: 'FAILED', counts: { passed: 9, failed: 1 }, note: '1 flaky twice in a row' });
    expect(sumCounts(counted.map((s) => s.counts))).toMatchObject({ passed: 19, failed: 1 });
    expect(formatTable(counted).split('\n')[3]).toMatch(/^e2e\s+FAILED\s+9\s+1\b.*\(1 flaky twice in a row\)$/);
  });
});

describe('failed tests by name', () => {
  it('names each failed Vitest test with its file and the first line of why, and a file that failed outside its tests', () => {
    const report = {
      testResults: [
        {
          name: '/repo/apps/server/src/a.test.ts',
          status: 'failed',
          message: '',
          assertionResults: [
            { title: 'x', fullName: 'jobs > runs once', status: 'failed', failureMessages: ['\u001b[31mError: Test timed out in 90000ms.\u001b[39m\n    at stack'] },
            { title: 'y', fullName: 'jobs > y', status: 'passed', failureMessages: [] },
          ],
        },
        vitestFile('failed', [], 'Cannot find module ./nope', '/repo/apps/server/src/b.test.ts'),
      ],
    };
    expect(countVitest(report, '/repo').failedTests).toEqual([
      'apps/server/src/a.test.ts › jobs > runs once — Error: Test timed out in 90000ms.',
      'apps/server/src/b.test.ts (the file failed outside its tests) — Cannot find module ./nope',
    ]);
  });

  it('names each unexpected Playwright test with its project and last error, and errors outside any test', () => {
    const report = playwrightReport([{ title: 'sends', status: 'unexpected' }, { title: 'edits', status: 'expected' }], { expected: 1, unexpected: 1, flaky: 0, skipped: 0 });
    report.suites[0].suites[0].specs[0].tests[0].results = [{ error: { message: 'first try' } }, { error: { message: 'Timed out 5000ms waiting for expect(locator).toBeVisible()\nCall log' } }];
    report.errors = [{ message: 'Error: Timed out waiting 120000ms from config.webServer.' }];
    expect(countPlaywright(report).failedTests).toEqual([
      'chat.spec.ts › chat › sends [chromium] — Timed out 5000ms waiting for expect(locator).toBeVisible()',
      '(outside any test) — Error: Timed out waiting 120000ms from config.webServer.',
    ]);
  });

  it('lists failed tests first in the lines above the summary, and says nothing of them when none failed', () => {
    const details = mergeDetails([{ failedTests: ['a.test.ts › x — boom'], flakyTests: [], skipReasons: {} }, { flakyTests: [], skipReasons: {} }]);
    expect(detailLines({ passed: 1, failed: 1, skipped: 0, flaky: 0 }, details).slice(0, 2)).toEqual(['failed tests: 1', '  - a.test.ts › x — boom']);
    expect(detailLines({ passed: 1, failed: 0, skipped: 0, flaky: 0 }, mergeDetails([]))[0]).toBe('flaky (passed only on a retry): none');
  });
});

describe('detailLines', () => {
  it('names flaky tests and gives each skip reason with its count, most first', () => {
    const details = mergeDetails([
      { flakyTests: ['chat.spec.ts › sends [chromium]'], skipReasons: { 'REDIS_URL is not set': 6 } },
      { flakyTests: [], skipReasons: { 'server tests on PostgreSQL: TEST_DATABASE_URL is not set': 420, 'REDIS_URL is not set': 1 } },
    ]);
    const totals = { passed: 10, failed: 0, skipped: 427, flaky: 1 };
    expect(detailLines(totals, details, { neverRan: 0 })).toEqual([
      'flaky (passed only on a retry): 1',
      '  - chat.spec.ts › sends [chromium]',
      'skipped: 427',
      '  - 420  server tests on PostgreSQL: TEST_DATABASE_URL is not set',
      '  -   7  REDIS_URL is not set',
    ]);
  });

  it('says "none" when nothing was flaky or skipped, and reports tests a crash left unrun', () => {
    const lines = detailLines({ passed: 1, failed: 1, skipped: 0, flaky: 0 }, mergeDetails([]), { neverRan: 96 });
    expect(lines).toEqual(['flaky (passed only on a retry): none', 'skipped: none', 'never ran (a test runner crashed): 96']);
  });
});

describe('browserDecision', () => {
  it('runs with Chromium, skips without, fails without when required', () => {
    expect(browserDecision({ chromiumAvailable: true, required: true })).toBe('run');
    expect(browserDecision({ chromiumAvailable: false, required: false })).toBe('skip');
    expect(browserDecision({ chromiumAvailable: false, required: true })).toBe('fail');
  });
});

describe('sumCounts and summaryLine', () => {
  it('sums and prints the CI line, mentioning skipped only when there are some', () => {
    const totals = sumCounts([
      { passed: 1, failed: 0, skipped: 0 },
      { passed: 120, failed: 2, skipped: 0 },
      { passed: 30, failed: 0, skipped: 0 },
    ]);
    expect(totals).toEqual({ passed: 151, failed: 2, skipped: 0, flaky: 0 });
    expect(summaryLine(totals)).toBe('151 passed, 2 failed');
    expect(summaryLine({ passed: 3, failed: 0, skipped: 4 })).toBe('3 passed, 0 failed, 4 skipped');
    expect(summaryLine(sumCounts([]))).toBe('0 passed, 0 failed');
  });
});

describe('formatting', () => {
  it('formats durations', () => {
    expect(formatDuration(1234)).toBe('1.2s');
    expect(formatDuration(75_000)).toBe('1m15s');
    expect(formatDuration(-1)).toBe('-');
  });

  it('gives a step status', () => {
    expect(stepStatus({ passed: 3, failed: 1, skipped: 0 })).toBe('FAILED');
    expect(stepStatus({ passed: 0, failed: 0, skipped: 5 })).toBe('skipped');
    expect(stepStatus({ passed: 1, failed: 0, skipped: 0 })).toBe('ok');
  });

  it('prints one row per step with its note', () => {
    const table = formatTable([
      { name: 'lint', status: 'ok', counts: { passed: 1, failed: 0, skipped: 0 }, durationMs: 3000 },
      { name: 'end-to-end', status: 'FAILED', counts: { passed: 0, failed: 1, skipped: 0 }, durationMs: 0, note: 'no Chromium' },
    ]);
    const lines = table.split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^step\s+status\s+passed\s+failed\s+skipped\s+flaky\s+time$/);
    expect(lines[2]).toMatch(/^lint\s+ok\s+1\s+0\s+0\s+0\s+3\.0s$/);
    expect(lines[3]).toMatch(/end-to-end\s+FAILED.*\(no Chromium\)$/);
  });
});
