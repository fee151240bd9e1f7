#!/usr/bin/env node
// `npm run typecheck`: every workspace's own `typecheck` script (tsc --noEmit on its tsconfig), two
// at a time. Each tsc is one process on one core, and one after the other they left the second core
// idle for the half of CI's static step that outlasts the lint. Output is printed per workspace once
// it has finished, so two checks' errors never interleave; the exit status is 1 if any failed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { workspaces } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

const LARGE = ['apps/web', 'apps/server'];
const rank = (dir) => (LARGE.includes(dir) ? 0 : 1);

const checks = workspaces
  .map((dir) => ({ dir, pkg: JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8')) }))
  .filter(({ pkg }) => pkg.scripts?.typecheck)
  // The two large ones first, one per lane; the small ones follow on whichever lane is free.
  .sort((a, b) => rank(a.dir) - rank(b.dir));

function check({ dir }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', 'typecheck', '--silent'], { cwd: path.join(root, dir), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => { output += chunk; });
    child.stderr.on('data', (chunk) => { output += chunk; });
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`typecheck ${dir}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${seconds}s\n${output}`);
      resolve(code === 0);
    });
  });
}

const queue = [...checks];
const lane = async () => {
  let ok = true;
  for (let next = queue.shift(); next; next = queue.shift()) ok = (await check(next)) && ok;
  return ok;
};
const results = await Promise.all([lane(), lane()]);
process.exitCode = results.every(Boolean) ? 0 : 1;
