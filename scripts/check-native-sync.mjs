#!/usr/bin/env node
// Fails when the committed Android and iOS projects are out of date: runs `npm run cap:sync` (web
// build + `cap sync`) and then asks git whether anything under apps/web/android or apps/web/ios
// changed. Needs neither Gradle nor Xcode and no network — except where CocoaPods is installed,
// because `cap sync` then runs `pod install`; there the check is skipped and says so.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NATIVE = ['apps/web/android', 'apps/web/ios'];

const run = (cmd, args, options = {}) => spawnSync(cmd, args, { cwd: root, encoding: 'utf8', ...options });
const changed = () => run('git', ['status', '--porcelain', '--untracked-files=all', '--', ...NATIVE]).stdout.trim();

if (run('git', ['rev-parse', '--is-inside-work-tree']).status !== 0) {
  console.log('native sync check skipped: not a git work tree, so there is nothing to compare with');
  process.exit(0);
}
if (run('sh', ['-c', 'command -v pod']).status === 0) {
  console.log('native sync check skipped: CocoaPods is installed, so `cap sync` would run `pod install` (network)');
  process.exit(0);
}
const before = changed();
if (before) {
  console.error(`native sync check: the native projects have uncommitted changes; commit them first:\n${before}`);
  process.exit(1);
}

// The native projects do not contain the API address, so the check builds without one (a release
// build stops without it: vite.config.ts); this build is never shipped.
const sync = run('npm', ['run', 'cap:sync'], { stdio: 'inherit', env: { ...process.env, LINKUP_NATIVE_SYNC_CHECK: '1' } });
if (sync.status !== 0) {
  console.error(`native sync check: npm run cap:sync failed (exit ${sync.status ?? 'signal'})`);
  process.exit(1);
}
const after = changed();
if (after) {
  console.error(`native sync check: npm run cap:sync changed the committed native projects — run it and commit the result:\n${after}`);
  run('git', ['--no-pager', 'diff', '--stat', '--', ...NATIVE], { stdio: 'inherit' });
  process.exit(1);
}
console.log('native sync check: the committed Android and iOS projects are up to date');
