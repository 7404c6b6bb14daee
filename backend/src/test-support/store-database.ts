import type { Pool } from 'pg';
import { createTestDatabase, type TestDatabase } from './database';

/** What a test opens on its database: the store under test and the pool it runs on. */
export interface OpenedStore {
  pool: Pool;
  store: { close(): Promise<void> };
}

/** The store opened on its own database, and close(): closes the store, ends its pool, drops the database. */
export type StoreOnFreshDatabase<Opened extends OpenedStore> = Opened & { database: TestDatabase; close(): Promise<void> };

/**
 * A fresh database with the store `open` builds on it (dropped again if `open` fails); close() closes
 * the store, ends its pool and drops the database, in that order.
 */
export async function storeOnFreshDatabase<Opened extends OpenedStore>(
  open: (database: TestDatabase) => Promise<Opened>,
): Promise<StoreOnFreshDatabase<Opened>> {
  const database = await createTestDatabase();
  const opened = await open(database).catch(async (error: unknown) => {
    await database.drop();
    throw error;
  });
  return {
    ...opened,
    database,
    async close() {
      await opened.store.close();
      await opened.pool.end();
      await database.drop();
    },
  };
}
