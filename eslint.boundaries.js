// The import boundaries of the tree (DESIGN §3, STYLE, docs/architecture.md), as ESLint config
// blocks for a tree rooted at `root`: eslint.config.js applies them to this repository, and
// scripts/lint-boundaries.test.mjs to a small tree of forbidden imports, to prove each one fails.
import fs from 'node:fs';
import path from 'node:path';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';

const WEB = 'apps/web/src';
const SERVER = 'apps/server/src';
const CONTRACT = 'packages/contract/src';
const TSCONFIGS = ['apps/web/tsconfig.json', 'apps/server/tsconfig.json', 'packages/contract/tsconfig.json', 'e2e/tsconfig.json', 'bench/tsconfig.json'];

const foldersIn = (dir) =>
  fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name) : [];

/**
 * Web: shared code (lib/, components/, platform/, config/) → features/ → app/. Features never
 * import each other; the route that needs two composes them in app/. src/test/ (test support)
 * may compose like app/.
 */
function webZones(features) {
  const at = (dir) => `./${WEB}/${dir}`;
  const shared = ['lib', 'components', 'platform', 'config'].map(at);
  return [
    ...features.map((feature) => ({
      target: at(`features/${feature}`),
      from: at('features'),
      except: [`./${feature}`],
      message: 'Features do not import each other: compose them in app/, or move what both need to lib/ or components/.',
    })),
    { target: shared, from: at('features'), message: 'lib/, components/, platform/ and config/ are below the features: they never import one.' },
    { target: [at('features'), ...shared], from: at('app'), message: 'Only app/ composes: nothing below it imports app/.' },
    { target: `./${WEB}`, from: './apps/server', message: 'The web app never imports the server, by a relative path neither.' },
  ];
}

/**
 * Server: a module imports only itself, lib/, db/, adapters/ and modules/shared/ (what several
 * modules read); it reaches another module's work through the service services.ts hands it.
 * lib/, db/ and adapters/ are below the modules; only services.ts, app.ts, plugins/ and admin/
 * compose them. The demo seed (seed/) is imported by none of them.
 */
function serverZones(modules) {
  const at = (file) => `./${SERVER}/${file}`;
  const composers = ['plugins', 'app.ts', 'services.ts', 'main.ts', 'cli.ts', 'types.ts', 'admin'].map(at);
  return [
    ...modules.map((module) => ({
      target: at(`modules/${module}`),
      from: at('modules'),
      except: [`./${module}`, './shared'],
      message: 'A module imports only itself, lib/, db/, adapters/ and modules/shared/: take another module\'s service from services.ts.',
    })),
    { target: at('modules/shared'), from: at('modules'), except: ['./shared'], message: 'modules/shared is below the modules: it imports none of them.' },
    { target: at('modules'), from: composers, message: 'Modules do not import the composition (plugins/, app.ts, services.ts, types.ts, admin/).' },
    {
      target: [at('modules'), at('lib'), at('adapters'), at('plugins')],
      from: at('seed'),
      message: 'The demo seed (seed/) is run by main.ts and cli.ts: nothing the app is built from imports it.',
    },
    {
      target: [at('lib'), at('db'), at('adapters')],
      from: [at('modules'), ...composers],
      message: 'lib/, db/ and adapters/ are below the modules: they import no module, plugin or composition.',
    },
    {
      target: `${SERVER}/modules/*/*.routes.ts`,
      from: `${SERVER}/**/*.repository.ts`,
      message: 'Routes get services (app.services), never repositories.',
    },
    {
      target: `${SERVER}/modules/*/*.routes.ts`,
      // database.ts and what it is split into: the driver, the row-change watch, prepared queries.
      from: `${SERVER}/db/{database*,sqlite-driver,row-changes,prepared-query}.ts`,
      message: 'Routes get services (app.services), never the database.',
    },
  ];
}

/** Kysely's ways into SQL: query builders, raw queries and the schema builder's statements. */
const SQL_METHODS = [
  'selectFrom', 'selectNoFrom', 'insertInto', 'replaceInto', 'updateTable', 'deleteFrom', 'mergeInto', 'executeQuery',
  'createTable', 'alterTable', 'dropTable', 'createIndex', 'dropIndex', 'createView', 'dropView', 'createType', 'dropType', 'createSchema', 'dropSchema',
].join('|');
const SQL_MESSAGE = 'SQL lives in repositories (*.repository.ts) and db/: call a repository method.';

/**
 * SQL is written only in repositories (`*.repository.ts`) and db/: no query builder, called or
 * not, by name (`db.deleteFrom`), by a computed name (`db['deleteFrom']`) or destructured
 * (`const { updateTable } = db`); no `sql` template or helper (`sql.raw`), no `CompiledQuery`
 * (`db.executeQuery(CompiledQuery.raw(…))`), no `db.schema`.
 */
const SQL_OUTSIDE_REPOSITORIES = [
  { selector: `MemberExpression[property.name=/^(${SQL_METHODS})$/]`, message: SQL_MESSAGE },
  { selector: `MemberExpression[computed=true][property.value=/^(${SQL_METHODS}|schema)$/]`, message: SQL_MESSAGE },
  { selector: `ObjectPattern > Property[key.name=/^(${SQL_METHODS})$/]`, message: SQL_MESSAGE },
  { selector: "MemberExpression[property.name='schema'][object.name=/^(db|trx|tx|database)$/]", message: SQL_MESSAGE },
  { selector: "MemberExpression[property.name='schema'][object.property.name=/^(db|trx|tx|database)$/]", message: SQL_MESSAGE },
  { selector: "TaggedTemplateExpression[tag.name='sql']", message: SQL_MESSAGE },
  { selector: "MemberExpression[object.name=/^(sql|CompiledQuery)$/]", message: SQL_MESSAGE },
];

/** Outside repositories and db/, Kysely is imported for its types only. */
const KYSELY_VALUES = {
  paths: [{
    name: 'kysely', importNames: ['sql', 'CompiledQuery'], allowTypeImports: true,
    message: 'SQL lives in repositories (*.repository.ts) and db/: import sql and CompiledQuery only there.',
  }],
};

/**
 * Routes reach the work only through app.services: never app.deps (by name, computed or
 * destructured), never a service or repository built by hand.
 */
const ROUTES_ONLY_SERVICES = [
  { selector: "MemberExpression[property.name='deps']", message: 'Routes call app.services; the database and adapters are the services\' business.' },
  { selector: "MemberExpression[computed=true][property.value='deps']", message: 'Routes call app.services; the database and adapters are the services\' business.' },
  { selector: "ObjectPattern > Property[key.name='deps']", message: 'Routes call app.services; the database and adapters are the services\' business.' },
  { selector: 'NewExpression[callee.name=/(Service|Repository)$/]', message: 'Routes get services from app.services: services.ts builds every service and repository once.' },
];

/**
 * Services take the time from the injected clock (lib/clock.ts), so tests can move it: no
 * `Date.now()`, no `new Date()` without an argument, no `nowIso()`.
 */
const CLOCK_IN_SERVICES = [
  { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: 'Services read the time from the injected clock (lib/clock.ts): this.deps.clock.now().' },
  { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'Services read the time from the injected clock (lib/clock.ts): this.deps.clock.now().' },
  { selector: "CallExpression[callee.name='nowIso']", message: 'Services read the time from the injected clock (lib/clock.ts): isoNow(this.deps.clock).' },
];

/** The config blocks that enforce the boundaries of the tree at `root`. */
export function boundaries(root) {
  const features = foldersIn(path.join(root, WEB, 'features'));
  const modules = foldersIn(path.join(root, SERVER, 'modules')).filter((m) => m !== 'shared');
  const project = TSCONFIGS.map((p) => path.join(root, p)).filter((p) => fs.existsSync(p));
  return [
    {
      files: ['**/*.{ts,tsx,js,mjs}'],
      settings: {
        // TypeScript files are parsed and followed (import-x's defaults know only .js), resolved
        // like tsc does (paths such as @/ included).
        'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
        'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
        'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true, noWarnOnMultipleProjects: true, ...(project.length ? { project } : {}) })],
      },
      rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
    },
    {
      files: [`${WEB}/**/*.{ts,tsx}`],
      rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: webZones(features) }] },
    },
    {
      files: [`${SERVER}/**/*.ts`],
      rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: serverZones(modules) }] },
    },
    {
      files: [`${SERVER}/**/*.ts`],
      // SQL only in repositories (the demo seed's in seed/seed.repository.ts) and db/ (migrations).
      ignores: [`${SERVER}/**/*.repository.ts`, `${SERVER}/db/**`, `${SERVER}/**/*.test.ts`],
      rules: {
        'no-restricted-syntax': ['error', ...SQL_OUTSIDE_REPOSITORIES],
        'no-restricted-imports': ['error', KYSELY_VALUES],
      },
    },
    {
      files: [`${SERVER}/modules/*/*.service.ts`],
      rules: { 'no-restricted-syntax': ['error', ...SQL_OUTSIDE_REPOSITORIES, ...CLOCK_IN_SERVICES] },
    },
    {
      files: [`${SERVER}/modules/*/*.routes.ts`],
      rules: { 'no-restricted-syntax': ['error', ...SQL_OUTSIDE_REPOSITORIES, ...ROUTES_ONLY_SERVICES] },
    },
    {
      // The contract is below both apps, whatever the path looks like (a relative one included).
      files: [`${CONTRACT}/**/*.ts`],
      rules: {
        'import-x/no-restricted-paths': ['error', { basePath: root, zones: [{ target: `./${CONTRACT}`, from: './apps', message: 'The contract imports only zod: never the server or the web app.' }] }],
      },
    },
    {
      // Only platform/ touches Capacitor, a dynamic import('@capacitor/…') included.
      files: [`${WEB}/**/*.{ts,tsx}`],
      ignores: [`${WEB}/platform/**`],
      rules: {
        'no-restricted-syntax': ['error', { selector: 'ImportExpression[source.value=/^@capacitor\\//]', message: 'Only apps/web/src/platform may import @capacitor/*, dynamically too.' }],
      },
    },
  ];
}
