// The first-load budgets of issue #18, checked on a real production build: a change that makes
// /auth/login or /app/dashboard download more JavaScript or CSS than allowed fails here.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUDGETS, buildForBudget, measurePages, PAGES } from './bundle-budget.mjs';

let outDir = '';
let sizes: ReturnType<typeof measurePages>;

beforeAll(async () => {
  outDir = await buildForBudget();
  sizes = measurePages(outDir);
}, 300_000);

afterAll(() => {
  if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
});

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('first-load budget (gzip)', () => {
  it.each(Object.keys(PAGES))('%s: initial JavaScript ≤ 158 KB in at most 12 files, and CSS ≤ 40 KB', (page) => {
    const size = sizes[page]!;
    expect(size.files.js.length, 'the page loads at least the entry').toBeGreaterThan(0);
    expect(size.files.js.length, `JavaScript files: ${size.files.js.join(', ')}`).toBeLessThanOrEqual(BUDGETS.jsFiles);
    expect(size.jsGzip, `JavaScript ${kb(size.jsGzip)}: ${size.files.js.join(', ')}`).toBeLessThanOrEqual(BUDGETS.jsGzip);
    expect(size.cssGzip, `CSS ${kb(size.cssGzip)}: ${size.files.css.join(', ')}`).toBeLessThanOrEqual(BUDGETS.cssGzip);
  });

  it('no first page\'s code (entry and page group) holds zod or the Socket.IO client', () => {
    for (const [page, size] of Object.entries(sizes)) {
      const code = size.files.js.map((file) => fs.readFileSync(`${outDir}/${file}`, 'utf8')).join('\n');
      // Markers from each library's source that survive minification.
      expect(code.includes('ZodError'), `${page} loads zod`).toBe(false);
      expect(code.includes('engine.io'), `${page} loads the Socket.IO client`).toBe(false);
    }
  });

  it('first-load.json names what the server preloads with each page: its group, the shell, and the schemas only when signed in', () => {
    const list = JSON.parse(fs.readFileSync(`${outDir}/first-load.json`, 'utf8')) as Record<string, string[]>;
    for (const [route, files] of Object.entries(list)) {
      for (const file of files) expect(fs.existsSync(`${outDir}${file}`), `${route}: ${file}`).toBe(true);
    }
    // Everything a first visit of the page measured above loads besides what index.html names itself.
    const html = fs.readFileSync(`${outDir}/index.html`, 'utf8');
    const pageFiles = (page: string) => [...sizes[page]!.files.js, ...sizes[page]!.files.css].map((file) => `/${file}`).filter((file) => !html.includes(`"${file}"`));
    for (const [page, { route }] of Object.entries(PAGES)) expect(list[route]).toEqual(expect.arrayContaining(pageFiles(page)));
    // The start-up token check of a signed-in page parses its answer with the contract's schemas (zod).
    const schemas = (files: string[] = []) => files.filter((file) => fs.readFileSync(`${outDir}${file}`, 'utf8').includes('ZodError'));
    expect(schemas(list['app.dashboard'])).toHaveLength(1);
    expect(schemas(list['auth.login'])).toHaveLength(0);
  });

  it('the PrimeIcons font holds only the glyphs the app uses (35 KB with all of them)', () => {
    const fonts = fs.readdirSync(`${outDir}/assets`).filter((file) => /^primeicons.*\.woff2$/.test(file));
    expect(fonts).toHaveLength(1);
    expect(fs.statSync(`${outDir}/assets/${fonts[0]}`).size).toBeLessThan(15 * 1024);
  });

  it('index.html names each page group\'s files, for prefetching them without running them', () => {
    const html = fs.readFileSync(`${outDir}/index.html`, 'utf8');
    const list = /<script type="application\/json" id="page-group-files">(.*?)<\/script>/.exec(html)?.[1];
    const groups = JSON.parse(list ?? '{}') as Record<string, string[]>;
    for (const group of ['appShell', 'auth', 'home', 'discover', 'chat']) {
      expect(groups[group]?.length, group).toBeGreaterThan(0);
      for (const file of groups[group]!) expect(fs.existsSync(`${outDir}${file}`), file).toBe(true);
    }
  });
});
