import { applyDecorators } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import { PAGE_LIMITS, PAGE_TEXT, type Page } from '@carecircle/libs';
import { invalidInput } from '../commands/domain-error';

/**
 * Cursor pages (DESIGN.md, "Bounds"; docs/http.md, "Pages"): `?cursor=&limit=` in, `{items, next}`
 * out. A cursor is the keyset of the previous page's last item (its sort key, e.g. a time and an id,
 * or a position), JSON in base64url: opaque to clients, never an offset. A query reads `limit + 1`
 * rows after the key, through an index in the same order, and always keeps its owner filter, so a
 * forged cursor can only move within what the caller may already read.
 */
const invalid = invalidInput('PAGE.INVALID');

/** `?limit=`: absent or empty is `fallback`; otherwise a whole number from 1 to PAGE_LIMITS.max, else 400. */
export function pageLimit(raw: unknown, fallback: number = PAGE_LIMITS.default): number {
  if (raw === undefined || raw === '') return fallback;
  const limit = typeof raw === 'string' && /^\d{1,4}$/.test(raw) ? Number(raw) : NaN;
  if (!(limit >= 1 && limit <= PAGE_LIMITS.max)) throw invalid('limit', PAGE_TEXT.badLimit);
  return limit;
}

/** The cursor of an item: its sort key. */
export const encodeCursor = (key: readonly string[]): string => Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');

/**
 * `?cursor=`: null when absent or empty (or null: a last page's next); otherwise the key `parse` accepts (it returns null for a key
 * this list never gives out), else a 400 naming `cursor`. Nothing unchecked reaches a query.
 */
export function decodeCursor<Key>(raw: unknown, parse: (key: string[]) => Key | null): Key | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const refused = () => invalid('cursor', PAGE_TEXT.badCursor);
  if (typeof raw !== 'string' || raw.length > 400 || !/^[A-Za-z0-9_-]+$/.test(raw)) throw refused();
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw refused();
  }
  if (!Array.isArray(key) || !key.every((part) => typeof part === 'string')) throw refused();
  const parsed = parse(key as string[]);
  if (parsed === null) throw refused();
  return parsed;
}

/** `rows` read with `limit + 1`: the page of the first `limit`, and the cursor of its last when more follow. */
export function toPage<Row, Item>(rows: Row[], limit: number, keyOf: (row: Row) => readonly string[], toItem: (row: Row) => Item): Page<Item> {
  const kept = rows.slice(0, limit);
  return { items: kept.map(toItem), next: rows.length > limit ? encodeCursor(keyOf(kept[kept.length - 1])) : null };
}

/** Keys of the form (microsecond UTC time, uuid), the usual "newest first" order. */
const MICROS = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** SQL that renders a timestamptz column as the time of a (time, id) key, to the microsecond. */
export const micros = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
/** A (time, id) key as `micros` and a uuid render it, or null. */
export function timeAndId([at, id, ...rest]: string[]): { at: string; id: string } | null {
  const seconds = MICROS.exec(at ?? '')?.[1];
  if (rest.length > 0 || !seconds || !UUID.test(id ?? '')) return null;
  const parsed = new Date(`${seconds}Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(seconds) ? { at, id } : null;
}

/** OpenAPI for `?cursor=&limit=`. */
export const ApiPageQuery = () =>
  applyDecorators(
    ApiQuery({ name: 'cursor', required: false, description: 'the next of the previous page; absent for the first page' }),
    ApiQuery({ name: 'limit', required: false, description: `items a page holds, 1 to ${PAGE_LIMITS.max} (default ${PAGE_LIMITS.default})` }),
  );
