// ESLint flat config: `npm run lint` (= `eslint .`).
// typescript-eslint's recommended rules without type information (fast), plus the module-boundary,
// import-cycle and domain-purity rules of tools/eslint-boundaries.mjs (domain/ code: no framework, no
// infrastructure, no clock or random reads), which tools/lint-rules.test.mjs proves on fixtures.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { boundaryConfigs } from './tools/eslint-boundaries.mjs';

const TS_FILES = ['**/*.{ts,tsx,mts,cts}'];

export default defineConfig(
  globalIgnores(
    [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      '**/.data/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'e2e/.artifacts/**',
      'tools/lint-fixtures/**',
    ],
    'carecircle/ignores',
  ),
  { ...js.configs.recommended, name: 'eslint/recommended' },
  ...tseslint.configs.recommended.map((config) => ({ ...config, files: config.files ?? TS_FILES })),
  {
    name: 'carecircle/typescript',
    files: TS_FILES,
    rules: {
      // `_`-prefixed names are deliberately unused (exhaustive switches, ignored callback params).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
    },
  },
  {
    name: 'carecircle/backend',
    files: ['backend/**/*.{ts,js}', 'libs/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
  },
  {
    name: 'carecircle/commonjs',
    files: ['backend/**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
  },
  {
    name: 'carecircle/frontend',
    files: ['frontend/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
  },
  {
    name: 'carecircle/stripe-js-stand-in',
    files: ['e2e/stripe-js-stand-in.js'],
    languageOptions: { sourceType: 'script', globals: globals.browser },
  },
  {
    name: 'carecircle/boot-script',
    files: ['frontend/home-prefetch.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser, HOME_FILES: 'readonly' } },
  },
  {
    name: 'carecircle/service-worker',
    files: ['frontend/public/sw.js'],
    languageOptions: { sourceType: 'script', globals: globals.serviceworker },
  },
  {
    name: 'carecircle/node-tooling',
    files: ['e2e/**/*.{ts,mjs}', '*.{ts,mjs,js}', 'frontend/*.{ts,mjs,js}', 'scripts/**/*.{mjs,js}', 'tools/**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    name: 'carecircle/e2e-csp-guard',
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "Import test from './support': it fails a test on any CSP violation (docs/security.md).",
            },
          ],
        },
      ],
    },
  },
  ...boundaryConfigs(import.meta.dirname),
);
