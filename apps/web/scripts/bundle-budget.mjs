#!/usr/bin/env node
// What a first visit to a page downloads, from a build's manifest: the entry's static imports plus
// the lazily loaded layout and page group the route needs (and their static imports), JavaScript
// and CSS gzipped as the server sends them. `node apps/web/scripts/bundle-budget.mjs` builds the
// app into a temporary directory and prints the figures; the budget test asserts them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Initial JavaScript and CSS per page, gzip, in bytes (issue #18), and how many JavaScript files:
 * over HTTP/1.1 a browser fetches six at a time, so each six more cost a round trip.
 */
export const BUDGETS = { jsGzip: 158 * 1024, cssGzip: 40 * 1024, jsFiles: 12 };

/**
 * Each measured page: its route's name (the key of first-load.json) and the source modules a first
 * visit loads besides the entry (see app/page-groups.ts).
 */
export const PAGES = {
  '/auth/login': { route: 'auth.login', modules: ['src/app/routes/groups/auth.ts'] },
  '/app/dashboard': { route: 'app.dashboard', modules: ['src/app/layouts/app-shell.tsx', 'src/app/routes/groups/home.ts'] },
};

/** Builds the web app into a fresh directory with a manifest; resolves to that directory. */
export async function buildForBudget() {
  const { build } = await import('vite');
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-budget-'));
  await build({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    logLevel: 'silent',
    build: { outDir, manifest: true, sourcemap: false, emptyOutDir: true },
  });
  return outDir;
}

const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

/** Files of `keys` and of everything they import statically. */
function closure(manifest, keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not a chunk of the build: update PAGES in bundle-budget.mjs`);
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  const js = new Set();
  const css = new Set();
  for (const key of seen) {
    js.add(manifest[key].file);
    for (const file of manifest[key].css ?? []) css.add(file);
  }
  return { js: [...js], css: [...css] };
}

/** Initial gzip bytes of JavaScript and CSS for each page of PAGES, from a build in `outDir`. */
export function measurePages(outDir) {
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'));
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  return Object.fromEntries(
    Object.entries(PAGES).map(([page, { modules }]) => {
      const files = closure(manifest, [entry, ...modules]);
      const sum = (list) => list.reduce((total, file) => total + gzipSize(path.join(outDir, file)), 0);
      return [page, { jsGzip: sum(files.js), cssGzip: sum(files.css), files }];
    }),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = await buildForBudget();
  try {
    const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
    // What the server preloads with each page besides what the budget counts (the schemas chunk,
    // for a signed-in page's start-up token check): said, not hidden.
    const firstLoad = JSON.parse(fs.readFileSync(path.join(outDir, 'first-load.json'), 'utf8'));
    for (const [page, size] of Object.entries(measurePages(outDir))) {
      const counted = new Set([...size.files.js, ...size.files.css].map((file) => `/${file}`));
      const extra = (firstLoad[PAGES[page].route] ?? []).filter((file) => !counted.has(file));
      const extraGzip = extra.reduce((total, file) => total + gzipSize(path.join(outDir, file)), 0);
      process.stdout.write(`${page}: JS ${kb(size.jsGzip)} of ${kb(BUDGETS.jsGzip)} in ${size.files.js.length} files (at most ${BUDGETS.jsFiles}), CSS ${kb(size.cssGzip)} of ${kb(BUDGETS.cssGzip)} (gzip)`
        + `${extra.length ? `; also preloaded with the page: ${kb(extraGzip)} (${extra.map((file) => path.basename(file)).join(', ')})` : ''}\n`);
    }
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}
