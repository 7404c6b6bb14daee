// `npm run bench:web` (docs/performance.md, Front end on a phone): builds, starts the app on its own
// database, runs Lighthouse (mobile profile: simulated slow 4G, 4x CPU) on each public page, then
// loads the signed-in Today route in the same Chromium under the same throttling applied through the
// DevTools protocol, and prints one table. Figures, not pass/fail: budgets live in `npm run budget`.
// To look into a figure (docs/performance.md): BENCH_WEB_PAGES=/,/login (Lighthouse on those public
// pages only, '' for none), BENCH_WEB_WATERFALL=true (each Today load's requests, first and last
// byte, and its LCP element), BENCH_WEB_PROFILE=file.cpuprofile (the last Today load's JavaScript
// profile), BENCH_WEB_CPU=1 (Today without the CPU slowdown, to part network from CPU),
// BENCH_WEB_TODAY_RUNS=0 (no Today).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_WEB_PORT ?? 4399);
const BASE = `http://localhost:${PORT}`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PUBLIC_PAGES = process.env.BENCH_WEB_PAGES?.split(',').filter(Boolean) ?? ['/', '/features', '/pricing', '/about', '/contact', '/login', '/login/email', '/privacy', '/terms', '/accept-invitation'];
const TODAY_RUNS = Number(process.env.BENCH_WEB_TODAY_RUNS ?? 3);
// Lighthouse's mobile slow 4G as DevTools applies it (its throttling.mobileSlow4G: 150 ms RTT and
// 1.6 Mbps, with the latency and throughput factors Lighthouse uses for DevTools throttling), 4x CPU.
const SLOW_4G = { offline: false, latency: 150 * 3.75, downloadThroughput: (1.6 * 1024 * 0.9 * 1024) / 8, uploadThroughput: (750 * 0.9 * 1024) / 8 };
const CPU_SLOWDOWN = Number(process.env.BENCH_WEB_CPU ?? 4);
// The phone Lighthouse's mobile profile emulates (screen and user agent: the server lays out the Today it renders by the latter).
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  timezoneId: 'America/New_York',
  userAgent: 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36',
};
const KIB = 1024;

function run(command, args) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

/** `npm start` without its build step, on a database and queue prefix of its own. */
async function startApp() {
  const app = spawn('node', ['backend/dist/main.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      DATABASE_URL: process.env.BENCH_WEB_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/carecircle_bench_web',
      QUEUE_PREFIX: 'carecircle-bench-web',
      LOG_LEVEL: 'warn',
      REGISTRATIONS_PER_ADDRESS_PER_HOUR: '100000',
    },
  });
  for (let waited = 0; waited < 60_000; waited += 500) {
    if (app.exitCode !== null) throw new Error(`the app exited with ${app.exitCode}`);
    const ready = await fetch(`${BASE}/api/health`).then((res) => res.ok, () => false);
    if (ready) return app;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  app.kill();
  throw new Error('the app did not answer /api/health within 60 s');
}

/**
 * Debian's Chromium with a DevTools port, shared by Lighthouse and Playwright; in the caregiver's
 * zone, as a phone is (Lighthouse sets none: in another zone, Today would first move the profile's).
 */
async function startChromium(profile) {
  const browser = spawn(CHROMIUM, ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, TZ: PHONE.timezoneId },
  });
  const port = await new Promise((resolve, reject) => {
    let output = '';
    browser.stderr.on('data', (chunk) => {
      output += chunk;
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) resolve(Number(match[1]));
    });
    browser.on('exit', (code) => reject(new Error(`chromium exited with ${code}: ${output}`)));
  });
  return { browser, port };
}

async function lighthouseRow(pathName, port) {
  const { lhr } = await lighthouse(`${BASE}${pathName}`, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'] });
  if (lhr.runtimeError) console.error(`${pathName}: Lighthouse ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const score = (id) => Math.round((lhr.categories[id].score ?? 0) * 100);
  const ms = (id) => lhr.audits[id].numericValue;
  const script = lhr.audits['resource-summary'].details.items.find((item) => item.resourceType === 'script');
  if (process.env.BENCH_WEB_WATERFALL === 'true') {
    const observed = lhr.audits.metrics.details?.items?.[0] ?? {};
    const element = JSON.stringify(lhr.audits['largest-contentful-paint-element']?.details ?? lhr.audits['largest-contentful-paint-element'] ?? null)?.slice(0, 600);
    console.log(`${pathName}: Lighthouse observed (unthrottled) FCP ${observed.observedFirstContentfulPaint} ms, LCP ${observed.observedLargestContentfulPaint} ms, LCP element ${element}`);
  }
  const failing = ['accessibility', 'best-practices'].flatMap((id) =>
    lhr.categories[id].auditRefs
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id].score ?? 1) < 1)
      .map((ref) => `${ref.id} (${(lhr.audits[ref.id].details?.items ?? []).slice(0, 3).map((item) => String(item.description ?? item.url ?? '').slice(0, 160)).join('; ')})`),
  );
  return {
    page: pathName,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcpMs: ms('first-contentful-paint'),
    lcpMs: ms('largest-contentful-paint'),
    tbtMs: ms('total-blocking-time'),
    jsKib: (script?.transferSize ?? 0) / KIB,
    failing,
  };
}

// In the page before any script of the app: largest contentful paint and long tasks, as the browser reports them.
const OBSERVE = () => {
  const seen = { lcp: 0, fcp: 0, longTasks: [] };
  globalThis.__perf = seen;
  new PerformanceObserver((list) => list.getEntries().forEach((entry) => ((seen.lcp = entry.startTime), (seen.lcpElement = `${entry.size} ${entry.element?.outerHTML.slice(0, 160)}`)))).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => list.getEntries().forEach((entry) => entry.name === 'first-contentful-paint' && (seen.fcp = entry.startTime))).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => list.getEntries().forEach((entry) => seen.longTasks.push([entry.startTime, entry.duration]))).observe({ type: 'longtask', buffered: true });
};

/** A caregiver signed in on `context` (cookies), with a recipient and three tasks today. */
async function seedCaregiver(context) {
  const email = `bench-${Date.now()}-${Math.random().toString(16).slice(2)}@example.com`;
  const send = async (method, url, data) => {
    const res = await context.request.fetch(`${BASE}${url}`, { method, data, headers: { Origin: BASE } });
    if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
    return res.json().catch(() => null);
  };
  const post = (url, data) => send('POST', url, data);
  await post('/api/auth/register', { email, password: 'correct horse battery', firstName: 'Ana', lastName: 'Silva' });
  // A returning caregiver: the profile already has the browser's zone, so the page does not store it first.
  await send('PATCH', '/api/user/timezone', { timezone: PHONE.timezoneId });
  const child = await post('/api/children', { firstName: 'Maya', lastName: 'Silva' });
  for (const [name, scheduledTime] of [['Morning medication', '08:00'], ['Physiotherapy', '11:30'], ['Evening medication', '20:00']]) {
    await post(`/api/children/${child.id}/tasks`, { name, category: name.includes('medication') ? 'medication' : 'therapy_session', scheduledTime });
  }
}

/**
 * One cold load of Today by a signed-in caregiver with a recipient and a day of tasks: a fresh
 * browser context (empty cache, no service worker), phone screen, slow 4G and 4x CPU. The cache
 * works as on a phone (a file asked twice in one load comes from it). JavaScript is counted as the
 * page received it (encoded bytes, headers included) until Today shows its tasks; metrics are read
 * once the page has been quiet for 3 s. Nothing is touched, so no dialog loads.
 */
async function todayRun(browser) {
  const context = await browser.newContext({ ...PHONE, baseURL: BASE });
  try {
    await seedCaregiver(context);

    const page = await context.newPage();
    await page.addInitScript(OBSERVE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const scripts = new Set();
    let jsBytes = 0;
    const waterfall = new Map();
    cdp.on('Network.requestWillBeSent', ({ requestId, request, timestamp }) => waterfall.set(requestId, { url: request.url.replace(BASE, ''), start: timestamp }));
    cdp.on('Network.responseReceived', ({ requestId, type }) => type === 'Script' && scripts.add(requestId));
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength, timestamp }) => {
      if (scripts.has(requestId)) jsBytes += encodedDataLength;
      Object.assign(waterfall.get(requestId) ?? {}, { end: timestamp, bytes: encodedDataLength });
    });

    await page.goto('/', { waitUntil: 'commit' });
    if (process.env.BENCH_WEB_PROFILE) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.getByText('Morning medication').first().waitFor({ timeout: 60_000 });
    // The day shows from the server's HTML; the app's code for it has come by the load event.
    await page.waitForLoadState('load');
    const js = jsBytes;
    if (process.env.BENCH_WEB_PROFILE) writeFileSync(process.env.BENCH_WEB_PROFILE, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(3000);
    const perf = await page.evaluate(() => globalThis.__perf);
    if (process.env.BENCH_WEB_WATERFALL === 'true') {
      const zero = Math.min(...[...waterfall.values()].map((r) => r.start));
      for (const r of waterfall.values()) console.log(`${((r.start - zero) * 1000).toFixed(0).padStart(6)} ${(((r.end ?? NaN) - zero) * 1000).toFixed(0).padStart(6)} ${String(r.bytes ?? '').padStart(7)} ${r.url}`);
      console.log(`fcp ${perf.fcp.toFixed(0)} lcp ${perf.lcp.toFixed(0)} ${perf.lcpElement}`);
    }
    // Total blocking time as Lighthouse defines it: the part over 50 ms of each long task after first contentful paint.
    const tbtMs = perf.longTasks.filter(([start]) => start >= perf.fcp).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
    return { fcpMs: perf.fcp, lcpMs: perf.lcp, tbtMs, jsKib: js / KIB };
  } finally {
    await context.close();
  }
}

/** Ends a process this script started and waits until it has gone. */
const stop = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

if (process.env.BENCH_WEB_SKIP_BUILD !== 'true') run('npm', ['run', 'build']);
const profile = mkdtempSync(path.join(tmpdir(), 'carecircle-bench-web-'));
const app = await startApp();
const { browser: chromiumProcess, port } = await startChromium(profile);
try {
  const rows = [];
  for (const page of PUBLIC_PAGES) rows.push(await lighthouseRow(page, port));
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  // Today as Lighthouse measures the public pages: the caregiver signs in in the browser's own
  // context, whose cookies Lighthouse's tab uses (it clears storage, not cookies).
  if (TODAY_RUNS > 0) {
    await seedCaregiver(browser.contexts()[0]);
    rows.push({ ...(await lighthouseRow('/', port)), page: '/ (Today, signed in)' });
  }
  const today = [];
  for (let i = 0; i < TODAY_RUNS; i++) today.push(await todayRun(browser));
  await browser.close();

  const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
  console.log(`\nLighthouse 12, mobile (simulated slow 4G, 4x CPU), one run per page, ${new Date().toISOString()}`);
  console.log('| Page | Performance | Accessibility | Best practices | FCP | LCP | TBT | JS transferred |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    console.log(`| ${row.page} | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${s(row.fcpMs)} | ${s(row.lcpMs)} | ${Math.round(row.tbtMs)} ms | ${row.jsKib.toFixed(1)} KiB |`);
  }
  for (const row of rows.filter((r) => r.failing.length > 0)) console.log(`  ${row.page}: failing audits ${row.failing.join(', ')}`);
  if (today.length > 0) {
    const pick = (key) => median(today.map((r) => r[key]));
    console.log(`\nToday, signed in, cold (Playwright + DevTools slow 4G and ${CPU_SLOWDOWN}x CPU), median of ${TODAY_RUNS}`);
    console.log('| FCP | LCP | TBT | JS transferred by the load event |');
    console.log('|---|---|---|---|');
    console.log(`| ${s(pick('fcpMs'))} | ${s(pick('lcpMs'))} | ${Math.round(pick('tbtMs'))} ms | ${pick('jsKib').toFixed(1)} KiB |`);
  }
} finally {
  await Promise.all([stop(chromiumProcess), stop(app)]);
  rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
}
