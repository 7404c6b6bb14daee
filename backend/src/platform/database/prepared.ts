import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { QueryConfig } from 'pg';

/**
 * A statement of the request path as a named (prepared) statement of node-postgres: each pooled
 * connection parses it once, and later calls send only its parameters, so PostgreSQL skips parsing
 * (and, once it settles on a generic plan, planning) and the driver builds less per call. On this
 * machine a recipient's access check cost 0.4-0.8 ms through MikroORM's `execute` (parameters inlined
 * into a new text each time), 0.1-0.2 ms named (docs/performance.md). The name is a hash of the text,
 * so statements composed from parts (an access check with another module's subquery) get one each;
 * a changed text is a new statement, never a clash. Parameters are `$1`, `$2`, ... (no knex `?`, and
 * arrays go as one parameter: `= ANY($1::uuid[])`, not `IN (?)`).
 */
export function prepared(text: string, values: unknown[]): QueryConfig {
  let name = names.get(text);
  if (name === undefined) {
    name = `cc_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    if (names.size >= MAX_NAMES) names.delete(names.keys().next().value as string);
    names.set(text, name);
  }
  return { name, text, values };
}

/** Texts hashed so far (a few dozen in practice; bounded all the same). */
const names = new Map<string, string>();
const MAX_NAMES = 1000;

interface PgConnection {
  query<Row>(config: QueryConfig): Promise<{ rows: Row[] }>;
}

/**
 * Runs `prepared(text, values)` on a connection of MikroORM's pool (the read models' connections and
 * their settings), outside any transaction: for queries of read models on the request path.
 */
export async function preparedRows<Row>(em: EntityManager, text: string, values: unknown[]): Promise<Row[]> {
  const client = em.getConnection().getKnex().client as { acquireConnection(): Promise<PgConnection>; releaseConnection(connection: PgConnection): Promise<void> };
  const connection = await client.acquireConnection();
  try {
    return (await connection.query<Row>(prepared(text, values))).rows;
  } finally {
    await client.releaseConnection(connection);
  }
}
