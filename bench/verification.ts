// Photo verification benchmark (`npm run bench:verification`, issue 31): the server time of one
// verification (2 selfies, plus the main photo) with the face models in their worker thread, the
// p99 of GET /api/health alone and while 4 verifications run at once (the worker keeps the event
// loop free: target ≤ 3×), and the memory of the loaded models. In process (app.inject) on a fresh
// SQLite database, with the fixture images of apps/server/test/fixtures/faces. Writes
// bench/results/verification-latest.json. GET /api/health goes over real HTTP on loopback.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sharedFaceAnalyzer } from '../apps/server/src/adapters/faces/face-analyzer';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { createDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { bearer, buildUser, signIn } from '../apps/server/test/helpers/factories';
import { multipart } from '../apps/server/test/helpers/multipart';
import { percentile } from './support';

const FACES = path.resolve(import.meta.dirname, '../apps/server/test/fixtures/faces');
const face = (name: string) => fs.readFileSync(path.join(FACES, `${name}.jpg`));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-bench-verification-'));
const config = testConfig({
  DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '100000', WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  TEST_ONLY_VERIFICATION_POSES: 'smile,mouth_open', MAX_EVENT_LOOP_DELAY_MS: '0',
});
const database = createDatabase({ dataDir });
await migrateToLatest(database.db);
const t = { app: await buildApp({ config, database }), database };
await t.app.ready();

async function member() {
  const user = await buildUser(t.database.db);
  const token = await signIn(t.app, user);
  const body = multipart([{ name: 'photo', filename: 'p.jpg', contentType: 'image/jpeg', data: face('b-profile') }]);
  await t.app.inject({ method: 'POST', url: '/api/profile/photos', payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
  return token;
}

/** One verification's server time (challenge excluded): the selfie request from send to answer. */
async function verification(token: string): Promise<number> {
  const challenge = await t.app.inject({ method: 'POST', url: '/api/verification/challenge', headers: bearer(token) });
  const id = challenge.json().data.challenge_id as string;
  const body = multipart([
    { name: 'challenge_id', data: id },
    { name: 's0', filename: 'a.jpg', contentType: 'image/jpeg', data: face('b-smile-mouth-open') },
    { name: 's1', filename: 'b.jpg', contentType: 'image/jpeg', data: face('b-smile-mouth-open') },
  ]);
  const started = performance.now();
  const response = await t.app.inject({ method: 'POST', url: '/api/verification/selfie', payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
  if (response.statusCode !== 200) throw new Error(response.body);
  return performance.now() - started;
}

async function healthLatencies(until: () => boolean, minimum: number): Promise<number[]> {
  const times: number[] = [];
  while (!until() || times.length < minimum) {
    const started = performance.now();
    // Over real HTTP: an inject loop would never let the worker's answers in.
    await (await fetch(`${origin}/api/health`)).arrayBuffer();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

const step = (what: string) => process.stderr.write(`${new Date().toISOString()} ${what}\n`);
const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
step('app ready');
const loadStarted = performance.now();
const stats = await sharedFaceAnalyzer().stats();
const firstLoadMs = performance.now() - loadStarted;
step('models loaded');
await verification(await member()); // the first detect compiles the WASM kernels
step('first verification done');

const sequential: number[] = [];
for (let i = 0; i < 5; i++) sequential.push(await verification(await member()));
sequential.sort((a, b) => a - b);

step('sequential done');
const alone = await healthLatencies(() => true, 300);
step('health alone done');
const tokens = await Promise.all([member(), member(), member(), member()]);
let done = false;
const concurrent = Promise.all(tokens.map((token) => verification(token))).finally(() => { done = true; });
const during = await healthLatencies(() => done, 50);
const concurrentMs = (await concurrent).sort((a, b) => a - b);

const result = {
  at: new Date().toISOString(),
  models: { load_ms: Math.round(firstLoadMs), worker_load_ms: stats.loadMs, tensor_bytes: stats.modelBytes, worker_rss_growth_bytes: stats.rssDeltaBytes },
  verification_ms: { p50: Math.round(percentile(sequential, 50)), max: Math.round(sequential.at(-1)!), target: 2000 },
  four_concurrent_ms: { p50: Math.round(percentile(concurrentMs, 50)), max: Math.round(concurrentMs.at(-1)!) },
  health_p99_ms: { alone: +percentile(alone, 99).toFixed(2), during_4_verifications: +percentile(during, 99).toFixed(2), samples_during: during.length },
};
const ratio = result.health_p99_ms.during_4_verifications / result.health_p99_ms.alone;
console.log(JSON.stringify({ ...result, health_p99_ratio: +ratio.toFixed(2), target_ratio: 3 }, null, 2));
fs.mkdirSync(path.resolve(import.meta.dirname, 'results'), { recursive: true });
fs.writeFileSync(path.resolve(import.meta.dirname, 'results/verification-latest.json'), `${JSON.stringify({ ...result, health_p99_ratio: ratio }, null, 2)}\n`);
await t.app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
