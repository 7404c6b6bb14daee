import { useProjectionHarness } from '../../../../test-support/projection-harness';
import { UserCredentialsProjection } from '../user-credentials/user-credentials.projection';
import { UserCredentialsQuery } from '../user-credentials/user-credentials.query';
import { UsersProjection } from './users.projection';
import { toUser, type UserEntity } from './users.entity';
import { USER_OF_SESSION, UsersQuery } from './users.query';

describe('users and credentials read models (PostgreSQL)', () => {
  const h = useProjectionHarness();
  const userId = '10000000-0000-4000-8000-000000000001';

  it('projects registration with the schema defaults, then time zone and profile changes', async () => {
    const events = [
      h.record(`user-${userId}`, {
        type: 'UserRegistered',
        data: { userId, email: 'ana@example.com', passwordHash: '$argon2id$x', firstName: 'Ana', lastName: 'Silva', role: 'parent', timezone: 'America/Los_Angeles', registeredAt: '2026-11-01T08:00:00Z' },
      }),
      h.record(`user-${userId}`, { type: 'TimezoneChanged', data: { userId, timezone: 'Asia/Tokyo', changedAt: '2026-11-02T08:00:00Z' } }),
      h.record(`user-${userId}`, { type: 'ProfileUpdated', data: { userId, firstName: 'Ana Maria', lastName: 'Silva', updatedAt: '2026-11-03T08:00:00Z' } }),
    ];
    await h.apply(new UsersProjection(), events);
    await h.apply(new UserCredentialsProjection(), events);

    const user = await new UsersQuery(h.orm.em).byId(userId);
    expect(user).toEqual({
      id: userId,
      email: 'ana@example.com',
      firstName: 'Ana Maria',
      lastName: 'Silva',
      profileImageUrl: null,
      role: 'parent',
      timezone: 'Asia/Tokyo',
      subscriptionActive: false,
      subscriptionPlan: null,
      primaryUserId: null,
      hasWebAuthn: false,
      signedUpWithGoogle: false,
      enablePrayerTasks: false,
      prayerCalculationMethod: 2,
      latitude: null,
      longitude: null,
      createdAt: '2026-11-01T08:00:00.000Z',
      updatedAt: '2026-11-03T08:00:00.000Z',
    });
    const credentials = await new UserCredentialsQuery(h.orm.em).byEmail(' ANA@example.com ');
    expect(credentials).toMatchObject({ userId, passwordHash: '$argon2id$x' });
  });

  it('USER_OF_SESSION, the row the session statement loads, is the user byId reads; null for a session without a valid user id', async () => {
    await h.em().execute('UPDATE users SET latitude = 21.42250000, longitude = -157.85833333, primary_user_id = NULL WHERE id = ?', [userId]);
    const loadedFor = async (sess: object) => {
      const [row]: { alongside: UserEntity | null }[] = await h.em().execute(`SELECT ${USER_OF_SESSION} AS alongside FROM (SELECT ?::json AS sess) s`, [JSON.stringify(sess)]);
      return row.alongside;
    };
    const loaded = await loadedFor({ cookie: {}, userId, signedInAt: 1 });
    expect(toUser(loaded!)).toEqual(await new UsersQuery(h.orm.em).byId(userId));
    expect(toUser(loaded!)).toMatchObject({ latitude: '21.42250000', longitude: '-157.85833333' });
    expect(await loadedFor({ cookie: {} })).toBeNull();
    expect(await loadedFor({ userId: '10000000-0000-4000-8000-00000000dead' })).toBeNull();
    expect(await loadedFor({ userId: "x' OR true --" })).toBeNull(); // not a uuid: no cast error, no user
  });

  it('PrayerSettingsChanged sets both prayer settings, the same rows through apply and applyBatch', async () => {
    const ids = ['10000000-0000-4000-8000-0000000000a1', '10000000-0000-4000-8000-0000000000a2'];
    const eventsOf = (id: string) => [
      h.record(`user-${id}`, {
        type: 'UserRegistered',
        data: { userId: id, email: `${id}@example.com`, passwordHash: '$argon2id$p', firstName: 'Amina', lastName: 'Khan', role: 'parent', timezone: 'America/New_York', registeredAt: '2026-11-01T08:00:00Z' },
      }),
      h.record(`user-${id}`, { type: 'PrayerSettingsChanged', data: { userId: id, enablePrayerTasks: true, prayerCalculationMethod: 4, changedAt: '2026-11-02T08:00:00Z' } }),
      h.record(`user-${id}`, { type: 'PrayerSettingsChanged', data: { userId: id, enablePrayerTasks: true, prayerCalculationMethod: 1, changedAt: '2026-11-03T08:00:00Z' } }),
    ];
    await h.apply(new UsersProjection(), eventsOf(ids[0]));
    await h.em().transactional((em) => new UsersProjection().applyBatch(em, eventsOf(ids[1]) as Parameters<UsersProjection['applyBatch']>[1]));

    const [one, other] = await Promise.all(ids.map((id) => new UsersQuery(h.orm.em.fork()).byId(id)));
    expect(one).toMatchObject({ enablePrayerTasks: true, prayerCalculationMethod: 1, updatedAt: '2026-11-03T08:00:00.000Z' });
    const strip = (user: typeof one) => ({ ...user, id: undefined, email: undefined });
    expect(strip(other)).toEqual(strip(one));
  });

  it('PrayerSettingsChanged (issue 24) writes the location and the period, kept by later changes; apply and applyBatch agree', async () => {
    const ids = ['10000000-0000-4000-8000-0000000000b1', '10000000-0000-4000-8000-0000000000b2'];
    const since = '2026-11-02T08:00:00.000Z';
    const eventsOf = (id: string) => [
      h.record(`user-${id}`, {
        type: 'UserRegistered',
        data: { userId: id, email: `${id}@example.com`, passwordHash: '$argon2id$p', firstName: 'Amina', lastName: 'Khan', role: 'parent', timezone: 'Asia/Riyadh', registeredAt: '2026-11-01T08:00:00Z' },
      }),
      h.record(`user-${id}`, {
        type: 'PrayerSettingsChanged',
        data: { userId: id, enablePrayerTasks: true, prayerCalculationMethod: 4, location: { latitude: 21.42248712, longitude: 39.82620621 }, prayerTasksSince: since, changedAt: since },
      }),
      h.record(`user-${id}`, {
        type: 'PrayerSettingsChanged',
        data: { userId: id, enablePrayerTasks: false, prayerCalculationMethod: 4, location: { latitude: -33.5, longitude: 151 }, prayerTasksSince: since, changedAt: '2026-11-03T08:00:00Z' },
      }),
      // An event from before issue 24 (no location, no period) keeps both.
      h.record(`user-${id}`, { type: 'PrayerSettingsChanged', data: { userId: id, enablePrayerTasks: false, prayerCalculationMethod: 1, changedAt: '2026-11-04T08:00:00Z' } }),
    ];
    await h.apply(new UsersProjection(), eventsOf(ids[0]));
    await h.em().transactional((em) => new UsersProjection().applyBatch(em, eventsOf(ids[1]) as Parameters<UsersProjection['applyBatch']>[1]));

    const query = new UsersQuery(h.orm.em.fork());
    expect(await query.byId(ids[0])).toMatchObject({ enablePrayerTasks: false, prayerCalculationMethod: 1, latitude: '-33.50000000', longitude: '151.00000000' });
    const settings = await Promise.all(ids.map((id) => query.prayerTaskSettings(id)));
    expect(settings[0]).toEqual({ userId: ids[0], enablePrayerTasks: false, prayerCalculationMethod: 1, latitude: -33.5, longitude: 151, timezone: 'Asia/Riyadh', prayerTasksSince: since });
    expect({ ...settings[1], userId: undefined }).toEqual({ ...settings[0], userId: undefined });
    // Turned off: not among the users the prayer-tasks job walks.
    expect((await query.withPrayerTasks(null, 1000)).map((u) => u.userId)).not.toContain(ids[0]);
  });

  it('replaying an applied change is idempotent', async () => {
    const before = await h.rows('users');
    const again = [h.record(`user-${userId}`, { type: 'ProfileUpdated', data: { userId, firstName: 'Ana Maria', lastName: 'Silva', updatedAt: '2026-11-03T08:00:00Z' } })];
    await h.apply(new UsersProjection(), again);
    await h.apply(new UserCredentialsProjection(), again);
    expect(await h.rows('users')).toEqual(before);
    expect(await h.rows('user_credentials')).toHaveLength(1);
  });

  it('CareTeamJoined links a user to a primary caregiver with the role it gives; contacts() names them', async () => {
    const helperId = '10000000-0000-4000-8000-000000000002';
    const events = [
      h.record(`user-${helperId}`, {
        type: 'UserRegistered',
        data: { userId: helperId, email: 'joe@example.com', passwordHash: '$argon2id$y', firstName: 'Joe', lastName: '', role: 'parent', timezone: 'America/Los_Angeles', registeredAt: '2026-11-01T08:00:00Z' },
      }),
      h.record(`user-${helperId}`, { type: 'CareTeamJoined', data: { userId: helperId, primaryUserId: userId, role: 'secondary_caregiver', joinedAt: '2026-11-05T08:00:00Z' } }),
    ];
    await h.apply(new UsersProjection(), events);
    await h.apply(new UsersProjection(), events.slice(1)); // again: idempotent
    const query = new UsersQuery(h.orm.em);
    expect(await query.byId(helperId)).toMatchObject({ role: 'secondary_caregiver', primaryUserId: userId, updatedAt: '2026-11-05T08:00:00.000Z' });
    expect(await query.contacts([helperId, userId, '10000000-0000-4000-8000-00000000000f'])).toEqual(
      new Map([
        [helperId, { name: 'Joe', email: 'joe@example.com' }],
        [userId, { name: 'Ana Maria Silva', email: 'ana@example.com' }],
      ]),
    );
  });

  it('UserErased removes the user and the credentials rows', async () => {
    const erased = [h.record(`user-${userId}`, { type: 'UserErased', data: { userId, erasedAt: '2026-11-04T08:00:00Z' } })];
    await h.apply(new UsersProjection(), erased);
    await h.apply(new UserCredentialsProjection(), erased);
    expect(await new UsersQuery(h.orm.em).byId(userId)).toBeNull();
    expect(await h.rows('user_credentials')).toEqual([]);
    // Their secondary caregiver is linked to no one now.
    expect(await new UsersQuery(h.orm.em).byId('10000000-0000-4000-8000-000000000002')).toMatchObject({ primaryUserId: null });
  });
  it('subscriptionActive and subscriptionPlan follow the billing events (trialing or active), the same through apply and applyBatch', async () => {
    const ids = ['10000000-0000-4000-8000-0000000000b1', '10000000-0000-4000-8000-0000000000b2'];
    const eventsOf = (id: string) => {
      const sub = { userId: id, subscriptionId: `sub_${id}` };
      return [
        h.record(`user-${id}`, {
          type: 'UserRegistered',
          data: { userId: id, email: `${id}@example.com`, passwordHash: '$argon2id$p', firstName: 'Bo', lastName: 'Li', role: 'parent', timezone: 'UTC', registeredAt: '2026-12-01T08:00:00Z' },
        }),
        h.record(`billing-${id}`, { type: 'StripeCustomerCreated', data: { userId: id, customerId: `cus_${id}`, createdAt: '2026-12-01T09:00:00Z' } }),
        h.record(`billing-${id}`, {
          type: 'SubscriptionStarted',
          data: { ...sub, stripeEventId: 'evt_1', plan: 'per_child', quantity: 1, status: 'trialing', trialEnd: null, currentPeriodEnd: null, startedAt: '2026-12-01T09:00:00Z' },
        }),
        h.record(`billing-${id}`, { type: 'SubscriptionPlanChanged', data: { ...sub, plan: 'family_plan', quantity: 1, changedAt: '2026-12-02T09:00:00Z' } }),
      ];
    };
    const byId = (id: string) => new UsersQuery(h.orm.em.fork()).byId(id);
    await h.apply(new UsersProjection(), eventsOf(ids[0]));
    await h.em().transactional((em) => new UsersProjection().applyBatch(em, eventsOf(ids[1]) as Parameters<UsersProjection['applyBatch']>[1]));
    for (const id of ids) expect(await byId(id)).toMatchObject({ subscriptionActive: true, subscriptionPlan: 'family_plan' });
    const [row] = await h.em().execute('SELECT stripe_customer_id, stripe_subscription_id FROM users WHERE id = ?', [ids[0]]);
    expect(row).toEqual({ stripe_customer_id: `cus_${ids[0]}`, stripe_subscription_id: `sub_${ids[0]}` });

    const sub = { userId: ids[0], subscriptionId: `sub_${ids[0]}` };
    await h.apply(new UsersProjection(), [h.record(`billing-${ids[0]}`, { type: 'SubscriptionStatusChanged', data: { ...sub, stripeEventId: 'evt_2', status: 'past_due', changedAt: '2026-12-09T09:00:00Z' } })]);
    expect(await byId(ids[0])).toMatchObject({ subscriptionActive: false, subscriptionPlan: 'family_plan' });
    await h.apply(new UsersProjection(), [h.record(`billing-${ids[0]}`, { type: 'SubscriptionCancelled', data: { ...sub, stripeEventId: 'evt_3', cancelledAt: '2026-12-10T09:00:00Z' } })]);
    expect(await byId(ids[0])).toMatchObject({ subscriptionActive: false, subscriptionPlan: null });
  });
});
