import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';

export interface TestDatabase {
  url: string;
  name: string;
  /** Drops the database, terminating connections that are still open after a short grace period. */
  drop(): Promise<void>;
}

/** How long drop() lets closing connections go away by themselves before it terminates them. */
const DROP_GRACE_MS = 1000;

const serverUrl = () => process.env.TEST_DATABASE_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function onServer<T>(run: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, uniquely named database on the test server (TEST_DATABASE_SERVER_URL, default the local
 * PostgreSQL). The random suffix keeps parallel jest workers and interrupted runs apart.
 */
export async function createTestDatabase(prefix = 'cc_test', template?: string): Promise<TestDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`.toLowerCase();
  await onServer((client) => client.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`));
  return { url: databaseUrl(name), name, drop: () => onServer((client) => dropDatabase(client, name)) };
}

/**
 * A fresh database with every migration applied, as `migrate()` leaves it: a copy of a template
 * database migrated once per set of migrations (named by their hash, built under an advisory lock so
 * parallel workers build it once). A copy takes a fifth of the time of migrating.
 */
export async function createMigratedTestDatabase(prefix = 'cc_test'): Promise<TestDatabase> {
  return createTestDatabase(prefix, await (migratedTemplate ??= buildMigratedTemplate()));
}

const TEMPLATE_LOCK = 7310;
let migratedTemplate: Promise<string> | undefined;

async function buildMigratedTemplate(): Promise<string> {
  const name = `cc_template_${migrationsHash()}`;
  await onServer(async (client) => {
    await client.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      if ((await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount) return;
      const building = `${name}_building`;
      await client.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
      await client.query(`CREATE DATABASE "${building}"`);
      // Loaded here only: a worker that copies an existing template never loads the migrator.
      const { migrate } = await import('../database/migrate');
      await migrate(databaseUrl(building));
      await waitForNoConnections(client, building);
      await client.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
  return name;
}

/** The migrations as compiled here (src under jest, dist under the benches): a changed one builds a new template. */
function migrationsHash(): string {
  const folder = path.join(__dirname, '..', 'database', 'migrations');
  const hash = createHash('sha256');
  for (const file of readdirSync(folder).filter((f) => /\.(ts|js)$/.test(f)).sort()) hash.update(file).update(readFileSync(path.join(folder, file)));
  return hash.digest('hex').slice(0, 16);
}

function databaseUrl(name: string): string {
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function waitForNoConnections(client: Client, name: string): Promise<void> {
  const deadline = Date.now() + DROP_GRACE_MS;
  while (Date.now() < deadline) {
    const { rows } = await client.query<{ open: number }>('SELECT count(*)::int AS open FROM pg_stat_activity WHERE datname = $1', [name]);
    if (rows[0].open === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * pg's `pool.end()` resolves before its connections have closed; terminating those at once makes
 * them report "terminating connection due to administrator command" as an unhandled pool error.
 * So wait a moment for connections that are going away, and force out only what a test leaked.
 * (A plain DROP DATABASE would itself wait 5 s for other sessions before failing.)
 */
async function dropDatabase(client: Client, name: string): Promise<void> {
  await waitForNoConnections(client, name);
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}
