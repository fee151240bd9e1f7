#!/usr/bin/env node
// `npm run cluster -- --processes N` (issue 33): the scale-out topology on one machine — N app
// processes (apps/server/src/main.ts) on ports of their own, and HAProxy (deploy/haproxy.cfg) on
// PORT in front of them, on PostgreSQL (DATABASE_URL) and Redis (REDIS_URL). Prints
// `cluster ready on http://127.0.0.1:PORT` once HAProxy sees every backend healthy.
//
// Signals: SIGTERM/SIGINT drain every app process (each finishes its requests and sends, asks its
// sockets to reconnect) and stop HAProxy. SIGHUP restarts the app processes one at a time (a
// rolling restart: SIGTERM, start again on the same port, wait until HAProxy has it UP), printing
// `rolling restart done`. A process that dies on its own is started again on its port.
//
// Ports: the app processes listen on port 0 and their port is read back from their start-up line;
// HAProxy's port is bound here (PORT, or any free port with PORT=0) and handed to HAProxy as an
// inherited socket (`bind fd@3`), so no port is picked, released and hoped to be still free.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LISTENING = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/;
const START_MS = 120_000;
const LEVELS_SHOWN_QUIET = 40; // pino's warn: with --quiet only warnings and errors of the apps are shown

function usage(message) {
  process.stderr.write(`${message}\n\nusage: DATABASE_URL=postgres://… REDIS_URL=redis://… PORT=8080 npm run cluster -- --processes 3 [--quiet]\n`);
  process.exit(2);
}

function parseArgs(argv) {
  const options = { processes: 3, quiet: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--quiet') options.quiet = true;
    else if (arg === '--processes' || arg.startsWith('--processes=')) {
      const value = arg.includes('=') ? arg.split('=')[1] : argv[++i];
      options.processes = Number(value);
      if (!Number.isInteger(options.processes) || options.processes < 1 || options.processes > 64) usage(`--processes must be a whole number from 1 to 64, not ${value}`);
    } else usage(`unknown argument ${arg}`);
  }
  return options;
}

const options = parseArgs(process.argv.slice(2));
const envFile = path.join(root, '.env');
if (fs.existsSync(envFile)) process.loadEnvFile(envFile);
const missing = [
  !/^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '') && 'DATABASE_URL (postgres://…): every process must share one PostgreSQL database',
  !/^rediss?:\/\//.test(process.env.REDIS_URL ?? '') && 'REDIS_URL (redis://…): real-time events, recovery and limits are shared through Redis',
].filter(Boolean);
if (missing.length > 0) usage(`npm run cluster needs:\n${missing.map((m) => `  ${m}`).join('\n')}`);
const haproxyBin = process.env.HAPROXY_BIN || '/usr/sbin/haproxy';
if (!fs.existsSync(haproxyBin)) usage(`HAProxy is not installed (${haproxyBin}): apt-get install -y haproxy`);
const port = Number(process.env.PORT ?? 8080);
if (!Number.isInteger(port) || port < 0 || port > 65535) usage(`PORT must be a port number, not ${process.env.PORT}`);

const log = (line) => process.stdout.write(`[cluster] ${line}\n`);
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-cluster-'));
const statsSocket = path.join(workDir, 'haproxy.sock');

/** One app process, restartable on the port it first got. */
class Backend {
  constructor(index) {
    this.name = `app${index + 1}`;
    this.port = 0;
    this.child = null;
    this.stopping = false;
  }

  /** Starts the process (on its port once it has one) and resolves once it listens. */
  start() {
    this.stopping = false;
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
      cwd: root,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(this.port),
        // The start-up line says which port the OS gave: info at least.
        LOG_LEVEL: ['fatal', 'error', 'warn', 'silent'].includes(process.env.LOG_LEVEL ?? '') ? 'info' : (process.env.LOG_LEVEL || 'info'),
        // Only HAProxy on this machine reaches the processes: its X-Forwarded-For is the client.
        TRUST_PROXY: 'true',
        PUBLIC_URL: process.env.PUBLIC_URL || `http://localhost:${publicPort}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    this.exited = exited;
    return new Promise((resolve, reject) => {
      let listening = false;
      let buffered = '';
      const onLine = (line) => {
        if (!listening) {
          const match = LISTENING.exec(line);
          if (match) {
            listening = true;
            this.port = Number(match[1]);
            log(`${this.name} listening on port ${this.port} (pid ${child.pid})`);
            resolve();
          }
        }
        if (shows(line)) process.stdout.write(`[${this.name}] ${line}\n`);
      };
      const onData = (data) => {
        buffered += data.toString();
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        lines.forEach(onLine);
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', (data) => process.stderr.write(`[${this.name}] ${data}`));
      const timer = setTimeout(() => reject(new Error(`${this.name} did not start within ${START_MS} ms`)), START_MS);
      timer.unref();
      void exited.then(({ code, signal }) => {
        clearTimeout(timer);
        if (!listening) return reject(new Error(`${this.name} exited (${code ?? signal}) before listening`));
        if (!this.stopping && !shuttingDown) {
          log(`${this.name} exited on its own (${code ?? signal}); starting it again on port ${this.port}`);
          this.start().catch((err) => log(`${this.name} could not start again: ${err.message}`));
        }
      });
    });
  }

  /** SIGTERM: the process drains and exits (SHUTDOWN_GRACE_MS bounds it). */
  async stop() {
    this.stopping = true;
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    return this.exited;
  }
}

/** deploy/haproxy.cfg with its placeholders filled (comment lines, which name them, are left alone). */
export function renderHaproxyConfig(template, values) {
  return template
    .split('\n')
    .map((line) => (line.trimStart().startsWith('#') ? line : line.replace(/\{\{([A-Z]+)\}\}/g, (_, name) => values[name] ?? '')))
    .join('\n');
}

function shows(line) {
  if (!options.quiet) return true;
  try {
    return JSON.parse(line).level >= LEVELS_SHOWN_QUIET;
  } catch {
    return true;
  }
}

/** One command on HAProxy's runtime API (the stats socket). */
function haproxyCommand(command) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(statsSocket);
    // A connection HAProxy took while still starting may never be answered: ask again instead.
    socket.setTimeout(1000, () => socket.destroy(new Error('no answer from haproxy')));
    let answer = '';
    socket.on('data', (d) => (answer += d));
    // HAProxy answers one command and closes (a half-closed request would be dropped unanswered).
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.write(`${command}\n`);
  });
}

/** The backends HAProxy has UP, by server name. */
async function serversUp() {
  const csv = await haproxyCommand('show stat');
  const [header, ...rows] = csv.split('\n').filter(Boolean);
  const columns = header.replace(/^# /, '').split(',');
  const at = (name) => columns.indexOf(name);
  const servers = rows.map((r) => r.split(',')).filter((c) => c[at('pxname')] === 'app' && c[at('svname')] !== 'BACKEND');
  return new Set(servers.filter((c) => c[at('status')] === 'UP').map((c) => c[at('svname')]));
}

async function waitUntil(check, ms, what) {
  const deadline = Date.now() + ms;
  let lastError = null;
  for (;;) {
    try {
      if (await check()) return;
    } catch (err) {
      // HAProxy's socket is not there yet: ask again.
      lastError = err;
    }
    if (Date.now() > deadline) throw new Error(`${what} not within ${ms} ms${lastError ? ` (${lastError.message})` : ''}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const backends = Array.from({ length: options.processes }, (_, i) => new Backend(i));
let haproxy = null;
let shuttingDown = false;
let publicPort = port;

// The balancer's port, bound here so it is known (PORT=0: any free one) and handed to HAProxy.
const listener = net.createServer();
await new Promise((resolve, reject) => {
  listener.once('error', (err) => reject(err.code === 'EADDRINUSE' ? new Error(`PORT ${port} is in use`) : err));
  listener.listen({ host: '127.0.0.1', port }, resolve);
}).catch((err) => usage(err.message));
publicPort = listener.address().port;

async function shutdown(signal, exitCode = 0) {
  if (shuttingDown) return;
  shuttingDown = true;
  log(`${signal}: draining ${backends.length} app processes`);
  const results = await Promise.all(backends.map((b) => b.stop()));
  if (haproxy && haproxy.exitCode === null) {
    haproxy.kill('SIGTERM');
    await new Promise((resolve) => haproxy.once('exit', resolve));
  }
  fs.rmSync(workDir, { recursive: true, force: true });
  const failed = results.filter((r) => r && r.code !== 0).length;
  log(failed === 0 ? 'stopped' : `stopped (${failed} app processes did not exit cleanly)`);
  process.exit(failed === 0 ? exitCode : 1);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

let rolling = false;
process.on('SIGHUP', () => {
  if (rolling || shuttingDown) return;
  rolling = true;
  void (async () => {
    for (const backend of backends) {
      if (shuttingDown) break;
      log(`rolling restart: ${backend.name}`);
      await backend.stop();
      await backend.start();
      await waitUntil(async () => (await serversUp()).has(backend.name), START_MS, `${backend.name} UP in HAProxy`);
      log(`${backend.name} restarted on port ${backend.port}`);
    }
    log('rolling restart done');
  })().catch((err) => log(`rolling restart failed: ${err.message}`)).finally(() => {
    rolling = false;
  });
});

try {
  log(`starting ${backends.length} app processes`);
  await Promise.all(backends.map((b) => b.start()));
  const template = fs.readFileSync(path.join(root, 'deploy/haproxy.cfg'), 'utf8');
  const config = renderHaproxyConfig(template, {
    BIND: 'fd@3',
    STATS: `    stats socket ${statsSocket} mode 600 level admin`,
    SERVERS: backends.flatMap((b) => [`    server ${b.name} 127.0.0.1:${b.port} check`, `    server ${b.name}-spare 127.0.0.1:${b.port} backup`]).join('\n'),
  });
  const configFile = path.join(workDir, 'haproxy.cfg');
  fs.writeFileSync(configFile, config);
  haproxy = spawn(haproxyBin, ['-f', configFile, '-db'], { stdio: ['ignore', 'inherit', 'inherit', listener._handle.fd] });
  // HAProxy holds its own copy of the socket now; this process accepts nothing on it.
  listener.close();
  haproxy.once('exit', (code, signal) => {
    if (!shuttingDown) {
      log(`haproxy exited (${code ?? signal})`);
      void shutdown('haproxy exit', 1);
    }
  });
  await waitUntil(async () => (await serversUp()).size === backends.length, START_MS, 'every backend UP in HAProxy');
  for (const b of backends) log(`${b.name} pid ${b.child.pid} on http://127.0.0.1:${b.port}`);
  process.stdout.write(`cluster ready on http://127.0.0.1:${publicPort}\n`);
} catch (err) {
  log(`could not start: ${err.message}`);
  await shutdown('start-up failure', 1);
}
