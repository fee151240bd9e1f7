// The tests' own lint rules really fire (eslint.tests.js): no fixed sleeps in tests, and every e2e
// spec takes `test` from e2e/support/test.ts. Run on a small tree of test files whose refused lines
// say so ("// refused"), with the repository's configuration checked to apply the same rules.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { NO_FIXED_SLEEPS, testRules } from '../eslint.tests.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.dirname(here);
const fixtures = path.join(here, 'lint-fixtures', 'tests');

/** Lints the fixture tree with the test rules only; answers `line rule` per file. */
async function lintFixtures() {
  const eslint = new ESLint({
    cwd: fixtures,
    overrideConfigFile: true,
    overrideConfig: [
      // An unused disable is an error: the reasoned disable below must be silencing a real report.
      { linterOptions: { reportUnusedDisableDirectives: 'error' } },
      { files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser, sourceType: 'module', parserOptions: { ecmaFeatures: { jsx: true } } } },
      ...testRules(),
    ],
  });
  const results = await eslint.lintFiles(['**/*.{ts,tsx}']);
  return Object.fromEntries(results.map((r) => [
    path.relative(fixtures, r.filePath).split(path.sep).join('/'),
    r.messages.map((m) => `${m.line} ${m.ruleId ?? `fatal: ${m.message}`}`),
  ]));
}

/** The lines of a fixture marked `// refused`, with the rule expected there. */
function refusedLines(file) {
  const rule = (line) => (/from '@playwright\/test'/.test(line) ? 'no-restricted-imports' : 'no-restricted-syntax');
  return fs.readFileSync(path.join(fixtures, file), 'utf8').split('\n')
    .flatMap((line, i) => (/\/\/ refused$/.test(line) ? [`${i + 1} ${rule(line)}`] : []));
}

/** Test files of the repository (as eslint.tests.js's TEST_FILES), fixtures and build output aside. */
function repositoryTestFiles(dir = root) {
  const skip = new Set(['node_modules', 'dist', '.git', '.tmp', 'lint-fixtures', 'test-results', 'playwright-report', 'android', 'ios', 'data']);
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return skip.has(entry.name) ? [] : repositoryTestFiles(full);
    const relative = path.relative(root, full).split(path.sep).join('/');
    return /\.test\.(ts|tsx|mjs)$/.test(relative) || /^e2e\/.*\.ts$/.test(relative) ? [relative] : [];
  });
}

describe('the tests\' lint rules (eslint.tests.js)', () => {
  it('refuse every fixed sleep and a spec\'s own Playwright `test`; pass conditions, deadlines that only reject, a reasoned disable and the support `test`', async () => {
    const reported = await lintFixtures();
    const files = [
      'apps/server/test/sleeps.test.ts', 'apps/server/test/waits.test.ts', 'apps/web/src/screen.test.tsx',
      'e2e/tests/bare.spec.ts', 'e2e/tests/supported.spec.ts', 'e2e/support/test.ts', 'e2e/support/push.ts',
    ];
    expect(Object.keys(reported).sort()).toEqual([...files].sort());
    for (const file of files) expect(reported[file], file).toEqual(refusedLines(file));
    // The fixtures do refuse something: 8 sleeps and imports of sleeps in a server test, 1 in a web
    // test, a spec's import and its waitForTimeout, a polling helper.
    expect(files.flatMap(refusedLines)).toHaveLength(12);
  }, 60_000);

  it('are the ones the repository lint applies to server, web and e2e tests', async () => {
    const eslint = new ESLint({ cwd: root });
    const selectors = NO_FIXED_SLEEPS.map((entry) => entry.selector);
    for (const file of ['apps/server/test/any.test.ts', 'apps/server/src/modules/any/any.test.ts', 'apps/web/src/features/any/any.test.tsx', 'scripts/any.test.mjs', 'e2e/tests/any.spec.ts', 'e2e/support/any.ts']) {
      const config = await eslint.calculateConfigForFile(path.join(root, file));
      const [level, ...entries] = config.rules['no-restricted-syntax'] ?? [];
      expect(level, file).toBe(2);
      expect(entries.map((entry) => entry.selector), file).toEqual(expect.arrayContaining(selectors));
    }
    const spec = await eslint.calculateConfigForFile(path.join(root, 'e2e/tests/any.spec.ts'));
    expect(spec.rules['no-restricted-imports']).toEqual([2, expect.objectContaining({ paths: [expect.objectContaining({ name: '@playwright/test', importNames: ['test'] })] })]);
  }, 60_000);

  it('are turned off only line by line, with the reason given', () => {
    const unreasoned = repositoryTestFiles().flatMap((file) => fs.readFileSync(path.join(root, file), 'utf8').split('\n')
      .flatMap((line, i) => (/eslint-disable(?!-next-line|-line)\b.*no-restricted-(syntax|imports)|eslint-disable(-next-line|-line)? no-restricted-(syntax|imports)(?!.* -- \S)/.test(line) ? [`${file}:${i + 1}`] : [])));
    expect(unreasoned).toEqual([]);
  });
});
