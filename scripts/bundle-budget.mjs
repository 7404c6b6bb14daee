// The front end's first-load budget (docs/performance.md): `npm run budget`.
// Builds the front end into a temporary folder with a manifest and source maps, follows the static
// imports of the entry and of a route's lazy chunk, and sums the gzip size of every chunk loaded.
// Fails when the Today route's first load is over its budget, or when it carries a module that must
// only load with the screens that need it (libphonenumber-js: the Care Hub's directories).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(import.meta.dirname, '..');
const FRONTEND = path.join(ROOT, 'frontend');
const KB = 1024;

const ROUTES = [
  { name: 'Today (signed in home)', chunk: 'src/app/pages/home-screen.tsx', budgetKb: 250, forbidden: [/node_modules\/libphonenumber-js\//] },
  { name: 'Landing', chunk: 'src/app/pages/landing-screen.tsx' },
  { name: '/login', chunk: 'src/features/identity/pages/login-page.tsx' },
  { name: '/care-hub/emergency-contacts', chunk: 'src/features/care-hub/pages/emergency-contacts-page.tsx' },
];

const out = mkdtempSync(path.join(tmpdir(), 'carecircle-budget-'));
try {
  const build = spawnSync('npx', ['vite', 'build', '--manifest', '--sourcemap', '--outDir', out, '--logLevel', 'warn'], {
    cwd: FRONTEND,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);

  const manifest = JSON.parse(readFileSync(path.join(out, '.vite/manifest.json'), 'utf8'));
  const firstLoad = (chunk) => {
    const seen = new Set();
    const visit = (key) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const imported of manifest[key].imports ?? []) visit(imported);
    };
    visit('index.html');
    visit(chunk);
    return [...seen].map((key) => manifest[key].file);
  };
  const modulesOf = (file) => {
    try {
      return JSON.parse(readFileSync(path.join(out, `${file}.map`), 'utf8')).sources;
    } catch {
      return [];
    }
  };

  let failed = false;
  for (const route of ROUTES) {
    if (!manifest[route.chunk]) {
      console.error(`${route.name}: no chunk for ${route.chunk} (renamed?)`);
      failed = true;
      continue;
    }
    const files = firstLoad(route.chunk);
    const gzip = files.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(out, file))).length, 0);
    const over = route.budgetKb !== undefined && gzip > route.budgetKb * KB;
    const carried = (route.forbidden ?? []).flatMap((pattern) =>
      files.flatMap((file) => modulesOf(file).filter((source) => pattern.test(source)).map((source) => `${file}: ${source}`)),
    );
    const budget = route.budgetKb === undefined ? '' : ` (budget ${route.budgetKb} kB)`;
    console.log(`${route.name}: ${(gzip / KB).toFixed(1)} kB gzip in ${files.length} files${budget}${over ? ' OVER BUDGET' : ''}`);
    for (const line of carried.slice(0, 5)) console.error(`  must not load here: ${line}`);
    failed ||= over || carried.length > 0;
  }
  process.exit(failed ? 1 : 0);
} finally {
  rmSync(out, { recursive: true, force: true });
}
