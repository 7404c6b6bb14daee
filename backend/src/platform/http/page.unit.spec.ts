import { PAGE_LIMITS, PAGE_TEXT } from '@carecircle/libs';
import { decodeCursor, encodeCursor, pageLimit, timeAndId, toPage } from './page';

const ID = '0b7c9a52-3f0e-4c43-9a55-2f1f0f6f3b11';
const refused = (field: string, message: string) => expect.objectContaining({ code: 'PAGE.INVALID', errors: [{ field, message }] });
const thrown = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
};

describe('cursor pages (platform/http/page.ts)', () => {
  it('limit: absent or empty is the default; 1 to max are taken; anything else is a 400 naming limit', () => {
    expect(pageLimit(undefined)).toBe(PAGE_LIMITS.default);
    expect(pageLimit('', 20)).toBe(20);
    expect(pageLimit('1')).toBe(1);
    expect(pageLimit(String(PAGE_LIMITS.max))).toBe(PAGE_LIMITS.max);
    for (const bad of ['0', String(PAGE_LIMITS.max + 1), '-1', '1.5', '1e2', ' 5', 'ten', ['5', '6'], { a: 1 }]) {
      expect(thrown(() => pageLimit(bad))).toEqual(refused('limit', PAGE_TEXT.badLimit));
    }
  });

  it('a cursor round-trips its key; a malformed, oversized or wrongly shaped one is a 400 naming cursor', () => {
    const key = ['2026-11-27T08:00:00.123456Z', ID];
    expect(decodeCursor(encodeCursor(key), timeAndId)).toEqual({ at: key[0], id: ID });
    expect(decodeCursor(undefined, timeAndId)).toBeNull();
    expect(decodeCursor('', timeAndId)).toBeNull();
    const b64 = (text: string) => Buffer.from(text).toString('base64url');
    for (const bad of [
      'not a cursor!', b64('not json'), b64('{"at":1}'), b64('[1,2]'), encodeCursor([key[0]]), encodeCursor([...key, 'extra']),
      encodeCursor(['2026-02-30T08:00:00.000000Z', ID]), encodeCursor(['2026-11-27T08:00:00Z', ID]), encodeCursor([key[0], ID.toUpperCase()]),
      encodeCursor([key[0], "x' OR 1=1"]), 'A'.repeat(401), ['a', 'b'],
    ]) {
      expect(thrown(() => decodeCursor(bad, timeAndId))).toEqual(refused('cursor', PAGE_TEXT.badCursor));
    }
  });

  it('a page keeps the first limit rows and gives the cursor of its last only when one more was read', () => {
    const rows = [1, 2, 3].map((n) => ({ n }));
    const page = toPage(rows, 2, (row) => [String(row.n)], (row) => row.n * 10);
    expect(page.items).toEqual([10, 20]);
    expect(decodeCursor(page.next, (parts) => parts)).toEqual(['2']);
    expect(toPage(rows.slice(0, 2), 2, (row) => [String(row.n)], (row) => row.n)).toEqual({ items: [1, 2], next: null });
  });
});
