// Proves the module-boundary lint rules: `node --test tools/`.
// The fixtures in tools/lint-fixtures mirror the real layout; they are linted with the very
// configuration objects eslint.config.mjs uses (tools/eslint-boundaries.mjs), rooted at the fixtures.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { MESSAGES, boundaryConfigs, boundaryZones } from './eslint-boundaries.mjs';

const REPO = path.resolve(import.meta.dirname, '..');
const FIXTURES = path.join(import.meta.dirname, 'lint-fixtures');
/** The index.ts files of the module-cycle fixture: a door cannot be named bad-*, but it is on the cycle. */
const CYCLE_DOORS = ['backend/src/modules/stock/index.ts', 'backend/src/modules/tasks/index.ts'];
const CYCLE = 'Import cycle';

/** Lints every fixture; answers { 'relative/path.ts': [{ ruleId, line, message }] }. */
async function lintFixtures() {
  const eslint = new ESLint({
    cwd: FIXTURES,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } },
      ...boundaryConfigs(FIXTURES),
    ],
  });
  const results = await eslint.lintFiles(['backend', 'frontend']);
  return Object.fromEntries(
    results.map((result) => [
      path.relative(FIXTURES, result.filePath).split(path.sep).join('/'),
      result.messages.map(({ ruleId, line, message, fatal }) => ({ ruleId: fatal ? 'parse-error' : ruleId, line, message })),
    ]),
  );
}

describe('module-boundary lint rules on fixtures', () => {
  let byFile;
  before(async () => {
    byFile = await lintFixtures();
  });

  /** Asserts exactly these errors (rule, line, message fragment) in a fixture file. */
  function expectErrors(file, ruleId, lines, messagePart) {
    const messages = byFile[file];
    assert.ok(messages, `fixture ${file} was not linted`);
    assert.deepEqual(
      messages.map((m) => `${m.ruleId}@${m.line}`),
      lines.map((line) => `${ruleId}@${line}`),
      `${file}: ${JSON.stringify(messages, null, 2)}`,
    );
    for (const m of messages) assert.ok(m.message.includes(messagePart.replace(/\.$/, '')), `${file}:${m.line}: unexpected message "${m.message}"`);
  }

  function expectClean(file) {
    assert.ok(byFile[file], `fixture ${file} was not linted`);
    assert.deepEqual(byFile[file], [], `${file} should lint clean`);
  }

  it('lints every fixture, and only bad-* files (and the module doors on a cycle) have errors', () => {
    const files = Object.keys(byFile);
    assert.ok(files.length >= 20, `only ${files.length} fixtures linted`);
    for (const file of files) {
      if (!path.basename(file).startsWith('bad-') && !CYCLE_DOORS.includes(file)) expectClean(file);
      else assert.ok(byFile[file].length > 0, `${file} should fail`);
    }
  });

  it('back end: a module reaches another module only through its index.ts', () => {
    expectErrors('backend/src/modules/beta/bad-deep-import.ts', 'import/no-restricted-paths', [1, 2], MESSAGES.moduleInternals);
    expectClean('backend/src/modules/beta/good-uses-index.ts'); // '../alpha' and '../alpha/index'
    expectClean('backend/src/modules/alpha/read-models/things/things.query.ts'); // own internals
  });

  it('back end: a module may also import another module\'s events.ts (its published event types)', () => {
    // alpha's projection reads beta's events while beta imports alpha: no cycle, events.ts is a leaf.
    expectClean('backend/src/modules/alpha/read-models/things/things.projection.ts');
    expectClean('backend/src/modules/beta/events.ts');
    expectClean('backend/src/modules/beta/good-uses-index.ts');
  });

  it('no import cycle between modules, through their index.ts, type-only imports included', () => {
    // stock/index -> bad-stock-projection -(import type)-> tasks/index -> bad-complete-task -> stock/index
    expectErrors('backend/src/modules/stock/bad-stock-projection.ts', 'carecircle/no-import-cycle', [2], CYCLE);
    expectErrors('backend/src/modules/stock/index.ts', 'carecircle/no-import-cycle', [1], CYCLE);
    expectErrors('backend/src/modules/tasks/bad-complete-task.ts', 'carecircle/no-import-cycle', [1], CYCLE);
    expectErrors('backend/src/modules/tasks/index.ts', 'carecircle/no-import-cycle', [1], CYCLE);
    const [message] = byFile['backend/src/modules/stock/bad-stock-projection.ts'];
    assert.match(
      message.message,
      /^Import cycle: backend\/src\/modules\/stock\/bad-stock-projection\.ts -> backend\/src\/modules\/tasks\/index\.ts -> backend\/src\/modules\/tasks\/bad-complete-task\.ts -> backend\/src\/modules\/stock\/index\.ts -> backend\/src\/modules\/stock\/bad-stock-projection\.ts\. /,
    );
  });

  it('no import cycle inside a module, even of type imports and re-exports only', () => {
    expectErrors('backend/src/modules/beta/bad-cycle-one.ts', 'carecircle/no-import-cycle', [2], CYCLE);
    expectErrors('backend/src/modules/beta/bad-cycle-two.ts', 'carecircle/no-import-cycle', [1], CYCLE);
  });

  it('front end: no import cycle, a lazy import() included', () => {
    expectErrors('frontend/src/shared/bad-cycle-toast.tsx', 'carecircle/no-import-cycle', [5], CYCLE);
    expectErrors('frontend/src/shared/bad-cycle-toast-holder.tsx', 'carecircle/no-import-cycle', [1], CYCLE);
  });

  it('back end: a use case does not import another use case; the shared files under commands/ are for all', () => {
    expectErrors('backend/src/modules/beta/commands/remove-beta/bad-imports-other-use-case.ts', 'import/no-restricted-paths', [1], MESSAGES.useCaseToUseCase);
    expectClean('backend/src/modules/beta/commands/add-beta/add-beta.handler.ts');
    // The same inside a part of a module (notifications/push/commands/).
    expectErrors('backend/src/modules/beta/push/commands/unsubscribe/bad-imports-subscribe.ts', 'import/no-restricted-paths', [1], MESSAGES.useCaseToUseCase);
  });

  it('back end: code outside modules/ also uses the index.ts only', () => {
    expectErrors('backend/src/database/bad-orm-config.ts', 'import/no-restricted-paths', [1], MESSAGES.moduleInternals);
    expectClean('backend/src/app.module.ts');
  });

  it('back end: platform/ does not import modules', () => {
    expectErrors('backend/src/platform/http/bad-platform-imports-module.ts', 'import/no-restricted-paths', [1], MESSAGES.platformToModule);
  });

  it('back end: domain/ imports neither @nestjs/* nor @mikro-orm/*', () => {
    expectErrors('backend/src/modules/beta/domain/bad-framework.ts', 'no-restricted-imports', [1, 2, 3], MESSAGES.domainPurity);
    expectClean('backend/src/modules/beta/domain/beta.decide.ts');
  });

  it('back end: domain/ imports no infrastructure (pg, ioredis, bull, @eventstore/*, express, Node built-ins)', () => {
    expectErrors('backend/src/modules/beta/domain/bad-infrastructure.ts', 'no-restricted-imports', [1, 2, 3, 4, 5, 6, 7, 8, 9], MESSAGES.domainInfrastructure);
  });

  it('back end: domain/ uses from platform/ only the Decider types and DomainError, nothing of database/ or config/', () => {
    expectErrors('backend/src/modules/beta/domain/bad-platform-internals.ts', 'no-restricted-imports', [1, 2, 3, 4, 5, 6, 7], MESSAGES.domainInfrastructure);
    expectClean('backend/src/modules/beta/domain/beta.decide.ts'); // platform/commands/decider and domain-error
  });

  it('back end: domain/ reads no clock or random source; dates made from the command are fine', () => {
    // new Date(), new Date, Date.now(), Date(), Math.random(), randomUUID(), a reference to Date.now
    expectErrors('backend/src/modules/beta/domain/bad-clock.ts', 'no-restricted-syntax', [4, 5, 6, 7, 8, 9, 10], MESSAGES.domainClock);
    // crypto.randomUUID(), crypto.getRandomValues(), performance.now()
    expectErrors('backend/src/modules/beta/domain/bad-random-globals.ts', 'no-restricted-globals', [2, 3, 4], MESSAGES.domainClock);
    expectClean('backend/src/modules/beta/domain/beta.decide.ts'); // new Date(metadata.occurredAt), Date.parse, Date.UTC
  });

  it('back end: outside domain/ the clock, ids and infrastructure are allowed', () => {
    expectClean('backend/src/modules/beta/commands/beta.handler.ts');
    expectClean('backend/src/platform/http/clock.ts');
  });

  it('front end: a feature does not import another feature', () => {
    expectErrors('frontend/src/features/visits/bad-cross-feature.tsx', 'import/no-restricted-paths', [1], MESSAGES.featureToFeature);
    expectClean('frontend/src/features/visits/visits-page.tsx'); // own feature
  });

  it('front end: features import from app/ only base-api.ts and hooks.ts', () => {
    expectErrors('frontend/src/features/visits/bad-app-internals.ts', 'import/no-restricted-paths', [1, 2], MESSAGES.featureToApp);
    expectClean('frontend/src/features/visits/api.ts'); // base-api, hooks, shared
  });

  it('front end: shared/ imports neither features nor app', () => {
    expectErrors('frontend/src/shared/bad-upward.ts', 'import/no-restricted-paths', [1, 2], MESSAGES.sharedUpward);
    expectClean('frontend/src/app/router.tsx'); // app -> features -> shared
  });
});

describe('zones follow the folders that exist', () => {
  let root;
  before(() => {
    root = mkdtempSync(path.join(tmpdir(), 'lint-zones-'));
    for (const dir of ['modules/one', 'modules/two', 'modules/three', 'platform', 'cli']) mkdirSync(path.join(root, 'backend/src', dir), { recursive: true });
    writeFileSync(path.join(root, 'backend/src/main.ts'), '');
    for (const dir of ['features/a', 'features/b', 'app', 'shared']) mkdirSync(path.join(root, 'frontend/src', dir), { recursive: true });
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('guards each module and each feature without listing them anywhere', () => {
    const zones = boundaryZones(root);
    const moduleZone = (name) => zones.find((zone) => zone.from === `./backend/src/modules/${name}`);
    for (const name of ['one', 'two', 'three']) {
      const zone = moduleZone(name);
      assert.ok(zone, `no zone for module ${name}`);
      assert.deepEqual(zone.except, ['./index.ts', './events.ts']);
      assert.ok(!zone.target.includes(`./backend/src/modules/${name}`), 'a module may use its own internals');
      assert.ok(zone.target.includes('./backend/src/cli') && zone.target.includes('./backend/src/main.ts'));
    }
    for (const name of ['a', 'b']) {
      assert.ok(zones.some((zone) => zone.target === `./frontend/src/features/${name}` && zone.except[0] === `./${name}`), `no zone for feature ${name}`);
    }
  });
});

describe('the real eslint.config.mjs', () => {
  it('applies the same boundary rules to the real tree, and does not lint the fixtures', async () => {
    const eslint = new ESLint({ cwd: REPO });
    const file = path.join(REPO, 'backend/src/modules/some-module/domain/some-file.ts');
    const config = await eslint.calculateConfigForFile(file);
    const expected = Object.fromEntries(boundaryConfigs(REPO).flatMap((c) => Object.entries(c.rules)));
    for (const [rule, setting] of Object.entries(expected)) {
      const [severity, ...options] = config.rules[rule] ?? [0];
      assert.equal(severity, 2, `${rule} is not an error in eslint.config.mjs`);
      assert.deepEqual(options, setting.slice(1), `eslint.config.mjs does not apply ${rule} as tools/eslint-boundaries.mjs defines it`);
    }
    assert.equal(await eslint.isPathIgnored(path.join(FIXTURES, 'backend/src/modules/beta/bad-deep-import.ts')), true);
  });

  it('makes browser specs take test from e2e/support.ts, which fails on CSP violations', async () => {
    const eslint = new ESLint({ cwd: REPO });
    const lint = async (code) => (await eslint.lintText(code, { filePath: path.join(REPO, 'e2e/some.spec.ts') }))[0].messages;
    const [error] = await lint("import { expect, test } from '@playwright/test';\ntest('t', () => expect(1).toBe(1));\n");
    assert.equal(error?.ruleId, 'no-restricted-imports');
    assert.match(error.message, /Import test from '\.\/support'/);
    assert.deepEqual(await lint("import { expect } from '@playwright/test';\nimport { test } from './support';\ntest('t', () => expect(1).toBe(1));\n"), []);
  });
});
