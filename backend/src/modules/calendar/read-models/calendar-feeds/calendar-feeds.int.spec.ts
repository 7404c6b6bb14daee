import { randomUUID } from 'node:crypto';
import { useProjectionHarness } from '../../../../test-support/projection-harness';
import { calendarFeedStream } from '../../domain/calendar-feed';
import { CalendarFeedsProjection } from './calendar-feeds.projection';
import { CalendarFeedsQuery } from './calendar-feeds.query';

describe('calendar feeds read model (PostgreSQL)', () => {
  const h = useProjectionHarness();
  const projection = new CalendarFeedsProjection();
  const query = () => new CalendarFeedsQuery(h.orm.em);
  const [ana, ben] = [randomUUID(), randomUUID()];
  const at = '2026-11-28T12:00:00.000Z';
  const created = (userId: string, tokenHash: string, includeMedications = false) =>
    h.record(calendarFeedStream(userId), { type: 'CalendarFeedLinkCreated', data: { userId, tokenHash, includeMedications, createdAt: at } });


  it('finds a link by its hash; a new link replaces the old; revoke and erasure remove it; idempotent', async () => {
    const [a1, a2, b1] = ['1'.repeat(64), '2'.repeat(64), '3'.repeat(64)];
    const events = [created(ana, a1), created(ben, b1, true), created(ana, a2, true)];
    await h.apply(projection, events);
    expect(await query().byTokenHash(a1)).toBeNull();
    expect(await query().byTokenHash(a2)).toEqual({ userId: ana, includeMedications: true });
    expect(await query().forUser(ana)).toEqual({ createdAt: at, includeMedications: true });
    const before = await h.rows('calendar_feeds');
    await h.apply(projection, events);
    expect(await h.rows('calendar_feeds')).toEqual(before);

    await h.apply(projection, [
      h.record(calendarFeedStream(ana), { type: 'CalendarFeedLinkRevoked', data: { userId: ana, revokedAt: at } }),
      h.record(`user-${ben}`, { type: 'UserErased', data: { userId: ben, erasedAt: at } }),
    ]);
    expect(await query().byTokenHash(a2)).toBeNull();
    expect(await query().byTokenHash(b1)).toBeNull();
    expect(await query().forUser(ana)).toBeNull();
  });
});
