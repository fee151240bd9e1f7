#!/usr/bin/env node
// `npm test`: every check of the repository, in order — lint, typecheck, unit/API tests, build,
// end-to-end — with each step's output streamed. A failing step does not stop the run, so the
// totals are complete. Ends with a per-step table and, as the very last line, `N passed, N failed`
// (the line CI reads), and exits 1 if anything failed.
//
// Counting: lint, typecheck, build (and in CI the native projects check) are one check each. Vitest and Playwright counts come from
// their JSON reports (.tmp/vitest.json, .tmp/playwright.json); a runner that crashed without a
// report counts as one failure, and the summary says how many tests it never ran. Without Chromium
// the browser tests are skipped with a loud warning — or counted as a failure when E2E_REQUIRED=1.
// Above the last line the summary names every failed test (with the first line of why), every flaky test (passed only on a retry) and every skip
// reason with its count — including the server suite on PostgreSQL when TEST_DATABASE_URL is not
// set. A test flaky in this run and the one before (.tmp/flaky-history.json) counts as failed.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  browserDecision,
  checkCounts,
  countListedPlaywrightTests,
  countVitestTestsUnder,
  detailLines,
  countRepeatedAsFailed,
  flakyTwice,
  formatDuration,
  formatTable,
  mergeDetails,
  noDetails,
  runnerCounts,
  stepStatus,
  sumCounts,
  summaryLine,
} from './lib/summary.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmpDir = path.join(root, '.tmp');
const vitestReport = path.join(tmpDir, 'vitest.json');
const clusterReport = path.join(tmpDir, 'vitest-cluster.json');
const playwrightReport = path.join(tmpDir, 'playwright.json');
const flakyHistory = path.join(tmpDir, 'flaky-history.json');
const playwrightConfig = 'e2e/playwright.config.ts';
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const e2eRequired = process.env.E2E_REQUIRED === '1' || process.env.E2E_REQUIRED === 'true';

fs.mkdirSync(tmpDir, { recursive: true });

/** Runs a command with its output streamed; resolves to its exit code (null if killed). */
function run(cmd, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', (error) => {
      console.error(`could not start ${cmd}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(signal ? null : code));
  });
}

function readIfExists(file) {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function banner(lines) {
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  const bar = '!'.repeat(width);
  console.log(`\n${bar}\n${lines.map((l) => `! ${l.padEnd(width - 4)} !`).join('\n')}\n${bar}\n`);
}

/** How many browser tests there are, without running them (for an honest "skipped" count). */
function listedBrowserTests() {
  const listed = spawnSync('npx', ['playwright', 'test', '-c', playwrightConfig, '--list', '--reporter=json'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, E2E_LIST_ONLY: '1' },
    maxBuffer: 64 * 1024 * 1024,
  });
  try {
    const count = countListedPlaywrightTests(JSON.parse(listed.stdout));
    return count > 0 ? count : 1;
  } catch {
    return 1;
  }
}

/** How many Vitest tests there are (collected, not run), or null when that fails too. */
function listedVitestTests() {
  const listed = spawnSync('npx', ['vitest', 'list', '--json'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  try {
    const tests = JSON.parse(listed.stdout);
    return Array.isArray(tests) ? tests.length : null;
  } catch {
    return null;
  }
}

/** How many tests a runner that crashed without a report would have run. */
const neverRanIn = (kind) => (kind === 'playwright' ? listedBrowserTests() : listedVitestTests());

function readJson(file, fallback) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return fallback;
  }
}

// The server suite runs a second time on PostgreSQL only with TEST_DATABASE_URL: say so.
const postgresSkipReason = 'server tests on PostgreSQL: TEST_DATABASE_URL is not set'
  + ' (enable: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm test)';

// Steps with the same `together` run at once: lint and typecheck are one process each, so on two
// cores they take the time of the longer one (CI has 20 minutes in all).
const steps = [
  { name: 'lint', kind: 'check', cmd: 'npx', args: ['eslint', '--max-warnings=0', '.'], together: 'static' },
  { name: 'typecheck', kind: 'check', cmd: 'npm', args: ['run', 'typecheck'], together: 'static' },
  {
    name: 'unit/API tests',
    kind: 'vitest',
    report: vitestReport,
    cmd: 'npx',
    args: ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${path.relative(root, vitestReport)}`],
  },
  // Issue 33's cluster test — three real processes behind HAProxy on PostgreSQL and Redis, under
  // chat load through a rolling restart and a kill -9 — alone on the machine, after the suite.
  ...(process.env.TEST_DATABASE_URL && process.env.REDIS_URL
    ? [{
        name: 'cluster (3 processes, HAProxy)',
        kind: 'vitest',
        report: clusterReport,
        cmd: 'npx',
        args: ['vitest', 'run', '--project', 'server:postgres', 'test/cluster.test.ts', '--reporter=default', '--reporter=json', `--outputFile=${path.relative(root, clusterReport)}`],
        env: { CLUSTER_TEST: '1' },
      }]
    : []),
  { name: 'build', kind: 'check', cmd: 'npm', args: ['run', 'build'] },
  // CI only (.ci/run sets NATIVE_SYNC_CHECK=1): it runs `cap sync`, which rewrites the native
  // projects, and fails on a work tree with uncommitted changes there.
  ...(process.env.NATIVE_SYNC_CHECK === '1'
    ? [{ name: 'native projects synced', kind: 'check', cmd: 'node', args: ['scripts/check-native-sync.mjs'] }]
    : []),
  {
    name: 'end-to-end',
    kind: 'playwright',
    report: playwrightReport,
    cmd: 'npx',
    args: ['playwright', 'test', '-c', playwrightConfig, '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport, CHROMIUM_PATH: chromiumPath },
  },
];

const results = [];
const started = Date.now();

/** Runs one step and says how it went (its entry of `results`). */
async function runStep(step, index) {
  const title = `[${index + 1}/${steps.length}] ${step.name}`;

  if (step.kind === 'playwright') {
    const decision = browserDecision({ chromiumAvailable: isExecutable(chromiumPath), required: e2eRequired });
    if (decision !== 'run') {
      banner([
        `CHROMIUM NOT FOUND at ${chromiumPath} (or not executable).`,
        decision === 'fail'
          ? 'E2E_REQUIRED=1: the end-to-end step COUNTS AS FAILED.'
          : 'THE END-TO-END (BROWSER) TESTS ARE SKIPPED — this run does NOT cover them.',
        'Install it: apt-get install -y chromium   (or set CHROMIUM_PATH)',
        'Set E2E_REQUIRED=1 to make a missing browser fail the run.',
      ]);
      const counts = decision === 'fail'
        ? { passed: 0, failed: 1, skipped: 0, flaky: 0 }
        : { passed: 0, failed: 0, skipped: listedBrowserTests(), flaky: 0 };
      const details = decision === 'fail' ? noDetails() : { flakyTests: [], skipReasons: { [`end-to-end: no Chromium at ${chromiumPath}`]: counts.skipped } };
      return { name: step.name, counts, details, status: stepStatus(counts), durationMs: 0, note: 'no Chromium' };
    }
  }

  console.log(`\n===== ${title}: ${step.cmd} ${step.args.join(' ')} =====\n`);
  if (step.report) fs.rmSync(step.report, { force: true });
  const t0 = Date.now();
  const exitCode = await run(step.cmd, step.args, step.env);
  const durationMs = Date.now() - t0;

  const reportText = step.report ? readIfExists(step.report) : null;
  const counted = step.kind === 'check'
    ? { ...checkCounts(exitCode), ...noDetails() }
    : runnerCounts({
        kind: step.kind,
        exitCode,
        reportText,
        root,
        neverRan: reportText ? null : neverRanIn(step.kind),
      });
  const { note, failedTests = [], flakyTests, skipReasons, neverRan = 0, ...plain } = counted;
  if (plain.failed > 0 && failedTests.length === 0) failedTests.push(`${step.name}${note ? ` — ${note}` : ` (exit ${exitCode ?? 'by signal'})`}`);
  if (step.kind === 'vitest' && !process.env.TEST_DATABASE_URL && reportText) {
    const notRun = countVitestTestsUnder(readJson(step.report, null), path.join(root, 'apps/server'));
    if (notRun > 0) {
      plain.skipped += notRun;
      skipReasons[postgresSkipReason] = notRun;
    }
  }
  console.log(`\n----- ${step.name}: ${stepStatus(plain)} in ${formatDuration(durationMs)} (exit ${exitCode ?? 'signal'}) -----`);
  return {
    name: step.name,
    counts: plain,
    details: { failedTests, flakyTests, skipReasons },
    status: stepStatus(plain),
    durationMs,
    note,
    neverRan,
  };
}

for (let index = 0; index < steps.length;) {
  let end = index + 1;
  while (steps[index].together && end < steps.length && steps[end].together === steps[index].together) end++;
  const group = steps.slice(index, end);
  results.push(...(await Promise.all(group.map((s, i) => runStep(s, index + i)))));
  index = end;
}

const details = mergeDetails(results.map((r) => r.details));
// Flaky twice in a row is a failure: once may be the machine, twice is a test (or product) bug. Its
// step shows FAILED in the table too.
const repeated = flakyTwice(readJson(flakyHistory, []), details.flakyTests);
fs.writeFileSync(flakyHistory, JSON.stringify(details.flakyTests, null, 2));
const counted = countRepeatedAsFailed(results, repeated);
const totals = sumCounts(counted.map((r) => r.counts));

console.log(`\n===== summary (${formatDuration(Date.now() - started)}) =====\n`);
console.log(formatTable(counted));
console.log('');
for (const line of detailLines(totals, details, { neverRan: results.reduce((n, r) => n + (r.neverRan ?? 0), 0) })) console.log(line);
if (repeated.length > 0) {
  console.log(`flaky in this run and the one before, counted as FAILED: ${repeated.length}`);
  for (const name of repeated) console.log(`  - ${name}`);
}
// .ci/run passes its start time so the elapsed time includes its own setup (browser, databases, npm ci).
const since = Number(process.env.LINKUP_CI_STARTED_AT_MS) || started;
console.log(`elapsed: ${formatDuration(Date.now() - since)}`);
console.log(summaryLine(totals));
process.exitCode = totals.failed > 0 ? 1 : 0;
