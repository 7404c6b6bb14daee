import { randomUUID } from 'node:crypto';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '@carecircle/libs';
import { useProjectionHarness } from '../../../../../test-support/projection-harness';
import { NotificationPreferencesProjection } from './notification-preferences.projection';
import { NotificationPreferencesQuery } from './notification-preferences.query';

describe('notification preferences read model (PostgreSQL)', () => {
  const h = useProjectionHarness();
  const projection = new NotificationPreferencesProjection();
  const query = () => new NotificationPreferencesQuery(h.orm.em);
  const [ana, ben] = [randomUUID(), randomUUID()];


  const changed = (userId: string, preferences: NotificationPreferences, changedAt = '2026-11-27T09:00:00.000Z') =>
    h.record(`notification-settings-${userId}`, { type: 'NotificationPreferencesChanged', data: { userId, preferences, changedAt } });

  it('answers the defaults (all on, no quiet hours) for a user who never changed them, as a copy', async () => {
    const answer = await query().forUser(ana);
    expect(answer).toEqual({ emailOverdue: true, emailAchievements: true, pushReminders: true, quietHours: null });
    answer.emailOverdue = false;
    expect(DEFAULT_NOTIFICATION_PREFERENCES.emailOverdue).toBe(true);
  });

  it('stores the last change per user, quiet hours included and removed; idempotent', async () => {
    const night = { emailOverdue: false, emailAchievements: true, pushReminders: false, quietHours: { start: '22:00', end: '07:00' } };
    const events = [changed(ana, night), changed(ben, { ...night, emailOverdue: true, quietHours: null })];
    await h.apply(projection, events);
    expect(await query().forUser(ana)).toEqual(night);
    expect(await query().forUser(ben)).toEqual({ ...night, emailOverdue: true, quietHours: null });
    const nobody = randomUUID();
    expect(await query().forUsers([ben, nobody, ana])).toEqual(new Map([[ben, { ...night, emailOverdue: true, quietHours: null }], [nobody, DEFAULT_NOTIFICATION_PREFERENCES], [ana, night]]));
    const before = await h.rows('notification_preferences');
    await h.apply(projection, events);
    expect(await h.rows('notification_preferences')).toEqual(before);

    await h.apply(projection, [changed(ana, { ...night, quietHours: null }, '2026-11-27T10:00:00.000Z')]);
    expect(await query().forUser(ana)).toEqual({ ...night, quietHours: null });
    expect(await h.em().execute('SELECT quiet_hours_start, quiet_hours_end, changed_at::text AS changed_at FROM notification_preferences WHERE user_id = ?', [ana])).toEqual([
      { quiet_hours_start: null, quiet_hours_end: null, changed_at: '2026-11-27 10:00:00+00' },
    ]);
  });

  it('an erased account takes its row with it (the defaults again); others keep theirs', async () => {
    await h.apply(projection, [h.record(`user-${ana}`, { type: 'UserErased', data: { userId: ana, erasedAt: '2026-11-27T11:00:00.000Z' } })]);
    expect(await h.em().execute('SELECT user_id FROM notification_preferences WHERE user_id = ?', [ana])).toEqual([]);
    expect(await query().forUser(ana)).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    expect((await query().forUser(ben)).pushReminders).toBe(false);
  });
});
