import { deciderSpec } from '../../../test-support/decider-spec';
import { emailClaimDecider } from './email-claim';
import type { UserEvent } from './user';
import { PRAYER_SETTINGS_MESSAGES, userDecider } from './user.decide';

const metadata = { actorId: 'u1', correlationId: 'c1', occurredAt: '2026-11-21T08:00:00.000Z' };
const spec = deciderSpec(userDecider);
const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId: 'u1',
    email: 'ana@example.com',
    passwordHash: '$argon2id$hash',
    firstName: 'Ana',
    lastName: 'Silva',
    role: 'parent',
    timezone: 'America/Los_Angeles',
    registeredAt: '2026-11-20T08:00:00.000Z',
  },
};

describe('user decider', () => {
  describe('RegisterUser', () => {
    const register = (data: Partial<{ email: string; firstName: string; lastName: string; signUpMethod: 'google' }> = {}) => ({
      type: 'RegisterUser' as const,
      data: { userId: 'u1', email: 'Ana@Example.com ', passwordHash: '$argon2id$hash', firstName: ' Ana ', lastName: 'Silva', role: 'parent' as const, ...data },
      metadata,
    });

    it('registers with a lowercased email, trimmed names and the default time zone', () => {
      spec
        .given([])
        .when(register())
        .then([{ ...registered, data: { ...registered.data, registeredAt: metadata.occurredAt } }]);
    });

    it('records an account made by Google sign-in as such (its password is a random one nobody knows)', () => {
      spec
        .given([])
        .when(register({ signUpMethod: 'google' }))
        .then([{ ...registered, data: { ...registered.data, registeredAt: metadata.occurredAt, signUpMethod: 'google' } }]);
    });

    it('refuses a second registration of the same user', () => {
      spec.given([registered]).when(register()).thenThrows('IDENTITY.EMAIL_TAKEN', 'An account with this email already exists');
    });

    it('requires first and last name', () => {
      spec.given([]).when(register({ firstName: '  ' })).thenThrows('IDENTITY.NAME_REQUIRED', 'First name is required');
      spec.given([]).when(register({ lastName: '' })).thenThrows('IDENTITY.NAME_REQUIRED', 'Last name is required');
    });
  });

  describe('ChangeTimezone', () => {
    const change = (timezone: string) => ({ type: 'ChangeTimezone' as const, data: { timezone }, metadata });

    it('records a new IANA zone', () => {
      spec
        .given([registered])
        .when(change('Europe/Berlin'))
        .then([{ type: 'TimezoneChanged', data: { userId: 'u1', timezone: 'Europe/Berlin', changedAt: metadata.occurredAt } }]);
    });

    it('records nothing when the zone is unchanged', () => {
      spec.given([registered]).when(change('America/Los_Angeles')).then([]);
      spec.given([registered]).when(change('america/los_angeles')).then([]);
    });

    it('records a zone in its usual spelling, whatever the case it was sent in', () => {
      for (const [sent, stored] of [['america/new_york', 'America/New_York'], ['utc', 'UTC'], ['ASIA/KOLKATA', 'Asia/Kolkata'], ['US/Pacific', 'US/Pacific']]) {
        spec
          .given([registered])
          .when(change(sent))
          .then([{ type: 'TimezoneChanged', data: { userId: 'u1', timezone: stored, changedAt: metadata.occurredAt } }]);
      }
    });

    it.each(['Mars/Olympus', 'PST8PDT-not', '', 'x'.repeat(51)])('refuses %p', (zone) => {
      spec.given([registered]).when(change(zone)).thenThrows('IDENTITY.INVALID_TIMEZONE');
    });

    it('refuses an unknown user', () => {
      spec.given([]).when(change('UTC')).thenThrows('IDENTITY.USER_NOT_FOUND');
    });
  });

  describe('ChangePrayerSettings', () => {
    type Settings = { enablePrayerTasks?: boolean; prayerCalculationMethod?: number; latitude?: number; longitude?: number };
    const change = (data: Settings, occurredAt = metadata.occurredAt) => ({ type: 'ChangePrayerSettings' as const, data, metadata: { ...metadata, occurredAt } });
    const changed = (
      enablePrayerTasks: boolean,
      prayerCalculationMethod: number,
      extra: { location?: { latitude: number; longitude: number } | null; prayerTasksSince?: string | null; changedAt?: string } = {},
    ): UserEvent => ({
      type: 'PrayerSettingsChanged',
      data: {
        userId: 'u1',
        enablePrayerTasks,
        prayerCalculationMethod,
        location: extra.location ?? null,
        prayerTasksSince: extra.prayerTasksSince !== undefined ? extra.prayerTasksSince : enablePrayerTasks ? metadata.occurredAt : null,
        changedAt: extra.changedAt ?? metadata.occurredAt,
      },
    });
    const later = '2026-11-22T09:00:00.000Z';

    it('records one changed setting with the others kept (new accounts: off, method 2, no location)', () => {
      spec.given([registered]).when(change({ enablePrayerTasks: true })).then([changed(true, 2)]);
      spec.given([registered]).when(change({ prayerCalculationMethod: 4 })).then([changed(false, 4)]);
      spec.given([registered, changed(true, 4)]).when(change({ prayerCalculationMethod: 1 }, later)).then([changed(true, 1, { changedAt: later })]);
      spec.given([registered]).when(change({ enablePrayerTasks: true, prayerCalculationMethod: 5 })).then([changed(true, 5)]);
    });

    it('records a location, both coordinates kept to 8 decimals, and keeps it through later changes', () => {
      const home = { latitude: 21.422487, longitude: 39.826206 };
      spec.given([registered]).when(change({ enablePrayerTasks: true, ...home })).then([changed(true, 2, { location: home })]);
      spec
        .given([registered])
        .when(change({ latitude: 40.123456789, longitude: -74.000000004 }))
        .then([changed(false, 2, { location: { latitude: 40.12345679, longitude: -74 } })]);
      spec.given([registered, changed(true, 2, { location: home })]).when(change({ prayerCalculationMethod: 4 }, later)).then([changed(true, 4, { location: home, changedAt: later })]);
      spec.given([registered, changed(true, 2, { location: home })]).when(change({ latitude: 0, longitude: 0 }, later)).then([changed(true, 2, { location: { latitude: 0, longitude: 0 }, changedAt: later })]);
    });

    it('starts a new period of prayer tasks each time they are turned on, and keeps it after turning off', () => {
      const on = changed(true, 2);
      const off = changed(false, 2, { prayerTasksSince: metadata.occurredAt, changedAt: later });
      spec.given([registered, on]).when(change({ enablePrayerTasks: false }, later)).then([off]);
      const again = '2026-11-23T10:00:00.000Z';
      spec.given([registered, on, off]).when(change({ enablePrayerTasks: true }, again)).then([changed(true, 2, { prayerTasksSince: again, changedAt: again })]);
      // An event from before issue 24 (no period): the change that turned them on began it.
      const before24: UserEvent = { type: 'PrayerSettingsChanged', data: { userId: 'u1', enablePrayerTasks: true, prayerCalculationMethod: 3, changedAt: '2026-11-20T09:00:00.000Z' } };
      spec.given([registered, before24]).when(change({ enablePrayerTasks: false }, later)).then([changed(false, 3, { prayerTasksSince: '2026-11-20T09:00:00.000Z', changedAt: later })]);
    });

    it('records nothing when nothing changes', () => {
      spec.given([registered]).when(change({ enablePrayerTasks: false, prayerCalculationMethod: 2 })).then([]);
      spec.given([registered, changed(true, 3)]).when(change({ prayerCalculationMethod: 3 })).then([]);
      spec.given([registered, changed(true, 3, { location: { latitude: 1.5, longitude: 2.5 } })]).when(change({ latitude: 1.5, longitude: 2.5 })).then([]);
    });

    it('refuses an empty change and a method outside 1-5', () => {
      spec.given([registered]).when(change({})).thenThrows('IDENTITY.INVALID_PRAYER_SETTINGS');
      for (const method of [0, 6, 2.5]) spec.given([registered]).when(change({ prayerCalculationMethod: method })).thenThrows('IDENTITY.INVALID_PRAYER_SETTINGS');
    });

    it('refuses half a location and coordinates out of range, naming the field', () => {
      const refusals: [Settings, string, string][] = [
        [{ latitude: 10 }, 'longitude', PRAYER_SETTINGS_MESSAGES.pair],
        [{ longitude: 10, enablePrayerTasks: true }, 'latitude', PRAYER_SETTINGS_MESSAGES.pair],
        [{ latitude: 90.5, longitude: 0 }, 'latitude', PRAYER_SETTINGS_MESSAGES.latitude],
        [{ latitude: -91, longitude: 0 }, 'latitude', PRAYER_SETTINGS_MESSAGES.latitude],
        [{ latitude: Number.NaN, longitude: 0 }, 'latitude', PRAYER_SETTINGS_MESSAGES.latitude],
        [{ latitude: 0, longitude: 180.01 }, 'longitude', PRAYER_SETTINGS_MESSAGES.longitude],
        [{ latitude: 0, longitude: Number.NEGATIVE_INFINITY }, 'longitude', PRAYER_SETTINGS_MESSAGES.longitude],
      ];
      for (const [data, field, message] of refusals) {
        let error: unknown;
        try {
          userDecider.decide(change(data), [registered].reduce(userDecider.evolve, userDecider.initialState()));
        } catch (caught) {
          error = caught;
        }
        expect(error).toMatchObject({ code: 'IDENTITY.INVALID_PRAYER_SETTINGS', message, errors: [{ field, message }] });
      }
      spec.given([registered]).when(change({ latitude: 90, longitude: -180 })).then([changed(false, 2, { location: { latitude: 90, longitude: -180 } })]);
    });

    it('refuses an unknown user', () => {
      spec.given([]).when(change({ enablePrayerTasks: true })).thenThrows('IDENTITY.USER_NOT_FOUND');
    });
  });

  describe('UpdateProfile', () => {
    const update = (firstName: string, lastName: string) => ({ type: 'UpdateProfile' as const, data: { firstName, lastName }, metadata });

    it('records changed names', () => {
      spec
        .given([registered])
        .when(update('Ana Maria', 'Silva'))
        .then([{ type: 'ProfileUpdated', data: { userId: 'u1', firstName: 'Ana Maria', lastName: 'Silva', updatedAt: metadata.occurredAt } }]);
    });

    it('records nothing when nothing changed', () => {
      spec.given([registered]).when(update('Ana', 'Silva')).then([]);
    });

    it('requires both names', () => {
      spec.given([registered]).when(update('Ana', ' ')).thenThrows('IDENTITY.NAME_REQUIRED', 'Last name is required');
    });
  });
});

describe('JoinCareTeam', () => {
  const join = (ownsRecipients = false, primaryUserId = 'p1') => ({ type: 'JoinCareTeam' as const, data: { primaryUserId, ownsRecipients }, metadata });
  const joined = (role: 'parent' | 'secondary_caregiver' | 'super_admin', primaryUserId = 'p1'): UserEvent => ({
    type: 'CareTeamJoined',
    data: { userId: 'u1', primaryUserId, role, joinedAt: metadata.occurredAt },
  });

  it('links the user to the primary caregiver as a secondary caregiver', () => {
    spec.given([registered]).when(join()).then([joined('secondary_caregiver')]);
  });

  it('keeps the parent role of a user who owns recipients, and a super admin’s role', () => {
    spec.given([registered]).when(join(true)).then([joined('parent')]);
    spec.given([{ ...registered, data: { ...registered.data, role: 'super_admin' } }]).when(join()).then([joined('super_admin')]);
  });

  it('records nothing when already linked the same way; a later team is the one linked', () => {
    spec.given([registered, joined('secondary_caregiver')]).when(join()).then([]);
    spec.given([registered, joined('secondary_caregiver')]).when(join(false, 'p2')).then([joined('secondary_caregiver', 'p2')]);
  });

  it('refuses an unknown user and joining oneself', () => {
    spec.given([]).when(join()).thenThrows('IDENTITY.USER_NOT_FOUND');
    spec.given([registered]).when(join(false, 'u1')).thenThrows('IDENTITY.OWN_CARE_TEAM');
  });
});

describe('EraseUser', () => {
  const erase = { type: 'EraseUser' as const, data: {}, metadata };

  it('records the erasure of a registered user, once', () => {
    spec.given([registered]).when(erase).then([{ type: 'UserErased', data: { userId: 'u1', erasedAt: metadata.occurredAt } }]);
    spec.given([registered, { type: 'UserErased', data: { userId: 'u1', erasedAt: metadata.occurredAt } }]).when(erase).thenThrows('IDENTITY.USER_NOT_FOUND');
  });

  it('refuses an unknown user', () => {
    spec.given([]).when(erase).thenThrows('IDENTITY.USER_NOT_FOUND');
  });

  it('an erased user can neither change nor register again on the same stream', () => {
    const erased: UserEvent[] = [registered, { type: 'UserErased', data: { userId: 'u1', erasedAt: metadata.occurredAt } }];
    spec.given(erased).when({ type: 'UpdateProfile', data: { firstName: 'A', lastName: 'B' }, metadata }).thenThrows('IDENTITY.USER_NOT_FOUND');
    spec
      .given(erased)
      .when({ type: 'RegisterUser', data: { userId: 'u1', email: 'a@example.com', passwordHash: 'h', firstName: 'A', lastName: 'B', role: 'parent' }, metadata })
      .thenThrows('IDENTITY.EMAIL_TAKEN');
  });
});

describe('email claim decider', () => {
  const claims = deciderSpec(emailClaimDecider);
  const claim = (userId: string) => ({ type: 'ClaimEmail' as const, data: { userId }, metadata });

  it('claims a free email', () => {
    claims.given([]).when(claim('u1')).then([{ type: 'EmailClaimed', data: { userId: 'u1', claimedAt: metadata.occurredAt } }]);
  });

  it('keeps the first claim: a later one records nothing and the state names the first user', () => {
    claims.given([{ type: 'EmailClaimed', data: { userId: 'u1', claimedAt: metadata.occurredAt } }]).when(claim('u2')).then([]);
  });

  it('releases the email of its erased claimant only, so it can be claimed again', () => {
    const claimed = { type: 'EmailClaimed' as const, data: { userId: 'u1', claimedAt: metadata.occurredAt } };
    const release = (userId: string) => ({ type: 'ReleaseEmail' as const, data: { userId }, metadata });
    const released = { type: 'EmailReleased' as const, data: { userId: 'u1', releasedAt: metadata.occurredAt } };
    claims.given([claimed]).when(release('u2')).then([]);
    claims.given([claimed]).when(release('u1')).then([released]);
    claims.given([claimed, released]).when(release('u1')).then([]);
    claims.given([claimed, released]).when(claim('u3')).then([{ type: 'EmailClaimed', data: { userId: 'u3', claimedAt: metadata.occurredAt } }]);
  });
});
