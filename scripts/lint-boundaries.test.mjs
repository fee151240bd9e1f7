// The import boundaries really fire: ESLint with the boundary blocks eslint.config.js uses
// (eslint.boundaries.js), run on a small tree of allowed and forbidden imports.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { describe, expect, it } from 'vitest';
import { boundaries } from '../eslint.boundaries.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixtures = path.join(here, 'lint-fixtures');

/** Lints the fixture tree with the boundary rules only; answers the rule ids reported per file. */
async function lintFixtures() {
  const eslint = new ESLint({
    cwd: fixtures,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser, sourceType: 'module' }, plugins: { 'import-x': importX } },
      ...boundaries(fixtures),
    ],
  });
  const results = await eslint.lintFiles(['apps/**/*.ts', 'packages/**/*.ts']);
  return Object.fromEntries(results.map((r) => [
    path.relative(fixtures, r.filePath).split(path.sep).join('/'),
    r.messages.map((m) => m.ruleId ?? `fatal: ${m.message}`),
  ]));
}

describe('import boundaries (eslint.boundaries.js)', () => {
  it('fail on a cross-feature import, a lib → features import, a module reaching into another module\'s repository, a cycle, SQL outside a repository by every way around, a route around app.services, the server reached from web or contract, Capacitor outside platform/ and a service reading the time; pass the rest', async () => {
    const reported = await lintFixtures();
    expect(reported).toEqual({
      'apps/web/src/features/alpha/alpha-screen.ts': ['import-x/no-restricted-paths'],
      'apps/web/src/features/alpha/alpha-list.ts': [],
      'apps/web/src/features/beta/beta-card.ts': [],
      'apps/web/src/lib/format.ts': [],
      'apps/web/src/lib/uses-feature.ts': ['import-x/no-restricted-paths'],
      'apps/web/src/app/router.ts': [],
      'apps/server/src/modules/one/one.service.ts': ['import-x/no-restricted-paths'],
      'apps/server/src/modules/one/one.policy.ts': [],
      'apps/server/src/modules/one/one.presenter.ts': ['no-restricted-syntax'],
      // Issue 28 item 10: the ways around the SQL rule.
      'apps/server/src/modules/one/sql-raw.ts': ['no-restricted-syntax'],
      'apps/server/src/modules/one/compiled-query.ts': ['no-restricted-syntax', 'no-restricted-syntax'],
      'apps/server/src/modules/one/select-no-from.ts': ['no-restricted-syntax'],
      'apps/server/src/modules/one/computed-access.ts': ['no-restricted-syntax'],
      'apps/server/src/modules/one/destructured.ts': ['no-restricted-syntax'],
      'apps/server/src/modules/one/schema-builder.ts': ['no-restricted-syntax', 'no-restricted-syntax'],
      'apps/server/src/modules/one/kysely-values.ts': ['no-restricted-imports'],
      'apps/server/src/modules/two/two-raw.repository.ts': [],
      'apps/server/src/db/database.ts': [],
      'apps/server/src/db/row-changes.ts': [],
      // The demo seed: its SQL only in its repository, and no module imports it.
      'apps/server/src/seed/seed.repository.ts': [],
      'apps/server/src/seed/seed.ts': ['no-restricted-syntax'],
      'apps/server/src/modules/one/uses-seed.ts': ['import-x/no-restricted-paths'],
      // … around app.services in routes.
      'apps/server/src/modules/three/deps-destructured.routes.ts': ['no-restricted-syntax'],
      'apps/server/src/modules/three/deps-computed.routes.ts': ['no-restricted-syntax'],
      'apps/server/src/modules/three/new-service.routes.ts': ['no-restricted-syntax'],
      'apps/server/src/modules/three/database.routes.ts': ['import-x/no-restricted-paths'],
      'apps/server/src/modules/three/row-changes.routes.ts': ['import-x/no-restricted-paths'],
      'apps/server/src/modules/three/three.routes.ts': [],
      // … the server reached by a relative path; Capacitor loaded outside platform/.
      'apps/server/src/lib/clock.ts': [],
      'apps/web/src/lib/server-reach.ts': ['import-x/no-restricted-paths'],
      'packages/contract/src/server-reach.ts': ['import-x/no-restricted-paths'],
      'apps/web/src/features/beta/native-share.ts': ['no-restricted-syntax'],
      'apps/web/src/platform/share.ts': [],
      // Item 7: services take the time from the injected clock.
      'apps/server/src/modules/one/late.service.ts': ['no-restricted-syntax', 'no-restricted-syntax', 'no-restricted-syntax'],
      'apps/server/src/modules/shared/pair-key.ts': [],
      'apps/server/src/modules/two/two.repository.ts': [],
      'apps/server/src/lib/cycle-a.ts': ['import-x/no-cycle'],
      'apps/server/src/lib/cycle-b.ts': ['import-x/no-cycle'],
    });
  }, 60_000);

  it('are the ones the repository lint applies', async () => {
    const { default: config } = await import('../eslint.config.js');
    const rules = Object.assign({}, ...config.map((block) => block.rules ?? {}));
    expect(rules['import-x/no-cycle']?.[0]).toBe('error');
    expect(rules['import-x/no-restricted-paths']?.[0]).toBe('error');
  });
});
