// Load and latency benchmark of the real server (`npm run bench`). Starts the server as a child
// process on a free loopback port with its own SQLite database and seeded demo members, warms it
// up, then measures a fixed list of scenarios with autocannon for a bounded time each and writes
// bench/results/latest.{json,md}. A raw node:http server measured in the same run is the machine
// baseline: compare ratios within one run, not absolute numbers across runs (see README.md).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuCount, freePort, pin, spawnDemoServer, stop, waitForHealthy } from './support';
import autocannon, { type Result } from 'autocannon';
import { DEMO_ACCOUNT } from '../apps/server/src/seed/demo-account';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');
const resultsDir = path.join(benchDir, 'results');

const durationSeconds = clampInt(process.env.BENCH_DURATION, 5, 1, 60);
const warmupSeconds = clampInt(process.env.BENCH_WARMUP, 2, 0, 30);
const connectionLevels = (process.env.BENCH_CONNECTIONS ?? '2,10,50')
  .split(',')
  .map((c) => clampInt(c, 10, 1, 500))
  .slice(0, 6);
/** Hard stop for the whole run, whatever happens. */
const overallTimeoutMs = 15 * 60 * 1000;

function clampInt(raw: string | undefined, fallback: number, min: number, max: number): number {
  const n = Number.parseInt(raw ?? '', 10);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
}



interface Scenario {
  name: string;
  target: 'server' | 'baseline';
  path: string;
  headers?: Record<string, string>;
}

interface Measurement {
  scenario: string;
  path: string;
  connections: number;
  durationSeconds: number;
  requestsPerSecond: number;
  latencyMs: { average: number; p50: number; p97_5: number; p99: number; max: number };
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

async function measure(base: string, scenario: Scenario, connections: number, duration: number): Promise<Result> {
  return autocannon({
    url: `${base}${scenario.path}`,
    title: scenario.name,
    connections,
    duration,
    timeout: 10,
    headers: scenario.headers ?? {},
  });
}

function toMeasurement(scenario: Scenario, result: Result): Measurement {
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    scenario: scenario.name,
    path: scenario.path,
    connections: result.connections,
    durationSeconds: result.duration,
    requestsPerSecond: round(result.requests.average),
    latencyMs: {
      average: round(result.latency.average),
      p50: result.latency.p50,
      p97_5: result.latency.p97_5,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

function markdown(report: Report): string {
  const lines = [
    `# Benchmark results`,
    '',
    `${report.date} · commit ${report.commit ?? 'n/a'} · Node ${report.node} · ${report.cpus} CPUs (${report.cpuModel})` +
      ` · pinned: ${report.pinned ? 'yes' : 'no'} · database: ${report.database} · ${report.durationSeconds}s per scenario`,
    '',
    '| scenario | path | conns | req/s | × baseline | avg ms | p50 ms | p97.5 ms | p99 ms | errors | non-2xx |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...report.results.map((m) => {
      const base = report.results.find((b) => b.scenario === 'baseline node:http' && b.connections === m.connections);
      const ratio = base && base.requestsPerSecond > 0 ? (m.requestsPerSecond / base.requestsPerSecond).toFixed(2) : '–';
      return `| ${m.scenario} | \`${m.path}\` | ${m.connections} | ${Math.round(m.requestsPerSecond)} | ${ratio} | ${m.latencyMs.average} | ${m.latencyMs.p50} | ${m.latencyMs.p97_5} | ${m.latencyMs.p99} | ${m.errors + m.timeouts} | ${m.non2xx} |`;
    }),
  ];
  if (report.skipped.length) lines.push('', ...report.skipped.map((s) => `- skipped: ${s}`));
  lines.push(
    '',
    '× baseline: requests per second divided by a raw node:http server measured in the same run.',
    'Latency percentiles are whole milliseconds (autocannon\'s resolution); avg is the mean.',
    '',
  );
  return lines.join('\n');
}

interface Report {
  date: string;
  commit: string | null;
  node: string;
  cpus: number;
  cpuModel: string;
  pinned: boolean;
  database: string;
  durationSeconds: number;
  connectionLevels: number[];
  results: Measurement[];
  skipped: string[];
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-bench-'));
  const [serverPort, baselinePort] = [await freePort(), await freePort()];
  const server = `http://127.0.0.1:${serverPort}`;
  const baseline = `http://127.0.0.1:${baselinePort}`;
  const children: ChildProcess[] = [];

  const cleanup = async () => {
    await Promise.all(children.map(stop));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const guard = setTimeout(() => {
    console.error(`benchmark exceeded ${overallTimeoutMs / 60_000} minutes; stopping`);
    void cleanup().finally(() => process.exit(1));
  }, overallTimeoutMs);
  guard.unref();

  try {
    console.log(`starting the server on ${server} (SQLite in ${dataDir})`);
    // The benchmark measures the server, not its rate limiter.
    const serverProcess = spawnDemoServer(serverPort, dataDir, { RATE_LIMIT_MAX: '1000000000' });
    children.push(serverProcess);

    const baselineProcess = spawn(process.execPath, ['-e', [
      "const http = require('node:http');",
      "http.createServer((req, res) => { res.setHeader('content-type', 'application/json'); res.end('{\"ok\":true}'); })",
      `.listen(${baselinePort}, '127.0.0.1');`,
    ].join('')], { stdio: 'ignore' });
    children.push(baselineProcess);

    await waitForHealthy(`${server}/api/health`, serverProcess);
    await waitForHealthy(`${baseline}/`, baselineProcess);

    const pinned = [
      pin(serverProcess.pid!, 0),
      pin(baselineProcess.pid!, 0),
      pin(process.pid, 1),
    ].every(Boolean);

    const login = await fetch(`${server}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }),
    });
    if (!login.ok) throw new Error(`demo sign-in failed: ${login.status} ${await login.text()}`);
    const { data } = (await login.json()) as { data: { token: string } };

    const skipped: string[] = [];
    const scenarios: Scenario[] = [
      { name: 'baseline node:http', target: 'baseline', path: '/' },
      { name: 'health', target: 'server', path: '/api/health' },
      { name: 'current member', target: 'server', path: '/api/auth/user', headers: { authorization: `Bearer ${data.token}` } },
    ];
    const index = await fetch(`${server}/`);
    if (index.ok && (index.headers.get('content-type') ?? '').includes('text/html')) {
      scenarios.splice(2, 0, { name: 'web app index', target: 'server', path: '/' });
    } else {
      skipped.push('web app index (`/`): the web app is not built — run `npm run build` first');
    }

    const results: Measurement[] = [];
    for (const scenario of scenarios) {
      const base = scenario.target === 'server' ? server : baseline;
      if (warmupSeconds > 0) await measure(base, scenario, 10, warmupSeconds);
      for (const connections of connectionLevels) {
        const result = await measure(base, scenario, connections, durationSeconds);
        const m = toMeasurement(scenario, result);
        results.push(m);
        console.log(
          `${scenario.name.padEnd(20)} c=${String(connections).padStart(3)}  ${String(Math.round(m.requestsPerSecond)).padStart(7)} req/s` +
            `  avg ${m.latencyMs.average} ms  p50 ${m.latencyMs.p50} ms  p99 ${m.latencyMs.p99} ms  errors ${m.errors + m.timeouts}  non-2xx ${m.non2xx}`,
        );
      }
    }

    const report: Report = {
      date: new Date().toISOString(),
      commit: gitCommit(),
      node: process.version,
      cpus: cpuCount,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      pinned,
      database: 'sqlite',
      durationSeconds,
      connectionLevels,
      results,
      skipped,
    };
    fs.mkdirSync(resultsDir, { recursive: true });
    fs.writeFileSync(path.join(resultsDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
    fs.writeFileSync(path.join(resultsDir, 'latest.md'), markdown(report));
    console.log(`\nwrote ${path.relative(repoRoot, path.join(resultsDir, 'latest.json'))} and latest.md`);

    const failed = results.filter((m) => m.errors + m.timeouts + m.non2xx > 0);
    if (failed.length) {
      console.error(`some scenarios had errors or non-2xx answers: ${failed.map((m) => `${m.scenario}@${m.connections}`).join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    clearTimeout(guard);
    await cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
