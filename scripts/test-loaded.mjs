#!/usr/bin/env node
// The server and web suites on a loaded machine (issue 28 item 9): one CPU hog per core runs for as
// long as the suites do, so a test that only passes on an idle machine (an assertion that races a
// render, a 1 s wait for a fetch) fails here rather than on a busy CI host. With TEST_DATABASE_URL
// set the server suite runs on PostgreSQL too. Extra arguments go to Vitest (e.g. a file).
//   npm run test:loaded
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 npm run test:loaded
import { spawn } from 'node:child_process';
import os from 'node:os';
import { Worker } from 'node:worker_threads';

const cores = os.availableParallelism();
// A hog spins until told to stop; it yields nothing, as a busy neighbour on a shared host would.
const hogs = Array.from({ length: cores }, () => new Worker('for (;;) {}', { eval: true }));
console.log(`[test:loaded] ${cores} CPU hog(s) running`);

const projects = ['server', 'web', ...(process.env.TEST_DATABASE_URL ? ['server:postgres'] : [])];
const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), ...process.argv.slice(2)];
const child = spawn('npx', args, { stdio: 'inherit' });
const stop = async () => Promise.all(hogs.map((hog) => hog.terminate()));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', async (code, signal) => {
  await stop();
  console.log(`[test:loaded] suites ${code === 0 ? 'passed' : `failed (exit ${code ?? signal})`} with every core busy`);
  process.exit(code ?? 1);
});
