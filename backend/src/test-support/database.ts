import { randomBytes } from 'node:crypto';
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
export async function createTestDatabase(prefix = 'cc_test'): Promise<TestDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`.toLowerCase();
  await onServer((client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return { url: url.toString(), name, drop: () => onServer((client) => dropDatabase(client, name)) };
}

/**
 * pg's `pool.end()` resolves before its connections have closed; terminating those at once makes
 * them report "terminating connection due to administrator command" as an unhandled pool error.
 * So wait a moment for connections that are going away, and force out only what a test leaked.
 * (A plain DROP DATABASE would itself wait 5 s for other sessions before failing.)
 */
async function dropDatabase(client: Client, name: string): Promise<void> {
  const deadline = Date.now() + DROP_GRACE_MS;
  while (Date.now() < deadline) {
    const { rows } = await client.query<{ open: number }>('SELECT count(*)::int AS open FROM pg_stat_activity WHERE datname = $1', [name]);
    if (rows[0].open === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}
