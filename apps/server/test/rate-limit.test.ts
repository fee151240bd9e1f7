import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import type { IncomingMessage, ServerResponse } from 'node:http';
import net, { type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app';
import { needsEnv } from './helpers/requires';
import { randomIp } from './helpers/remote';
import { listen, until } from './helpers/sockets';
import { appWithCuttableRedis } from './helpers/tcp-proxy';
import { REDIS_REQUEST_TIMEOUT_MS } from '../src/lib/redis';

const attempt = (t: TestApp, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { email: 'nobody@example.test', password: 'wrong-password' } });

describe('rate limiting (in memory)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_MAX: '5' });
  });
  afterAll(async () => t.close());

  it('answers 429 with the catalogue message once an IP is over the limit', async () => {
    const ip = randomIp();
    for (let i = 0; i < 5; i++) expect((await t.app.inject({ method: 'GET', url: '/api/nope', remoteAddress: ip })).statusCode).toBe(404);
    const limited = await t.app.inject({ method: 'GET', url: '/api/nope', remoteAddress: ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, status: 429, message: 'Too many requests. Please try again later.' });
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await t.app.inject({ method: 'GET', url: '/api/nope', remoteAddress: randomIp() })).statusCode).toBe(404);
  });

  it('never limits the web app’s pages', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<div id="root"></div>');
    const web = await buildTestApp({ RATE_LIMIT_MAX: '2', WEB_DIST_DIR: dist });
    try {
      for (let i = 0; i < 6; i++) expect((await web.app.inject({ method: 'GET', url: '/app/dashboard', remoteAddress: '10.9.9.9' })).statusCode).toBe(200);
    } finally {
      await web.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it('never limits the health check', async () => {
    const ip = randomIp();
    for (let i = 0; i < 8; i++) expect((await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: ip })).statusCode).toBe(200);
  });
});

// Issue 33: behind HAProxy a client that aborts makes HAProxy close its connection to us while
// the request is still in hand. Node forgets a closed socket's address, so `request.ip` was
// undefined: the HTTP limit's key threw (a 500) and such requests were never counted.
describe('rate limiting a client that has gone away (real HTTP)', () => {
  let t: TestApp;
  let origin = '';
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_MAX: '3' });
    origin = await listen(t.app);
  });
  afterAll(async () => t?.close());

  it('counts its requests against its address, like a client that stays', async () => {
    const responses: ServerResponse[] = [];
    // The connection closes as the request arrives, before the app has looked at it.
    const goneAway = (request: IncomingMessage, response: ServerResponse) => {
      request.socket.destroy();
      responses.push(response);
    };
    t.app.server.prependListener('request', goneAway);
    try {
      const { port } = new URL(origin);
      for (let i = 0; i < 3; i++) {
        await new Promise<void>((resolve) => {
          const client = net.connect(Number(port), '127.0.0.1', () => client.write('GET /api/nope HTTP/1.1\r\nhost: linkup.test\r\n\r\n'));
          client.on('error', () => undefined);
          client.on('close', () => resolve());
        });
      }
      await until(() => responses.length === 3 && responses.every((r) => r.writableEnded));
    } finally {
      t.app.server.off('request', goneAway);
    }
    // Answered (to no one) as the 404 they were, not a 500 from an undefined key.
    expect(responses.map((r) => r.statusCode)).toEqual([404, 404, 404]);
    // Counted under 127.0.0.1: the same address's next request is over the limit of 3.
    const next = await fetch(`${origin}/api/nope`);
    expect(next.status).toBe(429);
  });

  it('closes unread a connection its client reset before it was accepted (its address is gone)', async () => {
    const { port } = new URL(origin);
    const accepted = new Promise<Socket>((resolve) => t.app.server.once('connection', resolve));
    const handled: string[] = [];
    const onRequest = (request: IncomingMessage) => handled.push(String(request.url));
    t.app.server.on('request', onRequest);
    try {
      // Another process connects, sends a request and resets, while this one's event loop is held
      // by spawnSync: the connection is accepted after the reset, as by a server too busy to
      // accept before HAProxy gave up on its health check.
      const client = spawnSync(process.execPath, ['-e', `
        const socket = require('node:net').connect(${port}, '127.0.0.1', () => {
          socket.write('GET /api/health/ready HTTP/1.1\\r\\nhost: linkup.test\\r\\n\\r\\n', () => { socket.resetAndDestroy(); socket.on('close', () => process.exit(0)); });
        });`]);
      expect(client.status, String(client.stderr)).toBe(0);
      const socket = await accepted;
      // A later request is handled; the reset one never was (Node would have run it with no address).
      expect((await fetch(`${origin}/api/health/live`)).status).toBe(200);
      expect(handled).toEqual(['/api/health/live']);
      expect(socket.destroyed).toBe(true);
    } finally {
      t.app.server.off('request', onRequest);
    }
  });
});

// Two app instances in this process sharing Redis; real processes: processes.test.ts.
describe('rate limiting shared through Redis by two app instances', needsEnv('REDIS_URL'), () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await buildTestApp({ REDIS_URL: process.env.REDIS_URL!, AUTH_RATE_LIMIT_MAX: '10' });
    b = await buildTestApp({ REDIS_URL: process.env.REDIS_URL!, AUTH_RATE_LIMIT_MAX: '10' });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('counts sign-in attempts from one address on both instances together', async () => {
    const ip = randomIp();
    for (let i = 0; i < 5; i++) expect((await attempt(a, ip)).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) expect((await attempt(b, ip)).statusCode).toBe(401);
    expect((await attempt(a, ip)).statusCode).toBe(429);
    expect((await attempt(b, ip)).statusCode).toBe(429);
  });
});

// The link to Redis cut by a proxy (the shared Redis keeps running for other tests).
describe('rate limiting while Redis is unreachable', needsEnv('REDIS_URL'), () => {
  const redis = appWithCuttableRedis();

  it('answers within the request timeout while Redis accepts but does not answer, for HTTP and member limits alike', async () => {
    const { t } = redis;
    const ip = randomIp();
    expect((await t.app.inject({ method: 'GET', url: '/api/nope', remoteAddress: ip })).statusCode).toBe(404);
    await redis.whileSilent(async () => {
      for (let i = 0; i < 2; i++) {
        const started = performance.now();
        expect((await t.app.inject({ method: 'GET', url: '/api/nope', remoteAddress: ip })).statusCode).toBe(404);
        expect(performance.now() - started).toBeLessThan(REDIS_REQUEST_TIMEOUT_MS + 500);
      }
      // The per-member limiter (socket sends, connects) counts in this process meanwhile.
      const started = performance.now();
      expect(await t.app.deps.limiter.take(`silent-${ip}`, 1, 60_000)).toBe(true);
      expect(await t.app.deps.limiter.take(`silent-${ip}`, 1, 60_000)).toBe(false);
      expect(performance.now() - started).toBeLessThan(2 * REDIS_REQUEST_TIMEOUT_MS + 500);
    });
  });

  it('answers at once, counting nothing, instead of waiting for Redis to come back', async () => {
    const { t } = redis;
    const ip = randomIp();
    expect((await t.app.inject({ method: 'GET', url: '/api/nope', remoteAddress: ip })).statusCode).toBe(404);
    await redis.whileCut(async () => {
      const started = performance.now();
      for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'GET', url: '/api/nope', remoteAddress: ip })).statusCode).toBe(404);
      expect(performance.now() - started).toBeLessThan(1_000);
    });
  });
});
