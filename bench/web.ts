/**
 * Lighthouse on the built web app (issue #18): mobile profile (Lighthouse's default: a mid-range
 * phone on slow 4G, simulated), Debian's Chromium, against the real server with demo data.
 * /auth/login signed out; /app/dashboard, /app/discover and /app/messages signed in as the demo
 * member. Each page runs BENCH_WEB_RUNS times (default 3); the median run (by performance score)
 * gives the score, LCP, TBT and CLS. Writes bench/results/web-latest.{json,md}.
 *
 *   npm run build && npm run bench:web
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { DEMO_ACCOUNT } from '../apps/server/src/seed/demo-account';
import { freePort, spawnDemoServer, stop, waitForHealthy } from './support';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');
const resultsDir = path.join(benchDir, 'results');
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const runs = Math.min(Math.max(Number(process.env.BENCH_WEB_RUNS) || 3, 1), 9);
const SESSION_STORAGE_KEY = 'linkup.session';
/** BENCH_WEB_REPORTS=dir keeps each run's full Lighthouse report (LCP element, chains, long tasks). */
const reportsDir = process.env.BENCH_WEB_REPORTS;

const ALL_PAGES = [
  { path: '/auth/login', signedIn: false },
  { path: '/app/dashboard', signedIn: true },
  { path: '/app/discover', signedIn: true },
  { path: '/app/messages', signedIn: true },
] as const;
/** BENCH_WEB_PAGES=/app/messages,/app/discover measures only those pages (while working on them). */
const only = process.env.BENCH_WEB_PAGES?.split(',').map((p) => p.trim()).filter(Boolean);
const PAGES = only?.length ? ALL_PAGES.filter((page) => only.includes(page.path)) : ALL_PAGES;

interface Run {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  transferKb: number;
  debug?: unknown;
}

interface PageResult {
  path: string;
  signedIn: boolean;
  runs: Run[];
  median: Run;
}

const median = (items: Run[]): Run => [...items].sort((a, b) => a.performance - b.performance)[Math.floor(items.length / 2)]!;

/** Lighthouse asks for a rerun when it could not record the trace (e.g. NO_NAVSTART): up to 3 tries. */
async function auditWithRetry(browser: Browser, url: string, session: unknown): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(browser, url, session);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.warn(`retrying ${url}: ${(error as Error).message}`);
    }
  }
}

async function audit(browser: Browser, url: string, session: unknown): Promise<Run> {
  // A fresh context per run: an empty HTTP cache, as on a first visit; only the session is set.
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  try {
    const origin = new URL(url).origin;
    // The session as the app keeps it, set on the origin before Lighthouse loads the page.
    await page.goto(`${origin}/favicon.png`);
    // (A string, so the bench's Node types need no DOM: it runs in the page.)
    await page.evaluate(
      session
        ? `localStorage.setItem(${JSON.stringify(SESSION_STORAGE_KEY)}, ${JSON.stringify(JSON.stringify(session))})`
        : `localStorage.removeItem(${JSON.stringify(SESSION_STORAGE_KEY)})`,
    );
    const result = await lighthouse(
      url,
      { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: true },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    if (reportsDir) {
      fs.mkdirSync(reportsDir, { recursive: true });
      const name = `${new URL(url).pathname.replaceAll('/', '_').replace(/^_/, '')}-${Date.now()}.json`;
      fs.writeFileSync(path.join(reportsDir, name), JSON.stringify(lhr));
    }
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      lcpMs: Math.round(numeric('largest-contentful-paint')),
      tbtMs: Math.round(numeric('total-blocking-time')),
      cls: Number(numeric('cumulative-layout-shift').toFixed(3)),
      fcpMs: Math.round(numeric('first-contentful-paint')),
      transferKb: Math.round(numeric('total-byte-weight') / 1024),
      ...(process.env.BENCH_WEB_DEBUG ? { debug: debugDetails(lhr) } : {}),
    };
  } finally {
    await context.close();
  }
}

/** The heaviest requests and the layout shifts, to see what a score is made of (BENCH_WEB_DEBUG=1). */
function debugDetails(lhr: { audits: Record<string, { details?: unknown }> }): unknown {
  const items = (id: string) => ((lhr.audits[id]?.details as { items?: unknown[] } | undefined)?.items ?? []).slice(0, 12);
  return { requests: items('network-requests'), shifts: items('layout-shifts'), mainThread: items('bootup-time') };
}

function markdown(results: PageResult[], when: string): string {
  const lines = [
    `Lighthouse ${runs}× per page, mobile profile (simulated slow 4G, mid-range phone), Chromium; median run (${when}).`,
    '',
    '| page | performance | accessibility | LCP | TBT | CLS | FCP | transferred |',
    '|---|---|---|---|---|---|---|---|',
    ...results.map(({ path: page, signedIn, median: m }) =>
      `| \`${page}\`${signedIn ? ' (signed in)' : ''} | ${m.performance} | ${m.accessibility} | ${(m.lcpMs / 1000).toFixed(1)} s | ${m.tbtMs} ms | ${m.cls} | ${(m.fcpMs / 1000).toFixed(1)} s | ${m.transferKb} KB |`),
    '',
    'All runs (performance score): ' + results.map((r) => `\`${r.path}\` ${r.runs.map((x) => x.performance).join(', ')}`).join('; '),
    '',
  ];
  return lines.join('\n');
}

async function main() {
  if (!fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) throw new Error('The web app is not built: run `npm run build` first.');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-bench-web-'));
  let server: ChildProcess | undefined;
  let browser: Browser | undefined;
  try {
    server = spawnDemoServer(port, dataDir, { RATE_LIMIT_MAX: '1000000', AUTH_RATE_LIMIT_MAX: '1000' });
    await waitForHealthy(`${base}/api/health`, server);

    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }),
    });
    if (!login.ok) throw new Error(`demo sign-in failed: ${login.status}`);
    const session = ((await login.json()) as { data: unknown }).data;

    browser = await puppeteer.launch({
      executablePath: chromium,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });

    const results: PageResult[] = [];
    for (const page of PAGES) {
      const all: Run[] = [];
      for (let i = 0; i < runs; i++) {
        const run = await auditWithRetry(browser, `${base}${page.path}`, page.signedIn ? session : null);
        console.log(`${page.path} run ${i + 1}: performance ${run.performance}, accessibility ${run.accessibility}, LCP ${run.lcpMs} ms, TBT ${run.tbtMs} ms, CLS ${run.cls}`);
        all.push(run);
      }
      results.push({ path: page.path, signedIn: page.signedIn, runs: all, median: median(all) });
    }

    const when = new Date().toISOString();
    const table = markdown(results, when);
    // A partial run (BENCH_WEB_PAGES) is for working on a page: it does not replace the results.
    if (PAGES === ALL_PAGES) {
      fs.mkdirSync(resultsDir, { recursive: true });
      fs.writeFileSync(path.join(resultsDir, 'web-latest.json'), `${JSON.stringify({ when, runs, results }, null, 2)}\n`);
      fs.writeFileSync(path.join(resultsDir, 'web-latest.md'), `# Lighthouse (bench/web.ts)\n\n${table}`);
    }
    console.log(`\n${table}`);
  } finally {
    await browser?.close();
    if (server) await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
