import { defineConfig } from '@playwright/test';

// Browser tests run against the built app (`npm run build` first; this config never builds) served by
// the real back end on its own port and its own database, created at start and dropped at the end.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE_URL = `http://127.0.0.1:${PORT}`;

// Worker processes evaluate this file again: they inherit these variables, so the name stays one per run.
process.env.E2E_DATABASE_NAME ??= `carecircle_e2e_${Date.now()}_${process.pid}`;
const databaseUrl = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
databaseUrl.pathname = `/${process.env.E2E_DATABASE_NAME}`;
process.env.E2E_DATABASE_URL = databaseUrl.toString();

export default defineConfig({
  testDir: './e2e',
  testMatch: '*.spec.ts',
  outputDir: './e2e/.artifacts/test-results',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: './e2e/.artifacts/results.json' }]],
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    baseURL: BASE_URL,
    // Phone first: the width of a small Android phone.
    viewport: { width: 360, height: 740 },
    // A zone that differs from the server's default (America/Los_Angeles), to exercise the timezone sync.
    timezoneId: 'America/New_York',
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
  webServer: {
    command: 'node backend/dist/main.js',
    url: `${BASE_URL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATABASE_URL: process.env.E2E_DATABASE_URL,
      REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
    },
  },
});
