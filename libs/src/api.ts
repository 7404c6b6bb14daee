/** The error body every API failure answers with (DESIGN.md). */
export interface ApiError {
  statusCode: number;
  message: string;
  code?: string;
  errors?: { field: string; message: string }[];
}

export interface Health {
  status: 'ok' | 'degraded';
  database: 'up' | 'down';
  eventStore: 'up' | 'down';
  redis: 'up' | 'down';
}

/**
 * A page of a list that grows without end (DESIGN.md, "Bounds"): GET `?cursor=&limit=` answers
 * `{items, next}`; `next` is the opaque cursor of the following page, null on the last one.
 * Cursors are keyset positions (never offsets), so rows added between pages neither repeat nor
 * hide others.
 */
export interface Page<T> {
  items: T[];
  next: string | null;
}

/** `?limit=`: items a page holds when absent (`default`), and at most (`max`). */
export const PAGE_LIMITS = { default: 50, max: 200 } as const;

export const PAGE_TEXT = {
  badLimit: `limit must be a whole number from 1 to ${PAGE_LIMITS.max}.`,
  badCursor: 'cursor is not a page of this list: pass the next value of a previous page, or leave it out for the first page.',
} as const;
