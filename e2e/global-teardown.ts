import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname } from 'node:path';

const RUN_NAME = /^carecircle_e2e_[0-9_]+$/;
const ATTEMPTS = 5;

function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Drops the database this run created (its name is set once per run in playwright.config.ts). */
function dropDatabase(url: string, name: string): void {
  const server = new URL(url);
  // FORCE: the web server still holds connections while Playwright runs this teardown.
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
}

/** Removes this run's Redis keys (Bull queues, sign-in throttle counters). */
function deleteRedisKeys(url: string, prefix: string): void {
  const keys = execFileSync('redis-cli', ['-u', url, '--scan', '--pattern', `${prefix}:*`], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
  for (let i = 0; i < keys.length; i += 500) {
    execFileSync('redis-cli', ['-u', url, 'DEL', ...keys.slice(i, i + 500)], { stdio: 'pipe' });
  }
}

/** The folder playwright.config.ts made for this run's push certificate (a temporary one only). */
function removeCertificateFolder(certFile: string | undefined): void {
  const folder = certFile ? dirname(certFile) : null;
  if (folder && dirname(folder) === tmpdir() && basename(folder).startsWith('carecircle-push-')) rmSync(folder, { recursive: true, force: true });
}

export default function globalTeardown(): void {
  const name = process.env.E2E_DATABASE_NAME;
  if (!name || !RUN_NAME.test(name)) return;
  const steps: [string, () => void][] = [
    [`drop the e2e database ${name}`, () => dropDatabase(process.env.E2E_DATABASE_URL!, name)],
    [`delete the Redis keys ${process.env.E2E_QUEUE_PREFIX}:*`, () => deleteRedisKeys(process.env.E2E_REDIS_URL!, process.env.E2E_QUEUE_PREFIX!)],
    ['remove the push receiver\'s certificate folder', () => removeCertificateFolder(process.env.E2E_PUSH_CERT_FILE)],
  ];
  for (const [what, step] of steps) {
    // A few tries: the server may be busy (e.g. "too many clients" while other suites run).
    for (let attempt = 1; ; attempt++) {
      try {
        step();
        break;
      } catch (error) {
        if (attempt < ATTEMPTS) {
          pause(1000 * attempt);
          continue;
        }
        console.warn(`Could not ${what}:`, error instanceof Error ? error.message : error);
        break;
      }
    }
  }
}
