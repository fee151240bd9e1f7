import { describe, expect, it } from 'vitest';
import {
  browserDecision,
  checkCounts,
  countListedPlaywrightTests,
  countPlaywright,
  countVitest,
  formatDuration,
  formatTable,
  runnerCounts,
  stepStatus,
  sumCounts,
  summaryLine,
} from './summary.mjs';

const vitestFile = (status, tests, message = '') => ({
  name: '/repo/x.test.ts',
  status,
  message,
  assertionResults: tests.map((s, i) => ({ title: `t${i}`, status: s, failureMessages: [] })),
});

describe('checkCounts', () => {
  it('is one passed check on exit 0 and one failed otherwise', () => {
    expect(checkCounts(0)).toEqual({ passed: 1, failed: 0, skipped: 0 });
    expect(checkCounts(2)).toEqual({ passed: 0, failed: 1, skipped: 0 });
    expect(checkCounts(null)).toEqual({ passed: 0, failed: 1, skipped: 0 });
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
    expect(countVitest(report)).toEqual({ passed: 3, failed: 1, skipped: 3 });
  });

  it('counts a file that failed without a failing test (import error, hook) as one failure', () => {
    const report = { testResults: [vitestFile('failed', [], 'Cannot find module'), vitestFile('passed', ['passed'])] };
    expect(countVitest(report)).toEqual({ passed: 1, failed: 1, skipped: 0 });
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
  it('counts expected and flaky as passed, unexpected as failed', () => {
    const report = { stats: { expected: 10, unexpected: 2, flaky: 1, skipped: 3 }, errors: [], suites: [] };
    expect(countPlaywright(report)).toEqual({ passed: 11, failed: 2, skipped: 3 });
  });

  it('counts each global error (web server did not start) as a failure', () => {
    const report = { stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 0 }, errors: [{ message: 'Timed out waiting 120000ms from config.webServer.' }] };
    expect(countPlaywright(report)).toEqual({ passed: 0, failed: 1, skipped: 0 });
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
    expect(runnerCounts({ kind: 'vitest', exitCode: 0, reportText: vitestJson })).toEqual({ passed: 2, failed: 0, skipped: 0 });
  });

  it('counts a crashed runner without a report as one failure', () => {
    expect(runnerCounts({ kind: 'playwright', exitCode: 1, reportText: null })).toMatchObject({ passed: 0, failed: 1 });
    expect(runnerCounts({ kind: 'vitest', exitCode: null, reportText: '' })).toMatchObject({ passed: 0, failed: 1 });
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
    expect(runnerCounts({ kind: 'playwright', exitCode: 1, reportText: json })).toEqual({ passed: 4, failed: 2, skipped: 0 });
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
    expect(totals).toEqual({ passed: 151, failed: 2, skipped: 0 });
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
    expect(lines[0]).toMatch(/^step\s+status\s+passed\s+failed\s+skipped\s+time$/);
    expect(lines[2]).toMatch(/^lint\s+ok\s+1\s+0\s+0\s+3\.0s$/);
    expect(lines[3]).toMatch(/end-to-end\s+FAILED.*\(no Chromium\)$/);
  });
});
