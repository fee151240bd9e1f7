// Lint for the whole monorepo. Import boundaries (DESIGN §3, STYLE): the contract imports only
// zod; the web app never imports the server; only apps/web/src/platform may import @capacitor/* (and @capgo/* plugins);
// the web and server zones and no import cycles come from eslint.boundaries.js; the tests' own
// rules (no fixed sleeps, every e2e spec's `test` from e2e/support/test.ts) from eslint.tests.js.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { boundaries } from './eslint.boundaries.js';
import { testRules } from './eslint.tests.js';

const root = path.dirname(fileURLToPath(import.meta.url));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**', '**/dist/**', '**/data/**', '**/.tmp/**', 'e2e/test-results/**',
      'e2e/playwright-report/**', 'apps/web/android/**', 'apps/web/ios/**', 'apps/web/public/**',
      // Forbidden code on purpose: scripts/lint-boundaries.test.mjs and lint-tests.test.mjs prove each one fails.
      'scripts/lint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['packages/contract/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ regex: '^(?!zod$|\\.{1,2}/).*', message: 'The contract imports only zod.' }],
      }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'no-restricted-imports': ['error', {
        patterns: [
          { regex: '^@linkup/server|apps/server', message: 'The web app never imports the server.' },
          { regex: '^@capacitor|^@capgo/', message: 'Only apps/web/src/platform may import @capacitor/* and Capacitor plugins (@capgo/*).' },
        ],
      }],
    },
  },
  {
    // The service worker template (emitted as /sw.js by pwa/service-worker-plugin.ts).
    files: ['apps/web/pwa/sw.js'],
    languageOptions: { globals: { ...globals.serviceworker }, sourceType: 'script' },
  },
  {
    files: ['apps/web/src/platform/**/*.{ts,tsx}', 'apps/web/capacitor.config.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ regex: '^@linkup/server|apps/server', message: 'The web app never imports the server.' }],
      }],
    },
  },
  ...boundaries(root),
  ...testRules(),
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{js,mjs}'],
    rules: { 'no-console': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
