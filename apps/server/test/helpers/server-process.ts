import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '../../src/config';
import { redisKeyPrefix } from './isolation';

export interface ServerProcess {
  origin: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote so far (its log lines on stdout, errors on stderr). */
  output(): string;
  /** Resolves with the first match of `pattern` in the output, waiting for it to be written. */
  waitForOutput(pattern: RegExp, ms?: number): Promise<RegExpMatchArray>;
  /** SIGKILL: no graceful shutdown, as when a machine dies. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

// Fastify's own start-up line; the process listens on port 0 and this says which port it got, so
// no port is ever picked, closed and hoped to be still free when the server binds it.
const LISTENING = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/;
const QUIET_LEVELS = new Set(['fatal', 'error', 'warn', 'silent']);

/**
 * The real server (`src/main.ts`) as its own process, as production runs it: on a port the OS
 * gives it (or `options.port`, e.g. to restart on the port a killed process held), on its own
 * SQLite unless `env` says otherwise, with the test file's Redis key prefix.
 */
/**
 * How long a server process may take to say it is listening: about 3 s on an idle machine, but
 * CI machines have 2 cores and may be busy; a test that starts one gives its hook or itself at
 * least this plus its own work.
 */
export const SERVER_START_MS = 90_000;

export async function startServerProcess(env: Record<string, string>, options: { port?: number } = {}): Promise<ServerProcess> {
  if (env.LOG_LEVEL && QUIET_LEVELS.has(env.LOG_LEVEL)) {
    throw new Error(`startServerProcess reads the port from the info log; LOG_LEVEL=${env.LOG_LEVEL} hides it`);
  }
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/main.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(options.port ?? 0), SEED_DEMO_DATA: 'false', LOG_LEVEL: 'info',
      RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000', CHAT_MESSAGES_PER_MINUTE: '100000', SOCKET_CONNECTS_PER_MINUTE: '100000',
      DATABASE_URL: '', REDIS_URL: '', REDIS_KEY_PREFIX: redisKeyPrefix(), ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters = new Set<() => void>();
  const append = (d: Buffer) => {
    output += d.toString();
    for (const wake of waiters) wake();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', () => {
    for (const wake of waiters) wake();
  });

  const waitForOutput = (pattern: RegExp, ms = 10_000) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(output);
        if (match) return done(() => resolve(match));
        if (child.exitCode !== null || child.signalCode !== null) {
          return done(() => reject(new Error(`server exited (${child.exitCode ?? child.signalCode}) before ${pattern}: ${output.slice(-2000)}`)));
        }
      };
      const timer = setTimeout(() => done(() => reject(new Error(`no ${pattern} in the server output within ${ms} ms: ${output.slice(-2000)}`))), ms);
      const done = (settle: () => void) => {
        clearTimeout(timer);
        waiters.delete(check);
        settle();
      };
      waiters.add(check);
      check();
    });

  let port: number;
  try {
    port = Number((await waitForOutput(LISTENING, SERVER_START_MS))[1]);
  } catch (error) {
    if (child.exitCode === null) child.kill('SIGKILL');
    throw error;
  }
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    child,
    output: () => output,
    waitForOutput,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
