// `npm run bench:web` (docs/performance.md, Front end on a phone): builds, starts the app on its own
// database, runs Lighthouse (mobile profile: simulated slow 4G, 4x CPU) on every screen a caregiver
// opens (the public and sign-in pages signed out; Today, Care Hub, Calendar, Notifications, Settings,
// Subscribe and Support Groups as a caregiver with a family, a contact, an appointment and a group
// post seeded through the API; Admin as a super admin), then loads the signed-in Today route in the
// same Chromium under the same throttling applied through the DevTools protocol (as many times again
// with a real tap on the first dose 1 s after the page appears, for its interaction to next paint),
// and prints one table.
// Figures, not pass/fail: budgets live in `npm run budget`.
// To look into a figure (docs/performance.md): BENCH_WEB_ONLY=/groups,/calendar (those screens only,
// by route as the table names them, `/` being the landing page and Today; a path that is no screen's
// is measured signed out; BENCH_WEB_PAGES is its older name), BENCH_WEB_RUNS=3 (Lighthouse runs per
// screen, medians shown; 1 by default, 0 for none: Today's loads only), BENCH_WEB_WATERFALL=true (each Today load's requests, first
// and last byte, and its LCP element), BENCH_WEB_PROFILE=file.cpuprofile (the last Today load's
// JavaScript profile, until it has been quiet for 3 s), BENCH_WEB_TAP_DETAIL=true (each Today load's long tasks, start and duration, and its
// tap's events: name, start, processing start and end, duration, in ms; and its main-thread CPU time), BENCH_WEB_SCREENSHOTS=folder (what each screen showed at the end of its
// Lighthouse run, to see that it had its data), BENCH_WEB_CPU=1 (Today without the CPU slowdown, to
// part network from CPU), BENCH_WEB_TODAY_RUNS=0 (no Today). BENCH_WEB_PORT and BENCH_WEB_DATABASE_URL:
// the app's port and database (created if missing, kept).
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
// The screens, by route: signed out, as a caregiver (Today is `/`), as a super admin.
const PUBLIC_SCREENS = ['/', '/features', '/pricing', '/about', '/contact', '/login', '/login/email', '/privacy', '/terms', '/accept-invitation'];
const CAREGIVER_SCREENS = ['/', '/care-hub', '/care-hub/emergency-contacts', '/care-hub/doctors', '/care-hub/family-support', '/calendar', '/notifications', '/settings', '/subscribe', '/groups', '/groups/:groupId', '/groups/:groupId/posts/:postId'];
const ADMIN_SCREENS = ['/admin'];
const ONLY = (process.env.BENCH_WEB_ONLY ?? process.env.BENCH_WEB_PAGES)?.split(',').filter(Boolean);
const chosen = (routes) => routes.filter((route) => !ONLY || ONLY.includes(route));
const OTHER_PAGES = (ONLY ?? []).filter((route) => ![...PUBLIC_SCREENS, ...CAREGIVER_SCREENS, ...ADMIN_SCREENS].includes(route));
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 1);
const TODAY_RUNS = Number(process.env.BENCH_WEB_TODAY_RUNS ?? 3);
/** The server makes this address a super admin (ADMIN_EMAILS); registered at the first run on a database, signed in after. */
const ADMIN_EMAIL = 'bench-admin@example.com';
const PASSWORD = 'correct horse battery';
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
      QUEUE_PREFIX: `carecircle-bench-web-${PORT}`,
      LOG_LEVEL: 'warn',
      REGISTRATIONS_PER_ADDRESS_PER_HOUR: '100000',
      ADMIN_EMAILS: ADMIN_EMAIL,
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

async function lighthouseRow(pathName, port, attempt = 1) {
  const { lhr } = await lighthouse(`${BASE}${pathName}`, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'] });
  if (lhr.runtimeError) {
    console.error(`${pathName}: Lighthouse ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    // No figures from such a run (under load, NO_NAVSTART now and then): run it again, as it asks.
    if (attempt < 3) return lighthouseRow(pathName, port, attempt + 1);
  }
  const score = (id) => Math.round((lhr.categories[id].score ?? 0) * 100);
  const ms = (id) => lhr.audits[id].numericValue;
  const script = lhr.audits['resource-summary'].details.items.find((item) => item.resourceType === 'script');
  if (process.env.BENCH_WEB_WATERFALL === 'true') {
    const observed = lhr.audits.metrics.details?.items?.[0] ?? {};
    const element = JSON.stringify(lhr.audits['largest-contentful-paint-element']?.details ?? lhr.audits['largest-contentful-paint-element'] ?? null)?.slice(0, 600);
    console.log(`${pathName}: Lighthouse observed (unthrottled) FCP ${observed.observedFirstContentfulPaint} ms, LCP ${observed.observedLargestContentfulPaint} ms, LCP element ${element}`);
  }
  // What Lighthouse says would save the most LCP and TBT (the audits' own estimates), each with its largest item.
  const saves = (audit) => (audit.metricSavings?.LCP ?? 0) + (audit.metricSavings?.TBT ?? 0);
  const largest = (audit) => {
    const item = audit.details?.items?.[0];
    if (!item) return '';
    const amount = item.wastedBytes !== undefined ? `${(item.wastedBytes / KIB).toFixed(0)} KiB` : `${Math.round(item.total ?? item.duration ?? 0)} ms`;
    return `, most ${item.groupLabel ?? String(item.url).replace(BASE, '')} ${amount}`;
  };
  const costs = lhr.categories.performance.auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => saves(audit) > 0 && (audit.score ?? 1) < 1)
    .sort((a, b) => saves(b) - saves(a))
    .slice(0, 3)
    .map((audit) => `${audit.id} ${audit.displayValue ?? ''}${largest(audit)} (saves ${['LCP', 'TBT'].filter((k) => audit.metricSavings[k] > 0).map((k) => `${k} ${Math.round(audit.metricSavings[k])} ms`).join(', ')})`);
  const screenshot = lhr.audits['final-screenshot']?.details?.data;
  if (process.env.BENCH_WEB_SCREENSHOTS && screenshot) writeFileSync(path.join(process.env.BENCH_WEB_SCREENSHOTS, `${pathName.replaceAll('/', '_')}.jpg`), Buffer.from(screenshot.split(',')[1], 'base64'));
  const shown = new URL(lhr.finalDisplayedUrl).pathname;
  if (shown !== new URL(`${BASE}${pathName}`).pathname) console.error(`${pathName}: Lighthouse ended on ${shown}`);
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
    cls: ms('cumulative-layout-shift'),
    jsKib: (script?.transferSize ?? 0) / KIB,
    costs,
    failing,
  };
}

/** Lighthouse BENCH_WEB_RUNS times on `pathName`: each figure's median (the last run's audits), named `page`. */
async function lighthouseRows(page, pathName, port) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await lighthouseRow(pathName, port));
  if (runs.length === 0) return { page, skipped: true };
  const pick = (key) => median(runs.map((run) => run[key]));
  return { ...runs.at(-1), page, performance: pick('performance'), fcpMs: pick('fcpMs'), lcpMs: pick('lcpMs'), tbtMs: pick('tbtMs'), cls: pick('cls'), jsKib: pick('jsKib') };
}

// In the page before any script of the app: largest contentful paint and long tasks, as the browser reports them.
const OBSERVE = () => {
  const seen = { lcp: 0, fcp: 0, longTasks: [] };
  globalThis.__perf = seen;
  new PerformanceObserver((list) => list.getEntries().forEach((entry) => ((seen.lcp = entry.startTime), (seen.lcpElement = `${entry.size} ${entry.element?.outerHTML.slice(0, 160)}`)))).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => list.getEntries().forEach((entry) => entry.name === 'first-contentful-paint' && (seen.fcp = entry.startTime))).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => list.getEntries().forEach((entry) => seen.longTasks.push([entry.startTime, entry.duration]))).observe({ type: 'longtask', buffered: true });
  // Interaction-to-next-paint: the longest event of any interaction (a tap's pointer and click events).
  seen.inp = 0;
  seen.events = [];
  new PerformanceObserver((list) => list.getEntries().forEach((entry) => entry.interactionId && ((seen.inp = Math.max(seen.inp, entry.duration)), seen.events.push([entry.name, entry.startTime, entry.processingStart, entry.processingEnd, entry.duration])))).observe({ type: 'event', buffered: true, durationThreshold: 16 });
};

/** The API through `context`'s cookies: the answer's JSON, or an error but for the statuses in `allowed` (their status). */
const api = (context) => async (method, url, data, allowed = []) => {
  const res = await context.request.fetch(`${BASE}${url}`, { method, data, headers: { Origin: BASE } });
  if (allowed.includes(res.status())) return res.status();
  if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
  return res.json().catch(() => null);
};

/** A caregiver signed in on `context` (cookies), with a recipient and three tasks today. */
async function seedCaregiver(context) {
  const email = `bench-${Date.now()}-${Math.random().toString(16).slice(2)}@example.com`;
  const send = api(context);
  const post = (url, data) => send('POST', url, data);
  await post('/api/auth/register', { email, password: PASSWORD, firstName: 'Ana', lastName: 'Silva' });
  // A returning caregiver: the profile already has the browser's zone, so the page does not store it first.
  await send('PATCH', '/api/user/timezone', { timezone: PHONE.timezoneId });
  const child = await post('/api/children', { firstName: 'Maya', lastName: 'Silva' });
  for (const [name, scheduledTime] of [['Morning medication', '08:00'], ['Physiotherapy', '11:30'], ['Evening medication', '20:00']]) {
    await post(`/api/children/${child.id}/tasks`, { name, category: name.includes('medication') ? 'medication' : 'therapy_session', scheduledTime });
  }
  return child;
}

/**
 * What the caregiver's other screens show, added to `child`'s family on `context`: an emergency
 * contact, a doctor and a support person (Care Hub), an appointment today (Calendar), and a support
 * group joined with a post in it (Support Groups). Returns the routes' parameters.
 */
async function seedScreens(context, child) {
  const post = (url, data) => api(context)('POST', url, data);
  await post('/api/emergency-contacts', { name: 'Abuela Carmen', phoneNumber: '+12025550199', relationship: 'Grandmother', contactType: 'family', isPrimary: true });
  await post(`/api/children/${child.id}/doctors`, { name: 'Dr. Amy Chen', specialty: 'neurologist', phoneNumber: '+12025550182' });
  await post(`/api/children/${child.id}/family-support`, { name: 'Joy Park', role: 'school_nurse', organization: 'Lincoln Elementary' });
  await post(`/api/children/${child.id}/tasks`, {
    name: 'Neurology follow-up',
    category: 'appointment',
    priority: 'high',
    scheduledDate: new Intl.DateTimeFormat('en-CA', { timeZone: PHONE.timezoneId }).format(new Date()),
    scheduledTime: '14:00',
    appointmentDetails: { type: 'doctor', subtype: 'specialist', startTime: '14:00', endTime: '15:00', location: "Children's Hospital, 3rd floor", reminders: ['24h', '2h'] },
  });
  const [group] = await api(context)('GET', '/api/groups');
  await post(`/api/groups/${group.id}/join`);
  const written = await post(`/api/groups/${group.id}/posts`, { title: 'Meltdowns after school', body: 'Every day at 4 pm he melts down. What helped your family?' });
  return { groupId: group.id, postId: written.id };
}

/** The bench's super admin signed in on `context`, in place of whoever was. */
async function signInAdmin(context) {
  await context.clearCookies();
  const signedIn = await api(context)('POST', '/api/auth/login', { email: ADMIN_EMAIL, password: PASSWORD }, [401]);
  if (signedIn === 401) await api(context)('POST', '/api/auth/register', { email: ADMIN_EMAIL, password: PASSWORD, firstName: 'Ada', lastName: 'Admin' });
}

/**
 * One cold load of Today by a signed-in caregiver with a recipient and a day of tasks: a fresh
 * browser context (empty cache, no service worker), phone screen, slow 4G and 4x CPU. The cache
 * works as on a phone (a file asked twice in one load comes from it). JavaScript is counted as the
 * page received it (encoded bytes, headers included) until Today shows its tasks; metrics are read
 * once the page has been quiet for 3 s. Nothing is touched, so no dialog loads.
 */
async function todayRun(browser, { tap = false } = {}) {
  const context = await browser.newContext({ ...PHONE, baseURL: BASE });
  try {
    await seedCaregiver(context);

    const page = await context.newPage();
    await page.addInitScript(OBSERVE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
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
    if (tap) {
      // Issue 27: a caregiver ticks her dose 1 s after the page appears (first contentful paint).
      await page.waitForFunction(() => globalThis.__perf.fcp > 0);
      await page.waitForFunction(() => performance.now() >= globalThis.__perf.fcp + 1000);
      // Held until hydration if it comes before; its events are measured once the page is quiet (below).
      await page.getByRole('checkbox', { name: /^Complete Morning medication/ }).tap({ noWaitAfter: true });
    }
    // The day shows from the server's HTML; the app's code for it has come by the load event.
    await page.waitForLoadState('load');
    const js = jsBytes;
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(3000);
    if (process.env.BENCH_WEB_PROFILE) writeFileSync(process.env.BENCH_WEB_PROFILE, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    const perf = await page.evaluate(() => globalThis.__perf);
    // The page's main-thread CPU time (thread ticks: what the page itself ran, hardly moved by other
    // processes on the machine, unlike the long tasks' wall time) and the part of it in scripts.
    const metrics = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map(({ name, value }) => [name, value]));
    const cpuMs = (metrics.ThreadTime ?? NaN) * 1000;
    const scriptMs = (metrics.ScriptDuration ?? NaN) * 1000;
    if (process.env.BENCH_WEB_WATERFALL === 'true') {
      const zero = Math.min(...[...waterfall.values()].map((r) => r.start));
      for (const r of waterfall.values()) console.log(`${((r.start - zero) * 1000).toFixed(0).padStart(6)} ${(((r.end ?? NaN) - zero) * 1000).toFixed(0).padStart(6)} ${String(r.bytes ?? '').padStart(7)} ${r.url}`);
      console.log(`fcp ${perf.fcp.toFixed(0)} lcp ${perf.lcp.toFixed(0)} ${perf.lcpElement}`);
    }
    if (process.env.BENCH_WEB_TAP_DETAIL === 'true') console.log(JSON.stringify({ tap, fcp: perf.fcp, cpuMs: Math.round(cpuMs), scriptMs: Math.round(scriptMs), events: perf.events.map((e) => e.map((v) => (typeof v === 'number' ? Math.round(v) : v))), longTasks: perf.longTasks.map((t) => t.map(Math.round)) }));
    // Total blocking time as Lighthouse defines it: the part over 50 ms of each long task after first contentful paint.
    const tbtMs = perf.longTasks.filter(([start]) => start >= perf.fcp).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
    return { fcpMs: perf.fcp, lcpMs: perf.lcp, tbtMs, jsKib: js / KIB, inpMs: perf.inp, cpuMs, scriptMs };
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
  for (const page of [...chosen(PUBLIC_SCREENS), ...OTHER_PAGES]) rows.push(await lighthouseRows(page, page, port));
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  // The signed-in screens as Lighthouse measures the public pages: the caregiver signs in in the
  // browser's own context, whose cookies Lighthouse's tab uses (it clears storage, not cookies).
  const own = browser.contexts()[0];
  const todayChosen = TODAY_RUNS > 0 && chosen(['/']).length > 0;
  const caregiverScreens = chosen(CAREGIVER_SCREENS).filter((route) => route !== '/');
  if (todayChosen || caregiverScreens.length > 0) {
    const child = await seedCaregiver(own);
    if (todayChosen) rows.push(await lighthouseRows('/ (Today, signed in)', '/', port));
    // Seeded after Today's run, so that Today is the same day of three tasks as in the figures before.
    const params = await seedScreens(own, child);
    for (const route of caregiverScreens) rows.push(await lighthouseRows(route, route.replace(/:(\w+)/g, (_, name) => params[name]), port));
  }
  for (const route of chosen(ADMIN_SCREENS)) {
    await signInAdmin(own);
    rows.push(await lighthouseRows(`${route} (super admin)`, route, port));
  }
  const today = [];
  for (let i = 0; todayChosen && i < TODAY_RUNS; i++) today.push(await todayRun(browser));
  const taps = [];
  for (let i = 0; todayChosen && i < TODAY_RUNS; i++) taps.push(await todayRun(browser, { tap: true }));
  await browser.close();

  const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
  const shown = rows.filter((row) => !row.skipped);
  if (shown.length > 0) {
    console.log(`\nLighthouse 12, mobile (simulated slow 4G, 4x CPU), ${RUNS === 1 ? 'one run per page' : `median of ${RUNS} runs per page`}, ${new Date().toISOString()}`);
    console.log('| Page | Performance | Accessibility | Best practices | FCP | LCP | TBT | CLS | JS transferred |');
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const row of shown) {
      console.log(`| ${row.page} | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${s(row.fcpMs)} | ${s(row.lcpMs)} | ${Math.round(row.tbtMs)} ms | ${Number(row.cls).toFixed(3)} | ${row.jsKib.toFixed(1)} KiB |`);
    }
    for (const row of shown.filter((r) => r.performance < 90)) console.log(`  ${row.page} (${row.performance}): ${row.costs.join(', ') || 'no audit names a saving'}`);
    for (const row of shown.filter((r) => r.failing.length > 0)) console.log(`  ${row.page}: failing audits ${row.failing.join(', ')}`);
  }
  if (today.length > 0) {
    const pick = (key) => median(today.map((r) => r[key]));
    console.log(`\nToday, signed in, cold (Playwright + DevTools slow 4G and ${CPU_SLOWDOWN}x CPU), median of ${TODAY_RUNS}`);
    console.log('| FCP | LCP | TBT | JS transferred by the load event | Main-thread CPU (scripts) |');
    console.log('|---|---|---|---|---|');
    console.log(`| ${s(pick('fcpMs'))} | ${s(pick('lcpMs'))} | ${Math.round(pick('tbtMs'))} ms | ${pick('jsKib').toFixed(1)} KiB | ${Math.round(pick('cpuMs'))} ms (${Math.round(pick('scriptMs'))} ms) |`);
    const tapCpu = taps.map((r) => Math.round(r.cpuMs));
    console.log(`With the tick: main-thread CPU ${tapCpu.join(', ')} ms, median ${Math.round(median(taps.map((r) => r.cpuMs)))} ms`);
    console.log(`A tick 1 s after the page appears: interaction to next paint ${taps.map((r) => Math.round(r.inpMs)).join(', ')} ms, median ${Math.round(median(taps.map((r) => r.inpMs)))} ms (goal <= 200 ms)`);
  }
} finally {
  await Promise.all([stop(chromiumProcess), stop(app)]);
  rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
}
