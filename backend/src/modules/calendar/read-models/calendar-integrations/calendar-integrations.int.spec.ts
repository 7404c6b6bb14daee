import { randomUUID } from 'node:crypto';
import { useProjectionHarness } from '../../../../test-support/projection-harness';
import { googleCalendarStream } from '../../domain/google-calendar';
import { CalendarIntegrationsProjection } from './calendar-integrations.projection';
import { CalendarIntegrationsQuery } from './calendar-integrations.query';

describe('calendar integrations read model (PostgreSQL)', () => {
  const h = useProjectionHarness();
  const projection = new CalendarIntegrationsProjection();
  const query = () => new CalendarIntegrationsQuery(h.orm.em);
  const [ana, ben] = [randomUUID(), randomUUID()];
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 28, 12, minute)).toISOString();
  const connected = (userId: string) =>
    h.record(googleCalendarStream(userId), {
      type: 'GoogleCalendarConnected',
      data: { userId, googleCalendarId: 'primary', accessToken: 'a', refreshToken: 'r', expiresAt: null, connectedAt: at(0) },
    });


  it('connected, last synced; no token columns; disconnect and erasure remove the row; idempotent', async () => {
    const events = [
      connected(ana),
      connected(ben),
      h.record(googleCalendarStream(ana), { type: 'GoogleCalendarSynced', data: { userId: ana, upserted: [], deleted: [], forgotten: [], syncedAt: at(5) } }),
    ];
    await h.apply(projection, events);
    expect(await query().forUser(ana)).toEqual({ connected: true, needsReconnect: false, lastSyncAt: at(5) });
    expect(await query().forUser(ben)).toEqual({ connected: true, needsReconnect: false, lastSyncAt: null });
    expect(Object.keys((await h.rows('calendar_integrations'))[0]).sort()).toEqual(['connected_at', 'google_calendar_id', 'is_active', 'last_sync_at', 'user_id']);
    const before = await h.rows('calendar_integrations');
    await h.apply(projection, events);
    expect(await h.rows('calendar_integrations')).toEqual(before);

    await h.apply(projection, [
      h.record(googleCalendarStream(ana), { type: 'GoogleCalendarDisconnected', data: { userId: ana, disconnectedAt: at(6) } }),
      h.record(`user-${ben}`, { type: 'UserErased', data: { userId: ben, erasedAt: at(7) } }),
    ]);
    expect(await query().forUser(ana)).toEqual({ connected: false, needsReconnect: false, lastSyncAt: null });
    expect(await query().forUser(ben)).toEqual({ connected: false, needsReconnect: false, lastSyncAt: null });
  });

  it('Google refusing the grant leaves the row inactive (needs reconnecting), out of the active users; connecting again makes it active', async () => {
    const [cleo, dan] = [randomUUID(), randomUUID()];
    const refused = h.record(googleCalendarStream(cleo), { type: 'GoogleCalendarAccessRefused', data: { userId: cleo, refusedAt: at(9) } });
    await h.apply(projection, [connected(cleo), connected(dan), refused]);
    expect(await query().forUser(cleo)).toEqual({ connected: true, needsReconnect: true, lastSyncAt: null });
    expect(await query().activeAmong([cleo, dan, randomUUID()])).toEqual([dan]);
    await h.apply(projection, [refused]);
    expect(await query().forUser(cleo)).toMatchObject({ needsReconnect: true });
    await h.apply(projection, [connected(cleo)]);
    expect(await query().forUser(cleo)).toEqual({ connected: true, needsReconnect: false, lastSyncAt: null });
    expect((await query().activeAmong([cleo, dan])).sort()).toEqual([cleo, dan].sort());
  });
});
