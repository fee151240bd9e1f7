// End-to-end tests: Debian's Chromium drives the built web app served by the real server, which
// runs on a free loopback port with its own fresh SQLite database and seeded demo members.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A port nobody listens on right now (asked of the OS, since the config must be synchronous). */
function freePort(): number {
  const script = "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close();})";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}

// The runner and its workers all load this file; workers inherit the runner's environment, so the
// port and data directory are chosen (and the old data removed) once, by the runner.
if (!process.env.LINKUP_E2E_PORT) {
  process.env.LINKUP_E2E_PORT = String(process.env.E2E_PORT ? Number(process.env.E2E_PORT) : freePort());
}
if (!process.env.LINKUP_E2E_DATA_DIR) {
  const dir = path.join('.tmp', `e2e-data-${Date.now()}-${process.pid}`);
  if (!process.env.E2E_LIST_ONLY) {
    pruneOldDataDirs();
    fs.rmSync(path.join(repoRoot, dir), { recursive: true, force: true });
  }
  process.env.LINKUP_E2E_DATA_DIR = dir;
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

const port = Number(process.env.LINKUP_E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    command: 'npx tsx apps/server/src/main.ts',
    cwd: repoRoot,
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.LINKUP_E2E_DATA_DIR,
      // Always its own fresh SQLite, whatever the developer's shell says.
      DATABASE_URL: '',
      REDIS_URL: process.env.REDIS_URL ?? '',
      SEED_DEMO_DATA: 'true',
      DEMO_MEMBER_COUNT: '12',
      LOG_LEVEL: 'warn',
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
      // A short resend cool-down, so the resend test waits seconds rather than a minute.
      OTP_RESEND_COOLDOWN_SECONDS: '2',
    },
  },
});
