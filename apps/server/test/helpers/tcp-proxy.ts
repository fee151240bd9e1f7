import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, vi } from 'vitest';
import { buildTestApp, type TestApp } from './app';

/**
 * A loopback TCP proxy to a real service (Redis, PostgreSQL) whose link a test can cut: `cut()`
 * destroys every open connection and stops listening (new ones are refused) until `restore()`,
 * as the service going away would look, without stopping the service other tests share.
 * `silence()` keeps every connection open but passes nothing on until `restore()` (then what was
 * sent meanwhile goes through, in order), as a service that is up but does not answer would look.
 */
export interface TcpProxy {
  port: number;
  cut(): void;
  silence(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const links = new Set<{ client: net.Socket; upstream: net.Socket }>();
  let down = false;
  let silent = false;
  const server = net.createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    const upstream = net.connect(targetPort, targetHost);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    const link = { client, upstream };
    links.add(link);
    client.on('close', () => links.delete(link));
    if (!silent) client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    cut() {
      // Refused from now on (the port stops listening), open links broken: Redis is gone.
      down = true;
      server.close();
      for (const socket of sockets) socket.destroy();
    },
    silence() {
      silent = true;
      for (const { client, upstream } of links) client.unpipe(upstream);
    },
    restore() {
      if (silent) {
        silent = false;
        for (const { client, upstream } of links) client.pipe(upstream);
      }
      if (down) {
        down = false;
        server.listen(port, '127.0.0.1');
      }
    },
    close: () => new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (server.listening) server.close(() => resolve());
      else resolve();
    }),
  };
}

/** A redis:// URL that goes through `proxy` to the server `url` names. */
export function throughProxy(url: string, proxy: TcpProxy): string {
  const parsed = new URL(url);
  parsed.hostname = '127.0.0.1';
  parsed.port = String(proxy.port);
  return parsed.toString();
}

/**
 * Waits until `app` reaches Redis again after `restore()` (its health check says so), so that it
 * does not close while its clients are still reconnecting: commands they queued then (the Socket.IO
 * adapter's unsubscribe) would fail with nobody to catch them.
 */
export async function untilRedisIsBack(app: FastifyInstance, timeoutMs = 10_000): Promise<void> {
  await vi.waitFor(async () => {
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    if (health.statusCode !== 200) throw new Error(`health ${health.statusCode}`);
    if (app.deps.limiterRedis && app.deps.limiterRedis.status !== 'ready') throw new Error(`limiter connection ${app.deps.limiterRedis.status}`);
  }, { timeout: timeoutMs, interval: 50 });
}

/**
 * A test app (for the `describe` it is called in) whose Redis link (`REDIS_URL`) goes through a
 * proxy the test can cut, while the shared Redis keeps running for other tests.
 */
export function appWithCuttableRedis(): {
  readonly t: TestApp;
  whileCut<T>(during: () => Promise<T>): Promise<T>;
  whileSilent<T>(during: () => Promise<T>): Promise<T>;
} {
  let t: TestApp;
  let proxy: TcpProxy;
  beforeAll(async () => {
    const target = new URL(process.env.REDIS_URL!);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 6379));
    t = await buildTestApp({ REDIS_URL: throughProxy(process.env.REDIS_URL!, proxy) });
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
  });
  return {
    get t() {
      return t;
    },
    /** Runs `during` with the link cut, then restores it and waits until the app reaches Redis again. */
    whileCut: (during) => withLink(() => proxy.cut(), during),
    /** Runs `during` while Redis gets nothing the app sends, then lets it through and waits until the app reaches Redis again. */
    whileSilent: (during) => withLink(() => proxy.silence(), during),
  };

  async function withLink<T>(breakIt: () => void, during: () => Promise<T>): Promise<T> {
    breakIt();
    try {
      return await during();
    } finally {
      proxy.restore();
      await untilRedisIsBack(t.app);
    }
  }
}
