import type { EntityManager, EntityName } from '@mikro-orm/postgresql';

/** A row as PostgreSQL's `to_jsonb` writes it: column names, JSON values (dates and instants as text). */
export type JsonRow = Record<string, unknown>;

/**
 * One read-model table as a rebuild batch sees it (Projection.applyBatch): rows are read once
 * (`load`, a statement per column looked up), changed in memory in event order, and written back in
 * two statements (`flush`): a DELETE of the keys removed and one multi-row INSERT ... ON CONFLICT DO
 * UPDATE of the rows changed. Rows travel as JSON both ways (`to_jsonb` out, `jsonb_populate_recordset`
 * in), so every column keeps its exact value and type. A new row must name every column: one left out
 * is written NULL.
 */
export class BatchRows {
  private readonly rows = new Map<string, JsonRow>();
  private readonly changed = new Set<string>();
  private readonly removed = new Set<string>();

  constructor(
    readonly table: string,
    readonly key: string,
  ) {}

  /** Reads the rows whose `column` is one of `values` (call before changing any row). */
  async load(em: EntityManager, column: string, values: Iterable<string>): Promise<void> {
    const wanted = [...new Set(values)];
    if (wanted.length === 0) return;
    const rows: { row: JsonRow }[] = await em.execute(
      `SELECT to_jsonb(t) AS row FROM "${this.table}" t WHERE "${column}" IN (${this.valuesOf(column)})`,
      [JSON.stringify(wanted.map((value) => ({ [column]: value })))],
    );
    for (const { row } of rows) {
      const key = String(row[this.key]);
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
    const key = String(row[this.key]);
    this.rows.set(key, row);
    this.changed.add(key);
    this.removed.delete(key);
  }

  /** Changes the given columns of the row, if there is one (an UPDATE that finds nothing changes nothing). */
  patch(key: string, changes: JsonRow): void {
    const row = this.rows.get(key);
    if (row) this.put({ ...row, ...changes });
  }

  delete(key: string): void {
    this.rows.delete(key);
    this.changed.delete(key);
    this.removed.add(key);
  }

  async flush(em: EntityManager): Promise<void> {
    if (this.removed.size > 0) {
      await em.execute(`DELETE FROM "${this.table}" WHERE "${this.key}" IN (${this.valuesOf(this.key)})`, [
        JSON.stringify([...this.removed].map((key) => ({ [this.key]: key }))),
      ]);
    }
    const rows = [...this.changed].map((key) => this.rows.get(key)!);
    if (rows.length > 0) {
      const columns = Object.keys(rows[0]).filter((column) => column !== this.key);
      await em.execute(
        `INSERT INTO "${this.table}" SELECT * FROM jsonb_populate_recordset(NULL::"${this.table}", ?::jsonb)
         ON CONFLICT ("${this.key}") DO UPDATE SET ${columns.map((column) => `"${column}" = excluded."${column}"`).join(', ')}`,
        [JSON.stringify(rows)],
      );
    }
    this.changed.clear();
    this.removed.clear();
  }

  /** A list of values of `column`, typed as the column is (so its index is used), from a JSON parameter. */
  private valuesOf(column: string): string {
    return `SELECT "${column}" FROM jsonb_populate_recordset(NULL::"${this.table}", ?::jsonb)`;
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
