import { randomUUID } from 'node:crypto';
import { useProjectionHarness } from '../../../../test-support/projection-harness';
import { googleCalendarStream } from '../../domain/google-calendar';
import { GoogleCalendarEventsProjection } from './google-calendar-events.projection';
import { GoogleCalendarEventsQuery } from './google-calendar-events.query';

describe('Google calendar events read model (PostgreSQL)', () => {
  const h = useProjectionHarness();
  const projection = new GoogleCalendarEventsProjection();
  const query = () => new GoogleCalendarEventsQuery(h.orm.em);
  const [ana, ben, cleo] = [randomUUID(), randomUUID(), randomUUID()];
  const [maya, leo, ivy] = [randomUUID(), randomUUID(), randomUUID()];
  const [visit, physio, dentist, old] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 29, 12, minute)).toISOString();
  const entry = (taskId: string, childId?: string) => ({ taskId, ...(childId ? { childId } : {}), googleCalendarEventId: taskId.replace(/-/g, ''), fingerprint: 'f', date: '2026-11-30' });
  const synced = (userId: string, upserted: ReturnType<typeof entry>[], deleted: string[] = [], forgotten: string[] = []) =>
    h.record(googleCalendarStream(userId), { type: 'GoogleCalendarSynced', data: { userId, upserted, deleted, forgotten, syncedAt: at(1) } });
  const sorted = (ids: string[]) => [...ids].sort();

  it('who holds events of which recipients; deleted and forgotten ones leave; idempotent', async () => {
    const events = [synced(ana, [entry(visit, maya), entry(physio, leo)]), synced(ben, [entry(physio, leo)])];
    await h.apply(projection, events);
    expect(sorted(await query().holdersOf([leo]))).toEqual(sorted([ana, ben]));
    expect(await query().holdersOf([maya])).toEqual([ana]);
    expect(await query().holdersOf([ivy])).toEqual([]);
    expect(await query().holdersOf([])).toEqual([]);
    const before = await h.rows('google_calendar_events');
    await h.apply(projection, events);
    expect(await h.rows('google_calendar_events')).toEqual(before);

    await h.apply(projection, [synced(ana, [], [visit], [physio])]);
    expect(await query().holdersOf([maya, leo])).toEqual([ben]);
  });

  it('events recorded without their recipient count for every recipient; a disconnect and an erasure remove the user’s rows', async () => {
    await h.apply(projection, [synced(cleo, [entry(dentist, ivy), entry(old)])]);
    expect(await query().holdersOf([randomUUID()])).toContain(cleo);
    await h.apply(projection, [h.record(googleCalendarStream(cleo), { type: 'GoogleCalendarDisconnected', data: { userId: cleo, disconnectedAt: at(2) } })]);
    expect(await query().holdersOf([ivy])).toEqual([]);

    await h.apply(projection, [synced(cleo, [entry(dentist, ivy)]), h.record(`user-${cleo}`, { type: 'UserErased', data: { userId: cleo, erasedAt: at(3) } })]);
    expect(await query().holdersOf([ivy])).toEqual([]);
  });
});
