// One `vitest run` at the root runs every workspace's tests. Packages with their own config are
// referenced by path; the rest are inline projects. With TEST_DATABASE_URL set, the server suite
// runs a second time against PostgreSQL (the server's test helpers read LINKUP_TEST_DIALECT and
// create a fresh database per test file).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectConfiguration } from 'vitest/config';

const root = path.dirname(fileURLToPath(import.meta.url));
const configIn = (dir: string, names: string[]) =>
  names.map((n) => path.join(root, dir, n)).find((file) => fs.existsSync(file));

const serverConfig = configIn('apps/server', ['vitest.config.ts']);
const webConfig = configIn('apps/web', ['vitest.config.ts', 'vite.config.ts']);

const projects: TestProjectConfiguration[] = [
  {
    test: {
      name: 'contract',
      root: './packages/contract',
      environment: 'node',
      include: ['src/**/*.test.ts'],
    },
  },
  {
    test: {
      name: 'scripts',
      root: './scripts',
      environment: 'node',
      include: ['**/*.test.mjs'],
    },
  },
];

/**
 * The server's unit tests beside their code (src/) that open no database: the PostgreSQL run
 * leaves them out, as they would only run a second time unchanged.
 */
function databaseFreeUnitTests(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.test.ts') && !/createTestDatabase|buildTestApp|createDatabase|TEST_DATABASE_URL/.test(fs.readFileSync(file, 'utf8'))) {
        found.push(path.relative(path.join(root, 'apps/server'), file));
      }
    }
  };
  walk(path.join(root, 'apps/server/src'));
  return found;
}

if (serverConfig) {
  projects.push('./apps/server');
  if (process.env.TEST_DATABASE_URL) {
    projects.push({
      extends: serverConfig,
      root: './apps/server',
      test: {
        name: 'server:postgres',
        // The cluster test (three processes behind HAProxy) runs alone, in its own step of
        // `npm test` (scripts/test-all.mjs sets CLUSTER_TEST=1): beside the suite, the machine's
        // load, not the code, decides its reconnect times.
        exclude: ['**/node_modules/**', ...databaseFreeUnitTests(), ...(process.env.CLUSTER_TEST === '1' ? [] : ['test/cluster.test.ts'])],
        env: { LINKUP_TEST_DIALECT: 'postgres', TEST_DATABASE_URL: process.env.TEST_DATABASE_URL },
      },
    });
  }
}
if (webConfig) {
  projects.push('./apps/web');
  // The first-load budgets: a production build of the web app, measured (issue #18).
  projects.push({
    test: { name: 'web-build', root: './apps/web', environment: 'node', include: ['scripts/**/*.test.ts'], testTimeout: 300_000 },
  });
}

export default defineConfig({
  // Vitest leaves one core free by default, which on a 2-core machine means one worker.
  test: { projects, maxWorkers: Math.max(2, os.availableParallelism() - 1) },
});
