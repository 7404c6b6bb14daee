import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Where an online rebuild (ProjectionRunner.rebuildOnline) builds its read models: empty copies of
 * the projections' tables in their own schema. Projections name their tables unqualified (raw SQL
 * and MikroORM, which leaves the default schema out), so a transaction that runs with
 * `search_path = projection_rebuild, public` writes these copies and still finds everything else
 * (the event store, outboxes, checkpoints) in public. The copies are moved into public in one
 * transaction at the end (switchIn), under the names the migrations gave the originals.
 */
export const SHADOW_SCHEMA = 'projection_rebuild';

/** The statement that points a transaction's unqualified table names at the shadow tables first. */
export const USE_SHADOW_TABLES = `SELECT set_config('search_path', '${SHADOW_SCHEMA}, public', true)`;

type Execute = Pick<EntityManager, 'execute'>;

/**
 * A fresh shadow schema (a stale one, left by a rebuild that died, is dropped) holding an empty copy
 * of each table: columns, defaults, NOT NULL and CHECK constraints by LIKE, then the primary keys,
 * unique constraints and indexes again under their own names (LIKE would invent new index names).
 * No projection table has a foreign key, trigger or sequence of its own; switchIn refuses to drop a
 * table anything else depends on.
 */
export async function createShadowTables(db: Execute, tables: readonly string[]): Promise<void> {
  await db.execute(`DROP SCHEMA IF EXISTS ${SHADOW_SCHEMA} CASCADE`);
  await db.execute(`CREATE SCHEMA ${SHADOW_SCHEMA}`);
  for (const table of tables) {
    await db.execute(`CREATE TABLE ${SHADOW_SCHEMA}."${table}" (LIKE public."${table}" INCLUDING ALL EXCLUDING INDEXES)`);
    const constraints: { name: string; definition: string }[] = await db.execute(
      `SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
        WHERE conrelid = ?::regclass AND contype IN ('p', 'u', 'x') ORDER BY conname`,
      [`public."${table}"`],
    );
    for (const { name, definition } of constraints) {
      await db.execute(`ALTER TABLE ${SHADOW_SCHEMA}."${table}" ADD CONSTRAINT "${name}" ${definition}`);
    }
    const indexes: { definition: string }[] = await db.execute(
      `SELECT pg_get_indexdef(i.indexrelid) AS definition FROM pg_index i
        WHERE i.indrelid = ?::regclass AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
        ORDER BY i.indexrelid`,
      [`public."${table}"`],
    );
    for (const { definition } of indexes) {
      const onShadow = definition.replace(` ON public.${table} `, ` ON ${SHADOW_SCHEMA}."${table}" `);
      if (onShadow === definition) throw new Error(`cannot copy an index of ${table} to the rebuild schema: ${definition}`);
      await db.execute(onShadow);
    }
  }
}

/**
 * Inside the hand-over's transaction: each live table is dropped and its shadow copy moved into
 * public in its place (indexes and constraints already carry the live names). A shadow copy whose
 * columns no longer match the live table (a migration ran meanwhile) fails the switch, and the
 * transaction leaves the live tables as they were. lock_timeout bounds the wait for readers.
 */
export async function switchIn(em: Execute, tables: readonly string[]): Promise<void> {
  await em.execute("SET LOCAL lock_timeout = '5s'");
  for (const table of tables) {
    const [{ same }]: { same: boolean }[] = await em.execute(
      `SELECT (SELECT array_agg(attname || ' ' || format_type(atttypid, atttypmod) || ' ' || attnotnull ORDER BY attnum)
                 FROM pg_attribute WHERE attrelid = ?::regclass AND attnum > 0 AND NOT attisdropped)
            = (SELECT array_agg(attname || ' ' || format_type(atttypid, atttypmod) || ' ' || attnotnull ORDER BY attnum)
                 FROM pg_attribute WHERE attrelid = ?::regclass AND attnum > 0 AND NOT attisdropped) AS same`,
      [`public."${table}"`, `${SHADOW_SCHEMA}."${table}"`],
    );
    if (!same) throw new Error(`table ${table} changed while it was rebuilt (a migration?); run the rebuild again`);
    await em.execute(`DROP TABLE public."${table}"`);
    await em.execute(`ALTER TABLE ${SHADOW_SCHEMA}."${table}" SET SCHEMA public`);
  }
}

export async function dropShadowTables(db: Execute): Promise<void> {
  await db.execute(`DROP SCHEMA IF EXISTS ${SHADOW_SCHEMA} CASCADE`);
}
