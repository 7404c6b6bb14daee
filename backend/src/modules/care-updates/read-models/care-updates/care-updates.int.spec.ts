import { randomUUID } from 'node:crypto';
import { CARE_UPDATE_LIMITS, CARE_UPDATE_TEXT, PAGE_TEXT } from '@carecircle/libs';
import { decodeCursor } from '../../../../platform/http/page';
import { useProjectionHarness } from '../../../../test-support/projection-harness';
import { UsersQuery } from '../../../identity';
import { careUpdateStreams } from '../../domain/care-updates';
import { CareUpdatesProjection } from './care-updates.projection';
import { careUpdateCursor, CareUpdatesQuery } from './care-updates.query';
import type { RecipientOf } from '../../../care-recipients';

describe('care updates read model (PostgreSQL)', () => {
  const h = useProjectionHarness();
  /** What a RecipientOf subquery answers (ChildrenQuery.getFor uses it inside its own statement). */
  const recipient = async ({ sql, params }: RecipientOf) => ((await h.em().execute(`SELECT (${sql}) AS child_id`, params)) as { child_id: string | null }[])[0].child_id;
  const projection = new CareUpdatesProjection();
  const child = randomUUID();
  const otherChild = randomUUID();
  const [ana, ben] = [randomUUID(), randomUUID()];
  const gone = randomUUID(); // an author whose account no longer exists
  const query = () => new CareUpdatesQuery(h.orm.em, new UsersQuery(h.orm.em));
  const asAna = { userId: ana, isPrimary: true };
  const asBen = { userId: ben, isPrimary: false };

  beforeAll(async () => {
    for (const [id, first, last] of [[ana, 'Ana', 'Silva'], [ben, 'Ben', 'Okafor']]) {
      await h.em().execute(`INSERT INTO users (id, email, first_name, last_name, created_at, updated_at) VALUES (?, ?, ?, ?, now(), now())`, [id, `${id}@example.com`, first, last]);
    }
  });

  const posted = (childId: string, updateId: string, authorId: string, text: string, postedAt: string, extra: object = {}) =>
    h.record(careUpdateStreams.day(childId, authorId, postedAt), { type: 'CareUpdatePosted', data: { childId, updateId, authorId, text, imageUrl: null, important: false, postedAt, ...extra } });
  const minute = (n: number) => new Date(Date.UTC(2026, 10, 25, 8, n)).toISOString();

  it('lists a recipient’s updates newest first with the author’s name, editedAt and who may change them', async () => {
    const [first, second, third] = [randomUUID(), randomUUID(), randomUUID()];
    await h.apply(projection, [
      posted(child, first, ana, 'Slept well', minute(1), { imageUrl: 'https://example.com/p.png' }),
      posted(child, second, ben, 'Seizure at school', minute(2), { important: true }),
      posted(child, third, gone, 'From a deleted account', minute(3)),
      posted(otherChild, randomUUID(), ana, 'Another recipient', minute(4)),
      h.record(careUpdateStreams.update(first), {
        type: 'CareUpdateEdited',
        data: { childId: child, updateId: first, authorId: ana, text: 'Slept very well', imageUrl: null, important: false, editedBy: ana, editedAt: minute(5) },
      }),
    ]);
    const page = await query().page(child, asBen, { size: CARE_UPDATE_LIMITS.pageSize });
    expect(page.next).toBeNull();
    expect(page.items).toEqual([
      expect.objectContaining({ id: third, text: 'From a deleted account', authorName: CARE_UPDATE_TEXT.formerCaregiver, canChange: false }),
      {
        id: second, childId: child, text: 'Seizure at school', imageUrl: null, important: true, authorId: ben, authorName: 'Ben Okafor',
        createdAt: minute(2), editedAt: null, canChange: true,
      },
      expect.objectContaining({ id: first, text: 'Slept very well', imageUrl: null, authorName: 'Ana Silva', editedAt: minute(5), canChange: false }),
    ]);
    // The primary caregiver may change every update.
    expect((await query().page(child, asAna, { size: CARE_UPDATE_LIMITS.pageSize })).items.every((u) => u.canChange)).toBe(true);
  });

  it('removing keeps a marker without text or photo: not listed, still leads to its recipient; idempotent', async () => {
    const id = randomUUID();
    const events = [
      posted(child, id, ben, 'Oops, wrong recipient', minute(6), { imageUrl: 'https://example.com/x.png' }),
      h.record(careUpdateStreams.update(id), { type: 'CareUpdateRemoved', data: { childId: child, updateId: id, authorId: ben, removedBy: ana, removedAt: minute(7) } }),
    ];
    await h.apply(projection, events);
    expect((await query().page(child, asAna, { size: CARE_UPDATE_LIMITS.pageSize })).items.map((u) => u.id)).not.toContain(id);
    expect(await query().byId(id, asAna)).toBeNull();
    expect(await recipient(query().recipientOf(id))).toBe(child);
    // Where its events are: its day stream is named by its author and post time.
    expect(await query().origin(id)).toEqual({ childId: child, authorId: ben, postedAt: minute(6) });
    expect(await query().origin(randomUUID())).toBeNull();
    expect(await h.em().execute('SELECT text, image_url FROM care_updates WHERE id = ?', [id])).toEqual([{ text: null, image_url: null }]);
    const before = await h.rows('care_updates');
    await h.apply(projection, events);
    expect(await h.rows('care_updates')).toEqual(before);
  });

  it(`pages by ${CARE_UPDATE_LIMITS.pageSize}, newest first, through next; same-time updates are not skipped; a bad cursor is a 400`, async () => {
    const many = randomUUID();
    const sameTime = minute(30);
    const events = Array.from({ length: 45 }, (_, i) => posted(many, randomUUID(), ana, `Update ${i}`, i < 10 ? sameTime : minute(31 + i)));
    await h.apply(projection, events);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await query().page(many, asAna, { after: decodeCursor(cursor, careUpdateCursor), size: CARE_UPDATE_LIMITS.pageSize });
      expect(page.items.length).toBeLessThanOrEqual(CARE_UPDATE_LIMITS.pageSize);
      seen.push(...page.items.map((u) => u.text));
      cursor = page.next;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(45);
    expect(new Set(seen).size).toBe(45);
    expect(seen.slice(0, 3)).toEqual(['Update 44', 'Update 43', 'Update 42']);
    const key = (parts: unknown) => Buffer.from(JSON.stringify(parts)).toString('base64url');
    for (const bad of ['nonsense', ['a', 'b'], key(['2026-11-25T08:00:00.000Z', 'not-a-uuid']), key(['2026-13-45T08:00:00.000Z', randomUUID()]), 'x'.repeat(500)]) {
      expect(() => decodeCursor(bad, careUpdateCursor)).toThrow(PAGE_TEXT.badCursor);
    }
  });

  it('removing the recipient (CareRecipientRemoved) removes their updates only', async () => {
    await h.apply(projection, [h.record(`care-recipient-${child}`, { type: 'CareRecipientRemoved', data: { childId: child, removedAt: minute(50) } })]);
    expect(await h.em().execute('SELECT id FROM care_updates WHERE child_id = ?', [child])).toEqual([]);
    expect((await query().page(otherChild, asAna, { size: CARE_UPDATE_LIMITS.pageSize })).items.map((u) => u.text)).toEqual(['Another recipient']);
  });
});
