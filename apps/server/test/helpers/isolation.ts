// What keeps one test file's state away from every other's: its own data folders and its own
// Redis key prefix. The server suite runs with `isolate: false` (modules are shared between the
// files a worker runs), so nothing here is module state per file: the prefix is derived from the
// running file's path, plus a random id per worker process so parallel runs on one Redis (other
// checkouts, the PostgreSQL pass) never meet either.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';

const runId = crypto.randomBytes(4).toString('hex');

/** The test file running now (a path relative to the repository's server app). */
export function currentTestFile(): string {
  const file = expect.getState().testPath;
  return file ? path.basename(file).replace(/\.test\.ts$/, '') : 'no-test-file';
}

/**
 * The Redis key and channel prefix of the running test file: every app and server process the
 * file starts shares it (they stand for processes of one deployment), no other file does.
 */
export function redisKeyPrefix(): string {
  const file = currentTestFile().replace(/[^A-Za-z0-9._-]/g, '-').slice(0, 32);
  return `linkup-test:${runId}:${file}:`;
}

/** A fresh, empty data folder for one app or server process; remove it with `removeDataDir`. */
export function makeDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `linkup-${currentTestFile().slice(0, 24)}-`));
}

export function removeDataDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}
