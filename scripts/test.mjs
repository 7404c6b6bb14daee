// The test command: `npm test` (= node scripts/test.mjs). Runs every test, in order, and stops at the
// first failing step:
//   1. prerequisites: PostgreSQL (DATABASE_URL) and Redis (REDIS_URL) answer, Debian Chromium present
//   2. npm run build                       libs, backend, frontend
//      npm run budget                      every route's first-load JS within its budget (with browser)
//   3. lint-rules                          node --test tools/
//   4. unit, int, e2e                      backend jest projects; unit also runs the front end's
//                                          component tests (Vitest in jsdom, frontend/vitest.config.ts)
//   5. browser                             Playwright (playwright.config.ts) in Chromium
// and ends with `tests: N passed, M failed[, K skipped]`. Exit code 0 only when nothing failed.
//
// Developers may run a part: `npm test -- --only unit` or `npm test -- --only int,e2e`
// (lint-rules | unit | int | e2e | browser). The build runs when e2e or browser tests are selected
// (the e2e suite also starts the built server once, on an embedded PostgreSQL).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { ensureChromium } from './ensure-chromium.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const BACKEND = path.join(ROOT, 'backend');
const FRONTEND = path.join(ROOT, 'frontend');
const PLAYWRIGHT_CONFIG = path.join(ROOT, 'playwright.config.ts');
const PLAYWRIGHT_RESULTS = path.join(ROOT, 'e2e/.artifacts/results.json');
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
const RUNNERS = ['lint-rules', 'unit', 'int', 'e2e', 'browser'];

const color = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code) => (text) => (color ? `\x1b[${code}m${text}\x1b[0m` : text);
const bold = paint('1');
const red = paint('31');
const green = paint('32');
const dim = paint('2');

// ---------------------------------------------------------------------------------------------
// Arguments

function parseArgs(argv) {
  const only = new Set();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') {
      console.log('usage: npm test [-- --only lint-rules,unit,int,e2e,browser]');
      process.exit(0);
    } else if (arg === '--only' || arg.startsWith('--only=')) {
      const value = arg === '--only' ? argv[++i] : arg.slice('--only='.length);
      for (const name of (value ?? '').split(',').filter(Boolean)) {
        if (!RUNNERS.includes(name)) fail(`unknown runner "${name}" in --only; choose from ${RUNNERS.join(', ')}`);
        only.add(name);
      }
    } else {
      fail(`unknown argument "${arg}"; usage: npm test [-- --only ${RUNNERS.join(',')}]`);
    }
  }
  return only.size > 0 ? only : new Set(RUNNERS);
}

function fail(message) {
  console.error(red(message));
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------
// Helpers

const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`;

/** Runs a command with inherited output; answers { code } (a signal counts as a failure). */
function run(command, args, { cwd = ROOT, env = {} } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...env } });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward).on('SIGTERM', forward);
    child.on('error', (error) => {
      console.error(red(`could not start ${command}: ${error.message}`));
      resolve({ code: 127 });
    });
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward).off('SIGTERM', forward);
      resolve({ code: code ?? (signal ? 128 : 1), signal });
    });
  });
}

const requireFromBackend = createRequire(path.join(BACKEND, 'package.json'));
const requireFromRoot = createRequire(path.join(ROOT, 'package.json'));
const requireFromFrontend = createRequire(path.join(FRONTEND, 'package.json'));

/**
 * `count` distinct ports nobody holds, for the browser run's servers. Drawn below the kernel's
 * ephemeral range by the tests' own helper (backend/src/test-support/free-port.ts, built with the back
 * end): a port from listen(0) could be taken by an outgoing connection (a server's to PostgreSQL)
 * before its server listened, which once stopped a CI run with EADDRINUSE.
 */
async function freePorts(count) {
  const { freePort } = requireFromBackend('./dist/test-support/free-port.js');
  const ports = new Set();
  while (ports.size < count) ports.add(String(await freePort()));
  return [...ports];
}

/** Parses a JSON report; null when it is missing or unreadable (the runner crashed mid-write). */
function readJson(file) {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    console.error(red(`could not read ${file}: ${error.message}`));
    return null;
  }
}

const redact = (url) => {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
};

// ---------------------------------------------------------------------------------------------
// Prerequisites

async function checkPostgres() {
  const url = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  const howTo = 'Start it with: pg_ctlcluster 15 main start   (or point DATABASE_URL at a running server)';
  let pg;
  try {
    pg = requireFromBackend('pg');
  } catch {
    return fail(`the "pg" package is not installed: run npm ci first`);
  }
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return { ok: true, detail: redact(url) };
  } catch (error) {
    // The server answered; only the named database is missing (the tests create their own).
    if (error.code === '3D000') return { ok: true, detail: `${redact(url)} (server answers; database not created yet)` };
    return { ok: false, message: `PostgreSQL does not answer at ${redact(url)}: ${error.message || error.code}\n  ${howTo}` };
  } finally {
    await client.end().catch(() => {});
  }
}

function checkRedis() {
  const url = process.env.REDIS_URL || DEFAULT_REDIS_URL;
  const howTo = "Start it with: redis-server --daemonize yes --port 6379 --save '' --appendonly no   (or set REDIS_URL)";
  return new Promise((resolve) => {
    let parsed;
    try {
      parsed = new URL(url);
    } catch {
      resolve({ ok: false, message: `REDIS_URL is not a URL: ${url}` });
      return;
    }
    const options = { host: parsed.hostname || '127.0.0.1', port: Number(parsed.port || 6379), servername: parsed.hostname };
    const socket = parsed.protocol === 'rediss:' ? tls.connect(options) : net.connect(options);
    const done = (result) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(3000, () => done({ ok: false, message: `Redis does not answer at ${redact(url)} (timed out)\n  ${howTo}` }));
    socket.once(parsed.protocol === 'rediss:' ? 'secureConnect' : 'connect', () => socket.write('PING\r\n'));
    // Any RESP reply (+PONG, or -NOAUTH when a password is needed) means a Redis server answers.
    socket.once('data', (data) => done(/^[+-]/.test(data.toString()) ? { ok: true, detail: redact(url) } : { ok: false, message: `${redact(url)} answered, but not like Redis` }));
    socket.once('error', (error) => done({ ok: false, message: `Redis does not answer at ${redact(url)}: ${error.code || error.message}\n  ${howTo}` }));
  });
}

// ---------------------------------------------------------------------------------------------
// Runners: each answers { passed, failed, skipped, ok }

/** node --test tools/: spec output on the console, TAP to a file for the counts. */
async function runLintRules(workDir) {
  const tapFile = path.join(workDir, 'lint-rules.tap');
  const { code } = await run(process.execPath, [
    '--test',
    '--test-reporter=spec', '--test-reporter-destination=stdout',
    '--test-reporter=tap', `--test-reporter-destination=${tapFile}`,
    'tools/',
  ]);
  const tap = existsSync(tapFile) ? readFileSync(tapFile, 'utf8') : '';
  const count = (name) => Number(tap.match(new RegExp(`^# ${name} (\\d+)$`, 'm'))?.[1] ?? 0);
  const counts = { passed: count('pass'), failed: count('fail') + count('cancelled'), skipped: count('skipped') + count('todo') };
  return settle(counts, code, 'node --test');
}

/**
 * Jest workers per project on this 2-core machine. The e2e files wait on PostgreSQL, Redis and real
 * time for a good part of their run (the reminder file mostly waits for a clock minute): a third
 * worker fills those waits (e2e 237 s with 2, 148 s with 3, 2026-11-28).
 */
const JEST_WORKERS = { unit: 2, int: 2, e2e: 3 };

/** One backend jest project, counts from its --json output. */
async function runJest(project, workDir) {
  const jsonFile = path.join(workDir, `jest-${project}.json`);
  const { code } = await run(
    process.execPath,
    [requireFromBackend.resolve('jest/bin/jest'), '--ci', `--maxWorkers=${JEST_WORKERS[project]}`, '--passWithNoTests', '--selectProjects', project, '--json', `--outputFile=${jsonFile}`],
    { cwd: BACKEND },
  );
  let counts = { passed: 0, failed: 0, skipped: 0 };
  const report = readJson(jsonFile);
  if (report) {
    counts = {
      passed: report.numPassedTests,
      // A suite that cannot even run (syntax error, failing beforeAll import) has no failed test.
      failed: report.numFailedTests + report.numRuntimeErrorTestSuites,
      skipped: report.numPendingTests + report.numTodoTests,
    };
  }
  return settle(counts, code, `jest (${project})`);
}

/** The front end's component tests: Vitest in jsdom, counts from its jest-shaped --reporter=json output. */
async function runVitest(workDir) {
  const jsonFile = path.join(workDir, 'vitest.json');
  const vitest = path.join(path.dirname(requireFromFrontend.resolve('vitest/package.json')), 'vitest.mjs');
  const { code } = await run(process.execPath, [vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${jsonFile}`], { cwd: FRONTEND });
  let counts = { passed: 0, failed: 0, skipped: 0 };
  const report = readJson(jsonFile);
  if (report) {
    counts = {
      passed: report.numPassedTests,
      failed: report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0),
      skipped: report.numPendingTests + report.numTodoTests,
    };
  }
  return settle(counts, code, 'vitest');
}

/** The unit step: the backend's jest unit project, then the component tests, counted together. */
async function runUnit(workDir) {
  const jest = await runJest('unit', workDir);
  const vitest = await runVitest(workDir);
  return {
    passed: jest.passed + vitest.passed,
    failed: jest.failed + vitest.failed,
    skipped: jest.skipped + vitest.skipped,
    ok: jest.ok && vitest.ok,
  };
}

/** Playwright at the root; counts from the JSON reporter configured in playwright.config.ts. */
async function runBrowser() {
  if (!existsSync(PLAYWRIGHT_CONFIG)) {
    const specs = existsSync(path.join(ROOT, 'e2e')) ? readdirSync(path.join(ROOT, 'e2e'), { recursive: true }).filter((f) => String(f).endsWith('.spec.ts')) : [];
    if (specs.length > 0) {
      console.error(red(`e2e/ holds ${specs.length} spec file(s) but ${path.relative(ROOT, PLAYWRIGHT_CONFIG)} is missing`));
      return { passed: 0, failed: 1, skipped: 0, ok: false };
    }
    console.log(`no ${path.relative(ROOT, PLAYWRIGHT_CONFIG)} and no e2e/*.spec.ts yet: no browser tests to run`);
    return { passed: 0, failed: 0, skipped: 0, ok: true };
  }
  rmSync(PLAYWRIGHT_RESULTS, { force: true });
  // Ports nobody holds, so two checkouts can run their suites side by side (each E2E_*_PORT overrides
  // its own): the app, its SMTP inbox, the local Google stand-in (e2e/google-fake.mjs), the billing
  // tests' API-only server and the local Stripe API it calls.
  const [port, smtpPort, googlePort, stripeAppPort, stripePort] = await freePorts(5);
  const { env } = process;
  const { code } = await run(process.execPath, [requireFromRoot.resolve('@playwright/test/cli'), 'test', '--pass-with-no-tests'], {
    env: {
      E2E_PORT: env.E2E_PORT ?? port,
      E2E_SMTP_PORT: env.E2E_SMTP_PORT ?? smtpPort,
      E2E_GOOGLE_PORT: env.E2E_GOOGLE_PORT ?? googlePort,
      E2E_STRIPE_APP_PORT: env.E2E_STRIPE_APP_PORT ?? stripeAppPort,
      E2E_STRIPE_PORT: env.E2E_STRIPE_PORT ?? stripePort,
    },
  });
  let counts = { passed: 0, failed: 0, skipped: 0 };
  const report = readJson(PLAYWRIGHT_RESULTS);
  if (report) {
    const { stats = {} } = report;
    counts = {
      passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
      failed: stats.unexpected ?? 0, // errors outside tests (web server, global setup) exit non-zero: see settle()
      skipped: stats.skipped ?? 0,
    };
  } else if (code === 0) {
    console.log(dim(`(no ${path.relative(ROOT, PLAYWRIGHT_RESULTS)} written: is the json reporter configured?)`));
  }
  return settle(counts, code, 'playwright');
}

/** A runner that exits non-zero without a counted failure (crash, setup error) counts one failure. */
function settle(counts, code, name) {
  if (code !== 0 && counts.failed === 0) {
    console.error(red(`${name} exited with code ${code} without a failed test (setup error or crash): counted as 1 failure`));
    counts.failed = 1;
  }
  return { ...counts, ok: code === 0 && counts.failed === 0 };
}

// ---------------------------------------------------------------------------------------------
// Main

async function main() {
  const selected = parseArgs(process.argv.slice(2));
  const needsServices = ['int', 'e2e', 'browser'].some((name) => selected.has(name));
  const workDir = mkdtempSync(path.join(tmpdir(), 'carecircle-test-'));
  const totals = { passed: 0, failed: 0, skipped: 0 };
  const lines = [];
  const started = Date.now();
  let stoppedAt = null;

  const step = async (title, fn) => {
    console.log(`\n${bold(`==> ${title}`)}`);
    const t0 = Date.now();
    const result = await fn();
    const took = seconds(Date.now() - t0);
    if ('passed' in result) {
      for (const key of Object.keys(totals)) totals[key] += result[key];
      lines.push(`  ${title.padEnd(14)} ${String(result.passed).padStart(4)} passed ${String(result.failed).padStart(3)} failed ${String(result.skipped).padStart(3)} skipped  ${dim(took)}`);
    } else {
      lines.push(`  ${title.padEnd(14)} ${result.ok ? 'ok' : 'FAILED'}  ${dim(took)}`);
    }
    console.log(result.ok ? green(`<== ${title} ok (${took})`) : red(`<== ${title} FAILED (${took})`));
    if (!result.ok) stoppedAt = title;
    return result.ok;
  };

  const steps = [
    ['prerequisites', async () => {
      const problems = [];
      if (needsServices) {
        for (const [name, check] of [['PostgreSQL', checkPostgres], ['Redis', checkRedis]]) {
          const result = await check();
          if (result.ok) console.log(`${name}: ${result.detail}`);
          else problems.push(result.message);
        }
      }
      if (selected.has('browser')) {
        const chromium = ensureChromium();
        if (chromium.ok) console.log('Chromium: /usr/bin/chromium');
        else problems.push(chromium.message);
      }
      for (const message of problems) console.error(red(message));
      return { ok: problems.length === 0 };
    }],
  ];
  if (selected.has('browser') || selected.has('e2e')) steps.push(['build', async () => ({ ok: (await run('npm', ['run', 'build'])).code === 0 })]);
  // First-load budgets of every route (scripts/bundle-budget.mjs), on the bundles the browser tests use.
  if (selected.has('browser')) steps.push(['budget', async () => ({ ok: (await run('npm', ['run', 'budget'])).code === 0 })]);
  if (selected.has('lint-rules')) steps.push(['lint-rules', () => runLintRules(workDir)]);
  if (selected.has('unit')) steps.push(['unit', () => runUnit(workDir)]);
  for (const project of ['int', 'e2e']) if (selected.has(project)) steps.push([project, () => runJest(project, workDir)]);
  if (selected.has('browser')) steps.push(['browser', runBrowser]);

  for (const [title, fn] of steps) {
    if (!(await step(title, fn))) break;
  }
  rmSync(workDir, { recursive: true, force: true });

  console.log(`\n${bold('Summary')} ${dim(`(${seconds(Date.now() - started)})`)}`);
  for (const line of lines) console.log(line);
  if (stoppedAt) console.log(red(`stopped: ${stoppedAt} failed`));
  console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
  process.exitCode = stoppedAt || totals.failed > 0 ? 1 : 0;
}

await main();
