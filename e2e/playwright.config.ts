// End-to-end tests: Debian's Chromium drives the built web app served by the real server. The
// server listens on a port the OS gives it (PORT=0) and the runner reads the port from its start-up
// log, so no port is picked, released and hoped to be still free. Project `chromium` runs every spec
// on the server's own fresh SQLite; project `postgres-redis` runs the flows tagged @backends again (chat, a stranger's request, a match)
// on a fresh PostgreSQL database with Redis — when TEST_DATABASE_URL and REDIS_URL are set (CI sets
// both); otherwise its tests are reported as skipped, with the reason and how to enable them.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import { BACKENDS_TAG, POSTGRES_PROJECT, postgresEnabled } from './support/backends';
import { CHROMIUM_ARGS, defaultBrowserPath } from './support/browser';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// E2E_BASE_URL runs the specs against a server that is already running (e.g. `npm start`, to check
// it by hand) instead of starting one; LINKUP_E2E_DATA_DIR must then name that server's DATA_DIR
// (the operator CLI grants premium in its database). Only project `chromium` runs then.
const externalServer = process.env.E2E_BASE_URL?.replace(/\/+$/, '');
if (externalServer && !process.env.LINKUP_E2E_DATA_DIR) {
  throw new Error('E2E_BASE_URL needs LINKUP_E2E_DATA_DIR: the DATA_DIR of the server at that address');
}

// The runner and its workers all load this file; workers inherit the runner's environment, so the
// data directory, database and key prefix are chosen (and the old data removed) once, by the runner.
if (!process.env.LINKUP_E2E_DATA_DIR) {
  const dir = path.join('.tmp', `e2e-data-${Date.now()}-${process.pid}`);
  if (!process.env.E2E_LIST_ONLY) {
    pruneOldDataDirs();
    fs.rmSync(path.join(repoRoot, dir), { recursive: true, force: true });
  }
  process.env.LINKUP_E2E_DATA_DIR = dir;
}
if (!externalServer && postgresEnabled() && !process.env.LINKUP_E2E_PG_DATABASE_URL) {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/linkup_e2e_${crypto.randomBytes(5).toString('hex')}`;
  process.env.LINKUP_E2E_PG_DATABASE_URL = url.toString();
  process.env.LINKUP_E2E_PG_DATA_DIR = `${process.env.LINKUP_E2E_DATA_DIR}-pg`;
}

/** Data directories of earlier runs, older than an hour, are only clutter. */
function pruneOldDataDirs(): void {
  const tmp = path.join(repoRoot, '.tmp');
  if (!fs.existsSync(tmp)) return;
  const hourAgo = Date.now() - 60 * 60 * 1000;
  for (const entry of fs.readdirSync(tmp)) {
    const full = path.join(tmp, entry);
    if (entry.startsWith('e2e-data-') && fs.statSync(full).mtimeMs < hourAgo) {
      fs.rmSync(full, { recursive: true, force: true });
    }
  }
}

// E2E_PORT pins the SQLite server's port (e.g. to open the app by hand while debugging).
const fixedPort = process.env.E2E_PORT ? Number(process.env.E2E_PORT) : undefined;
/** Set in each worker once the server has said which port it got (webServer.wait below). */
const origin = (portVariable: string) => `http://127.0.0.1:${process.env[portVariable] ?? 0}`;

/**
 * Every context starts as a member who said "Not now" to the push explanation an hour ago: it comes
 * after a first match or message sent, as a dialog, and would stand over the steps of every spec
 * that gets there. push-prompt.spec.ts starts from an empty storage and answers it.
 */
const pushPromptDeclined = (baseURL: string) => ({
  cookies: [],
  origins: [{ origin: baseURL, localStorage: [{ name: 'linkup.push-prompt.declined-at', value: String(Date.now() - 3_600_000) }] }],
});

type WebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, { command: string }>;

/** The real server, as production runs it, with limits loosened for two workers on one address. */
function server(name: string, portVariable: string, env: Record<string, string>): WebServer {
  const port = name === 'sqlite' && fixedPort ? fixedPort : 0;
  return {
    name,
    command: name === 'sqlite' ? 'npx tsx apps/server/src/main.ts' : 'node e2e/support/postgres-server.mjs',
    cwd: repoRoot,
    // Fastify's start-up line names the port; its capture group becomes process.env[portVariable].
    wait: { stdout: new RegExp(`Server listening at http://127\\.0\\.0\\.1:(?<${portVariable.toLowerCase()}>\\d+)`) },
    timeout: 120_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      // The start-up line the runner waits for is logged at info.
      LOG_LEVEL: 'info',
      // Links in mails carry PUBLIC_URL; the tests open their path on whichever port the server got.
      PUBLIC_URL: 'http://linkup.e2e.invalid',
      SEED_DEMO_DATA: 'true',
      DEMO_MEMBER_COUNT: '12',
      // A helper may build the web app elsewhere (E2E_WEB_DIST_DIR) so parallel runs do not share dist/.
      WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR ?? 'apps/web/dist',
      // Two workers signing in for every test must not trip the general rate limit.
      RATE_LIMIT_MAX: '100000',
      // Every browser context connects its socket from 127.0.0.1 too.
      SOCKET_CONNECTS_PER_MINUTE: '100000',
      // Nor the auth endpoints' stricter per-IP limit and code caps (every test comes from 127.0.0.1).
      AUTH_RATE_LIMIT_MAX: '1000',
      OTP_HOURLY_LIMIT_PER_NUMBER: '1000',
      OTP_DAILY_LIMIT_PER_NUMBER: '1000',
      OTP_HOURLY_LIMIT_PER_IP: '1000',
      OTP_DAILY_LIMIT_PER_IP: '1000',
      // A short resend cool-down, so the resend test waits seconds rather than a minute — but long
      // enough that a busy machine still sees it running again right after the resend.
      OTP_RESEND_COOLDOWN_SECONDS: '5',
      // The Web Push service of the notification specs listens on 127.0.0.1 (e2e/support/push-service.ts);
      // a server given by E2E_BASE_URL needs this setting too.
      TEST_ONLY_LOOPBACK_PUSH_SERVICE: 'true',
      // Photo verification's challenge always asks for these two poses (refused in production), so
      // the fake camera's one picture of a face smiling with the mouth open answers both (issue 31).
      TEST_ONLY_VERIFICATION_POSES: 'smile,mouth_open',
      ...env,
    },
  };
}

const servers = [
  server('sqlite', 'LINKUP_E2E_PORT', {
    DATA_DIR: process.env.LINKUP_E2E_DATA_DIR!,
    // Always its own fresh SQLite and no Redis, whatever the developer's shell says.
    DATABASE_URL: '',
    REDIS_URL: '',
  }),
  ...(postgresEnabled() && !externalServer
    ? [server('postgres-redis', 'LINKUP_E2E_PG_PORT', {
        DATA_DIR: process.env.LINKUP_E2E_PG_DATA_DIR!,
        // e2e/support/postgres-server.mjs creates this database, and drops it when the server stops.
        DATABASE_URL: process.env.LINKUP_E2E_PG_DATABASE_URL!,
        REDIS_URL: process.env.REDIS_URL!,
        // Shared Redis: this run's keys and channels only.
        REDIS_KEY_PREFIX: `linkup-e2e:${path.basename(process.env.LINKUP_E2E_PG_DATABASE_URL!)}:`,
      })]
    : []),
];

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  workers: 2,
  // A pass on the retry is counted and named as flaky by `npm test` (scripts/lib/summary.mjs).
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    // A trace only on the retry of a failed test (CI retries once): recording every test's trace,
    // to keep the failed ones, took a third of the suite's CPU (chat + settings specs: 145 → 90
    // CPU-seconds). Locally, `--trace on` records one.
    trace: 'on-first-retry',
    // Members who ask for less motion: no looping animation keeps the (software) renderer busy.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: defaultBrowserPath, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'chromium', use: { baseURL: externalServer ?? origin('LINKUP_E2E_PORT'), storageState: pushPromptDeclined(externalServer ?? origin('LINKUP_E2E_PORT')) } },
    ...(externalServer ? [] : [{
      name: POSTGRES_PROJECT,
      // The flows tagged BACKENDS_TAG (chat, a stranger's request, a match), not the per-page checks.
      grep: new RegExp(BACKENDS_TAG),
      use: { baseURL: origin('LINKUP_E2E_PG_PORT'), storageState: pushPromptDeclined(origin('LINKUP_E2E_PG_PORT')) },
    }]),
  ],
  webServer: externalServer ? [] : servers,
});
