// Issue 33: liveness, readiness and the drain. In-process for the answers; a real `src/main.ts`
// process for what SIGTERM does (its sockets are asked to reconnect, and it exits cleanly).
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LivenessSchema, ReadinessSchema, envelope } from '@linkup/contract';
import { REPO_ROOT } from '../src/config';
import { buildTestApp, type TestApp } from './helpers/app';
import { register } from './helpers/remote';
import { SERVER_START_MS, startServerProcess } from './helpers/server-process';
import { openSocket, until } from './helpers/sockets';
import { makeDataDir, removeDataDir } from './helpers/isolation';

describe('health: live and ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ MAX_EVENT_LOOP_DELAY_MS: '0' });
  });
  afterAll(async () => t?.close());

  it('answers live and ready while the database (and Redis, when configured) answer', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(envelope(LivenessSchema).parse(live.json()).data.status).toBe('ok');
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ReadinessSchema.parse(ready.json().data)).toMatchObject({ status: 'ready', checks: { database: { status: 'up' } } });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('fails readiness at once when the process drains; liveness and /api/health stay up', async () => {
    const other = await buildTestApp({ MAX_EVENT_LOOP_DELAY_MS: '0' });
    try {
      other.app.deps.drain.start();
      const ready = await other.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ success: false, status: 503, code: 'unavailable', data: { status: 'draining' } });
      expect((await other.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      expect((await other.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('load shedding (@fastify/under-pressure)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ MAX_EVENT_LOOP_DELAY_MS: '50' });
  });
  afterAll(async () => t?.close());

  it('answers 503 with Retry-After while the event loop lags; the health routes answer for themselves', async () => {
    const app = t.app as typeof t.app & { isUnderPressure(): boolean };
    let shed: Awaited<ReturnType<typeof app.inject>> | undefined;
    let health: number[] = [];
    // The subject is event-loop lag: block the loop until the plugin's sampler has seen it, then
    // ask while it still sees it (its samples come every second).
    await until(async () => {
      const end = Date.now() + 1200;
      while (Date.now() < end) {
        // busy: the lag under test
      }
      if (!app.isUnderPressure()) return false;
      shed = await app.inject({ method: 'GET', url: '/api/auth/user' });
      health = [
        (await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode,
        (await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode,
      ];
      return app.isUnderPressure();
    }, 20_000);
    expect(shed?.statusCode).toBe(503);
    expect(shed?.headers['retry-after']).toBe('2');
    expect(shed?.json()).toMatchObject({ success: false, status: 503, code: 'unavailable' });
    expect(health).toEqual([200, 200]);
  });
});

describe('the drain of a server process (SIGTERM)', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = makeDataDir();
  });
  afterAll(() => removeDataDir(dataDir));

  it('asks its sockets to reconnect (not a server disconnect), finishes, and exits 0 — without waiting on a client that never answers', async () => {
    const server = await startServerProcess({ DATA_DIR: dataDir, SHUTDOWN_GRACE_MS: '40000' });
    let socket: Awaited<ReturnType<typeof openSocket>> | undefined;
    let quiet: ChildProcess | undefined;
    try {
      const member = await register(server.origin, 'Drina');
      const open = await openSocket(server.origin, member.token);
      socket = open;
      // A second client, in a process of its own, stopped once connected: it reads nothing more
      // (a phone gone quiet), so it never answers the WebSocket close — ws would wait 30 s for it.
      quiet = spawn(process.execPath, ['--input-type=module', '-e', `
        import { io } from 'socket.io-client';
        io(${JSON.stringify(server.origin)}, { auth: { token: ${JSON.stringify(member.token)} }, transports: ['websocket'] })
          .on('connect', () => console.log('connected'));`], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
      await new Promise<void>((resolve, reject) => {
        quiet!.stdout!.on('data', (d: Buffer) => d.toString().includes('connected') && resolve());
        quiet!.once('exit', (code) => reject(new Error(`the quiet client exited (${code}) before connecting`)));
      });
      quiet.kill('SIGSTOP');

      const reason = new Promise<string>((resolve) => open.once('disconnect', (r) => resolve(r)));
      const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
      const started = Date.now();
      server.child.kill('SIGTERM');
      // "transport close": Socket.IO reconnects by itself (with jitter) and resumes the session;
      // "io server disconnect" would leave the client disconnected.
      expect(await reason).toBe('transport close');
      expect(await exited).toBe(0);
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(server.output()).toMatch(/"msg":"drained; exiting"/);
    } finally {
      socket?.close();
      quiet?.kill('SIGKILL');
      await server.stop();
    }
  }, SERVER_START_MS + 40_000);
});

describe('GET /metrics (Prometheus)', () => {
  const TOKEN = 'metrics-token-for-tests-0123456789';
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => t?.close());

  it('needs the bearer token, and reports request latency per route, sockets, messages, event-loop lag and the row-change listener', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-token-of-same-size-0123' } })).statusCode).toBe(401);
    await t.app.inject({ method: 'GET', url: '/api/health/live' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/linkup_http_request_duration_seconds_count\{method="GET",route="\/api\/health\/live",status="200"\} 1/);
    expect(res.body).toMatch(/^linkup_sockets_connected 0$/m);
    expect(res.body).toMatch(/^linkup_chat_messages_sent_total 0$/m);
    expect(res.body).toMatch(/^linkup_nodejs_eventloop_lag_seconds /m);
    // PostgreSQL: whether its row changes are heard (kept reads on), and how often that stopped.
    if (t.database.dialect === 'postgres') {
      expect(res.body).toMatch(/^linkup_row_changes_listening 1$/m);
      expect(res.body).toMatch(/^linkup_row_changes_lost_total 0$/m);
    } else {
      expect(res.body).not.toMatch(/linkup_row_changes_/);
    }
  });

  it('does not exist without METRICS_TOKEN', async () => {
    const other = await buildTestApp();
    try {
      expect((await other.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});
