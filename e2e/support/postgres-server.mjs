#!/usr/bin/env node
// The end-to-end server on PostgreSQL: creates the fresh database named by DATABASE_URL (next to
// TEST_DATABASE_URL), runs the real server (src/main.ts) on it, and drops the database once the
// server has stopped. Started by e2e/playwright.config.ts for the `postgres-redis` project.
import { spawn } from 'node:child_process';
import pg from 'pg';

const adminUrl = process.env.TEST_DATABASE_URL;
const databaseUrl = process.env.DATABASE_URL;
if (!adminUrl || !databaseUrl) {
  process.stderr.write('postgres-server: TEST_DATABASE_URL and DATABASE_URL are required\n');
  process.exit(1);
}
const name = new URL(databaseUrl).pathname.slice(1);
if (!/^linkup_e2e_[a-f0-9]+$/.test(name)) {
  process.stderr.write(`postgres-server: refusing to manage database "${name}"\n`);
  process.exit(1);
}

async function admin(statement) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

await admin(`CREATE DATABASE ${name}`);
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { stdio: 'inherit', env: process.env });

let stopping = false;
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  if (child.exitCode === null) child.kill(signal);
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));

child.on('exit', async (code, signal) => {
  try {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } catch (error) {
    process.stderr.write(`postgres-server: could not drop ${name}: ${error instanceof Error ? error.message : String(error)}\n`);
  }
  process.exit(code ?? (signal ? 1 : 0));
});
