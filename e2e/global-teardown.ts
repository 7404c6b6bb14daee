import { execFileSync } from 'node:child_process';

/** Drops the database this run created (its name is set once per run in playwright.config.ts). */
export default function globalTeardown(): void {
  const url = process.env.E2E_DATABASE_URL;
  const name = process.env.E2E_DATABASE_NAME;
  if (!url || !name || !/^carecircle_e2e_[0-9_]+$/.test(name)) return;
  const server = new URL(url);
  try {
    // FORCE: the web server may still hold connections while Playwright shuts it down.
    execFileSync(
      'psql',
      [
        '-h', server.hostname,
        '-p', server.port || '5432',
        '-U', decodeURIComponent(server.username || 'postgres'),
        '-d', 'postgres',
        '-v', 'ON_ERROR_STOP=1',
        '-c', `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`,
      ],
      { stdio: 'pipe', env: { ...process.env, PGPASSWORD: decodeURIComponent(server.password) } },
    );
  } catch (error) {
    console.warn(`Could not drop the e2e database ${name}:`, error instanceof Error ? error.message : error);
  }
}
