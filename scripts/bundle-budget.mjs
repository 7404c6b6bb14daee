// The front end's first-load budget (docs/performance.md): `npm run budget`.
// Builds the front end into a temporary folder with a manifest and source maps, follows the static
// imports of the entry and of a route's lazy chunks, and sums the size of every chunk loaded as the
// server sends it: the brotli files the build writes (gzip, for browsers without brotli, is shown
// beside). Fails when a route's first load is over its budget (brotli, in KiB; and gzip, in kB of 1000
// bytes, where a route gives one: the public pages' 150 kB of issue 25), or when it carries a module that must only load
// with the screens that need it (libphonenumber-js: the Care Hub's directories; antd: not on the
// public pages, the sign-in and invitation pages nor Today's first paint; the passkey library: with a
// passkey's use, not with /login).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const FRONTEND = path.join(ROOT, 'frontend');
const KB = 1024;

// A route's lazy chunks: its screen and, but for the public pages and Today, antd's theme provider.
const ANTD = 'src/shared/ui/antd-theme.tsx';
const NO_ANTD = /node_modules\/(antd|@ant-design|@rc-component)\//;
const NO_PASSKEY_LIBRARY = /node_modules\/@simplewebauthn\//;
const PUBLIC_LAYOUT = 'src/app/layout/public-layout.tsx';
/** KiB of brotli per signed-in screen (measured 2026-11-29, plus about 5 %). */
const SCREEN_BUDGETS = { '/settings': 335, '/calendar': 255, '/notifications': 210, '/subscribe': 210, '/admin': 255, '/groups': 230, '/groups/:groupId': 263 };
const ROUTES = [
  {
    name: 'Today (signed in home)',
    chunks: ['src/app/pages/home-screen.tsx'],
    budgetKb: 170,
    forbidden: [/node_modules\/libphonenumber-js\//, NO_ANTD],
  },
  { name: 'Landing', chunks: ['src/app/pages/landing-screen.tsx'], budgetKb: 110, gzipBudgetKb: 150, forbidden: [NO_ANTD] },
  // The other public pages, in the public pages' layout route (router.tsx).
  ...[
    ['/features', 'features-page'],
    ['/pricing', 'pricing-page'],
    ['/about', 'about-page'],
    ['/contact', 'contact-page'],
    ['/terms, /privacy', 'legal-pages'],
  ].map(([name, page]) => ({ name, chunks: [PUBLIC_LAYOUT, `src/features/marketing/pages/${page}.tsx`], gzipBudgetKb: 150, forbidden: [NO_ANTD] })),
  { name: 'Page Not Found (signed out)', chunks: [PUBLIC_LAYOUT], gzipBudgetKb: 150, forbidden: [NO_ANTD] },
  // Sign-in and the invitation page, an invited grandparent's first contact (issue 27): no antd, near
  // the public pages (2026-11-29: 107-108 KiB brotli, 123-125 KiB gzip; budget that plus about 7 %).
  { name: '/login', chunks: ['src/features/identity/pages/login-page.tsx'], budgetKb: 115, gzipBudgetKb: 150, forbidden: [NO_ANTD, NO_PASSKEY_LIBRARY] },
  { name: '/login/email', chunks: ['src/app/pages/email-sign-in-screen.tsx'], budgetKb: 115, gzipBudgetKb: 150, forbidden: [NO_ANTD, NO_PASSKEY_LIBRARY] },
  { name: '/accept-invitation/:token', chunks: ['src/app/pages/accept-invitation-screen.tsx'], budgetKb: 115, gzipBudgetKb: 150, forbidden: [NO_ANTD] },
  // The signed-in screens: today's first load plus about 5 %, so a screen that grows is seen (issue 27
  // brings them down).
  { name: '/care-hub/emergency-contacts', chunks: [ANTD, 'src/app/pages/care-hub-screen.tsx', 'src/features/care-hub/pages/emergency-contacts-page.tsx'], budgetKb: 325 },
  ...[
    ['/settings', 'settings-screen'],
    ['/calendar', 'calendar-screen'],
    ['/notifications', 'notifications-screen'],
    ['/subscribe', 'subscribe-screen'],
    ['/admin', 'admin-screen'],
  ].map(([name, screen]) => ({ name, chunks: [ANTD, `src/app/pages/${screen}.tsx`], budgetKb: SCREEN_BUDGETS[name] })),
  // Support groups: the list and a group's page, each its own chunk in the groups' layout route (router.tsx).
  ...[
    ['/groups', 'support-groups-page'],
    ['/groups/:groupId', 'group-page'],
  ].map(([name, page]) => ({ name, chunks: [ANTD, 'src/app/pages/groups-screen.tsx', `src/features/community/pages/${page}.tsx`], budgetKb: SCREEN_BUDGETS[name] })),
];

const out = mkdtempSync(path.join(tmpdir(), 'carecircle-budget-'));
try {
  const build = spawnSync('npx', ['vite', 'build', '--manifest', '--sourcemap', '--outDir', out, '--logLevel', 'warn'], {
    cwd: FRONTEND,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);

  const manifest = JSON.parse(readFileSync(path.join(out, '.vite/manifest.json'), 'utf8'));
  const modulesOf = (file) => {
    try {
      return JSON.parse(readFileSync(path.join(out, `${file}.map`), 'utf8')).sources;
    } catch {
      return [];
    }
  };
  // A screen is its own chunk, or one module of a chunk that groups it with others (frontend/vite.config.ts).
  const chunkOf = (module) =>
    manifest[module] ? module : Object.keys(manifest).find((key) => modulesOf(manifest[key].file).some((source) => source.endsWith(module)));
  const firstLoad = (chunks) => {
    const seen = new Set();
    const visit = (key) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const imported of manifest[key].imports ?? []) visit(imported);
    };
    visit('index.html');
    chunks.forEach(visit);
    return [...seen].map((key) => manifest[key].file);
  };
  // Files under 1 KiB are sent as they are (frontend/vite.config.ts, precompress).
  const sent = (file, suffix) => statSync(path.join(out, existsSync(path.join(out, file + suffix)) ? file + suffix : file)).size;

  let failed = false;
  for (const route of ROUTES) {
    const missing = route.chunks.filter((chunk) => !chunkOf(chunk));
    if (missing.length > 0) {
      console.error(`${route.name}: no chunk for ${missing.join(', ')} (renamed?)`);
      failed = true;
      continue;
    }
    const files = firstLoad(route.chunks.map(chunkOf));
    const brotli = files.reduce((sum, file) => sum + sent(file, '.br'), 0);
    const gzip = files.reduce((sum, file) => sum + sent(file, '.gz'), 0);
    const over = (route.budgetKb !== undefined && brotli > route.budgetKb * KB) || (route.gzipBudgetKb !== undefined && gzip > route.gzipBudgetKb * 1000);
    const carried = (route.forbidden ?? []).flatMap((pattern) =>
      files.flatMap((file) => modulesOf(file).filter((source) => pattern.test(source)).map((source) => `${file}: ${source}`)),
    );
    const budgets = [route.budgetKb && `${route.budgetKb} KiB brotli`, route.gzipBudgetKb && `${route.gzipBudgetKb} kB gzip`].filter(Boolean);
    const budget = budgets.length === 0 ? '' : ` (budget ${budgets.join(', ')})`;
    const kb = (bytes) => (bytes / KB).toFixed(1);
    console.log(`${route.name}: ${kb(brotli)} KiB brotli (${kb(gzip)} KiB gzip) in ${files.length} files${budget}${over ? ' OVER BUDGET' : ''}`);
    for (const line of carried.slice(0, 5)) console.error(`  must not load here: ${line}`);
    failed ||= over || carried.length > 0;
  }
  process.exit(failed ? 1 : 0);
} finally {
  rmSync(out, { recursive: true, force: true });
}
