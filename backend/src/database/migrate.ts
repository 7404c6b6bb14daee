import { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { ormConfig } from './orm.config';

const MIGRATION_LOCK = 7300;

/** Runs pending migrations once, even when several processes start together (advisory lock). */
export async function migrate(clientUrl: string): Promise<string[]> {
  const lock = new Client({ connectionString: clientUrl });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const orm = await MikroORM.init(ormConfig(clientUrl));
    try {
      const applied = await orm.getMigrator().up();
      return applied.map((m) => m.name);
    } finally {
      await orm.close(true);
    }
  } finally {
    await lock.end();
  }
}
