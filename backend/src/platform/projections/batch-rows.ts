import type { EntityManager, EntityName } from '@mikro-orm/postgresql';

/** A row as PostgreSQL's `to_jsonb` writes it: column names, JSON values (dates and instants as text). */
export type JsonRow = Record<string, unknown>;

/**
 * One read-model table as a rebuild batch sees it (Projection.applyBatch): rows are read once
 * (`load`, a statement per column looked up; its values are typed as the column is, through
 * jsonb_populate_recordset, so the column's index is used), changed in memory in event order, and written back in
 * two statements (`flush`): a DELETE of the keys removed and one multi-row INSERT ... ON CONFLICT DO
 * UPDATE of the rows changed. Rows travel as JSON both ways (`to_jsonb` out, `jsonb_populate_recordset`
 * in), so every column keeps its exact value and type. A new row must name every column: one left out
 * is written NULL.
 */
export class BatchRows {
  private readonly rows = new Map<string, JsonRow>();
  private readonly changed = new Set<string>();
  /** Keys removed, with their key columns. */
  private readonly removed = new Map<string, JsonRow>();
  private readonly keys: string[];

  /** `key`: the primary key's column, or its columns. */
  constructor(
    readonly table: string,
    key: string | string[],
  ) {
    this.keys = typeof key === 'string' ? [key] : key;
  }

  /** The map key of a row (or of its key columns). */
  keyOf(row: JsonRow): string {
    return this.keys.map((column) => String(row[column])).join('|');
  }

  /** Reads the rows whose `column` is one of `values` (call before changing any row). */
  async load(em: EntityManager, column: string, values: Iterable<string>): Promise<void> {
    const wanted = [...new Set(values)];
    if (wanted.length === 0) return;
    const rows: { row: JsonRow }[] = await em.execute(
      `SELECT to_jsonb(t) AS row FROM "${this.table}" t WHERE "${column}" IN (SELECT "${column}" FROM jsonb_populate_recordset(NULL::"${this.table}", ?::jsonb))`,
      [JSON.stringify(wanted.map((value) => ({ [column]: value })))],
    );
    for (const { row } of rows) {
      const key = this.keyOf(row);
      if (!this.changed.has(key) && !this.removed.has(key)) this.rows.set(key, row);
    }
  }

  get(key: string): JsonRow | undefined {
    return this.rows.get(key);
  }

  /** Rows (loaded or written in this batch) matching `test`. */
  filter(test: (row: JsonRow) => boolean): JsonRow[] {
    return [...this.rows.values()].filter(test);
  }

  /** Inserts or replaces the row. */
  put(row: JsonRow): void {
    const key = this.keyOf(row);
    this.rows.set(key, row);
    this.changed.add(key);
    this.removed.delete(key);
  }

  /** Changes the given columns of the row, if there is one (an UPDATE that finds nothing changes nothing). */
  patch(key: string, changes: JsonRow): void {
    const row = this.rows.get(key);
    if (row) this.put({ ...row, ...changes });
  }

  /** Deletes the row with these key columns (loaded or not). */
  delete(keyColumns: JsonRow): void {
    const key = this.keyOf(keyColumns);
    this.rows.delete(key);
    this.changed.delete(key);
    this.removed.set(key, Object.fromEntries(this.keys.map((column) => [column, keyColumns[column]])));
  }

  async flush(em: EntityManager): Promise<void> {
    if (this.removed.size > 0) {
      const keys = this.keys.map((column) => `"${column}"`).join(', ');
      await em.execute(`DELETE FROM "${this.table}" WHERE (${keys}) IN (SELECT ${keys} FROM jsonb_populate_recordset(NULL::"${this.table}", ?::jsonb))`, [
        JSON.stringify([...this.removed.values()]),
      ]);
    }
    const rows = [...this.changed].map((key) => this.rows.get(key)!);
    if (rows.length > 0) {
      const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter((column) => !this.keys.includes(column));
      await em.execute(
        `INSERT INTO "${this.table}" SELECT * FROM jsonb_populate_recordset(NULL::"${this.table}", ?::jsonb)
         ON CONFLICT (${this.keys.map((column) => `"${column}"`).join(', ')}) DO UPDATE SET ${columns.map((column) => `"${column}" = excluded."${column}"`).join(', ')}`,
        [JSON.stringify(rows)],
      );
    }
    this.changed.clear();
    this.removed.clear();
  }
}

/**
 * An entity's properties as a JsonRow of its table's columns (names from the entity's metadata, an
 * instant as ISO text, undefined left out). `whole`: every other column is present too, as NULL.
 */
export function columnsOf<T extends object>(em: EntityManager, entity: EntityName<T>, values: Partial<T>, whole = false): JsonRow {
  const row: JsonRow = {};
  for (const property of em.getMetadata().find(entity)!.props) {
    const value = (values as Record<string, unknown>)[property.name];
    if (value !== undefined) row[property.fieldNames[0]] = value instanceof Date ? value.toISOString() : value;
    else if (whole) row[property.fieldNames[0]] = null;
  }
  return row;
}
