import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_PRAYER_CALCULATION_METHOD, isLiveStatus } from '@carecircle/libs';
import { ReadModelProjection, type Projection, type RecordedEventOf } from '../../../../platform/projections/projection';
import { BatchRows, columnsOf } from '../../../../platform/projections/batch-rows';
import type { BillingEvent } from '../../../billing/events';
import type { PasskeyEvent } from '../../domain/passkeys';
import type { UserEvent } from '../../domain/user';
import { UserEntity } from './users.entity';

type UserRegistered = Extract<UserEvent, { type: 'UserRegistered' }>['data'];
/** users.hasWebAuthn: true from the first passkey until the last one is removed. */
type Handled = UserEvent | Extract<PasskeyEvent, { type: 'PasskeyRegistered' | 'PasskeyRemoved' }> | SubscriptionEvent;
/**
 * users.subscriptionActive (trialing or active) and subscriptionPlan follow the billing stream's
 * events, read from billing's events.ts (billing depends on identity: no cycle; docs/billing.md).
 */
type SubscriptionEvent = Extract<
  BillingEvent,
  {
    type: 'StripeCustomerCreated' | 'SubscriptionStarted' | 'SubscriptionPlanChanged' | 'TrialEnded' | 'SubscriptionStatusChanged' | 'SubscriptionCancelled' | 'SubscriptionSetByAdmin';
  }
>;

/** A new account's row: no profile image, subscription, care team link, passkey or prayer settings yet. */
function registeredRow({ userId, email, firstName, lastName, role, timezone, registeredAt, signUpMethod }: UserRegistered) {
  return {
    id: userId,
    email,
    firstName,
    lastName,
    profileImageUrl: null,
    role,
    timezone,
    stripeCustomerId: null,
    stripeSubscriptionId: null,
    subscriptionPlan: null,
    subscriptionActive: false,
    primaryUserId: null,
    hasWebAuthn: false,
    signedUpWithGoogle: signUpMethod === 'google',
    enablePrayerTasks: false,
    prayerCalculationMethod: DEFAULT_PRAYER_CALCULATION_METHOD,
    latitude: null,
    longitude: null,
    prayerTasksSince: null,
    createdAt: new Date(registeredAt),
    updatedAt: new Date(registeredAt),
  };
}

/** What a change of time zone, profile, prayer settings or care team does to the user's row. */
function changesOf(event: RecordedEventOf<Exclude<Handled, { type: 'UserRegistered' | 'UserErased' }>>): Partial<UserEntity> {
  switch (event.type) {
    case 'TimezoneChanged':
      return { timezone: event.data.timezone, updatedAt: new Date(event.data.changedAt) };
    case 'ProfileUpdated':
      return { firstName: event.data.firstName, lastName: event.data.lastName, updatedAt: new Date(event.data.updatedAt) };
    case 'PrayerSettingsChanged':
      return {
        enablePrayerTasks: event.data.enablePrayerTasks,
        prayerCalculationMethod: event.data.prayerCalculationMethod,
        // Events from before issue 24 name no location (kept) and no period (read as the change's time).
        ...(event.data.location === undefined
          ? {}
          : { latitude: event.data.location?.latitude.toFixed(8) ?? null, longitude: event.data.location?.longitude.toFixed(8) ?? null }),
        // Events from before issue 24 name no period: the column stays (prayer tasks then use a fixed one).
        ...(event.data.prayerTasksSince === undefined ? {} : { prayerTasksSince: event.data.prayerTasksSince === null ? null : new Date(event.data.prayerTasksSince) }),
        updatedAt: new Date(event.data.changedAt),
      };
    case 'CareTeamJoined':
      return { primaryUserId: event.data.primaryUserId, role: event.data.role, updatedAt: new Date(event.data.joinedAt) };
    case 'PasskeyRegistered':
      return { hasWebAuthn: true, updatedAt: new Date(event.data.registeredAt) };
    case 'PasskeyRemoved':
      return { hasWebAuthn: event.data.passkeysLeft > 0, updatedAt: new Date(event.data.removedAt) };
    case 'StripeCustomerCreated':
      return { stripeCustomerId: event.data.customerId };
    case 'SubscriptionStarted':
      return { stripeSubscriptionId: event.data.subscriptionId, subscriptionPlan: event.data.plan, subscriptionActive: isLiveStatus(event.data.status) };
    case 'SubscriptionPlanChanged':
      return { subscriptionPlan: event.data.plan };
    case 'TrialEnded':
    case 'SubscriptionStatusChanged':
      return { subscriptionActive: isLiveStatus(event.data.status) };
    case 'SubscriptionCancelled':
      return { stripeSubscriptionId: null, subscriptionPlan: null, subscriptionActive: false };
    case 'SubscriptionSetByAdmin':
      return { subscriptionPlan: event.data.plan, subscriptionActive: event.data.active };
  }
}

/** The events that change a `users` row (SessionGuard reads the row again after a wait for one of them). */
export const USER_ROW_EVENTS = [
  'UserRegistered',
  'TimezoneChanged',
  'ProfileUpdated',
  'PrayerSettingsChanged',
  'CareTeamJoined',
  'PasskeyRegistered',
  'PasskeyRemoved',
  'UserErased',
  'StripeCustomerCreated',
  'SubscriptionStarted',
  'SubscriptionPlanChanged',
  'TrialEnded',
  'SubscriptionStatusChanged',
  'SubscriptionCancelled',
  'SubscriptionSetByAdmin',
] as const;

@Injectable()
@ReadModelProjection()
export class UsersProjection implements Projection<Handled> {
  readonly name = 'identity.users';
  readonly handles = USER_ROW_EVENTS;
  readonly tables = ['users'] as const;

  async apply(em: EntityManager, event: RecordedEventOf<Handled>): Promise<void> {
    switch (event.type) {
      case 'UserRegistered':
        await em.upsert(UserEntity, registeredRow(event.data));
        return;
      case 'UserErased':
        await em.nativeDelete(UserEntity, { id: event.data.userId });
        // A secondary caregiver of an erased primary caregiver is linked to no one.
        await em.nativeUpdate(UserEntity, { primaryUserId: event.data.userId }, { primaryUserId: null });
        return;
      default:
        await em.nativeUpdate(UserEntity, { id: event.data.userId }, changesOf(event));
    }
  }

  /** Several events at once (applyBatch): what `apply` does, on the batch's rows in memory (BatchRows). */
  async applyBatch(em: EntityManager, events: RecordedEventOf<Handled>[]): Promise<void> {
    const users = new BatchRows('users', 'id');
    const erased = events.flatMap((event) => (event.type === 'UserErased' ? [event.data.userId] : []));
    await users.load(em, 'id', events.map((event) => event.data.userId));
    await users.load(em, 'primary_user_id', erased);
    for (const event of events) {
      switch (event.type) {
        case 'UserRegistered':
          users.put({ ...users.get(event.data.userId), ...columnsOf(em, UserEntity, registeredRow(event.data)) });
          break;
        case 'UserErased':
          users.delete({ id: event.data.userId });
          for (const row of users.filter((user) => user.primary_user_id === event.data.userId)) users.patch(String(row.id), { primary_user_id: null });
          break;
        default:
          users.patch(event.data.userId, columnsOf(em, UserEntity, changesOf(event)));
      }
    }
    await users.flush(em);
  }
}
