import { DEFAULT_PRAYER_CALCULATION_METHOD, type UserRole } from '@carecircle/libs';

/** Events of a user stream `user-{id}`. Stored type names are explicit and past tense. */
export type UserEvent =
  | {
      type: 'UserRegistered';
      data: {
        userId: string;
        email: string;
        /** argon2id hash; the only place the credential lives besides its read model. */
        passwordHash: string;
        firstName: string;
        lastName: string;
        role: UserRole;
        timezone: string;
        registeredAt: string;
        /** 'google': made by Google sign-in, with a random password nobody knows (absent: a password sign-up). */
        signUpMethod?: 'google';
      };
    }
  | { type: 'TimezoneChanged'; data: { userId: string; timezone: string; changedAt: string } }
  | { type: 'ProfileUpdated'; data: { userId: string; firstName: string; lastName: string; updatedAt: string } }
  /**
   * Prayer Settings: the values after the change (a method id of libs PRAYER_METHODS). Since issue 24
   * also `location` (personal data, encrypted; null: none stored, or erased) and `prayerTasksSince`
   * (when prayer tasks were last turned on, kept after turning off; null if never: it names the prayer
   * tasks of that period). Events from before carry neither: the location stays as it was, and the
   * period begins at the change that turned them on.
   */
  | {
      type: 'PrayerSettingsChanged';
      data: {
        userId: string;
        enablePrayerTasks: boolean;
        prayerCalculationMethod: number;
        location?: PrayerLocation | null;
        prayerTasksSince?: string | null;
        changedAt: string;
      };
    }
  /** An accepted invitation links the user to the primary caregiver who sent it (users.primaryUserId), with the role it gives. */
  | { type: 'CareTeamJoined'; data: { userId: string; primaryUserId: string; role: UserRole; joinedAt: string } }
  /** Delete Account: the user's key is destroyed with it, so their personal data reads as "Erased". */
  | { type: 'UserErased'; data: { userId: string; erasedAt: string } };

/** Where prayer times are computed for a user's prayer tasks (degrees). */
export interface PrayerLocation {
  latitude: number;
  longitude: number;
}

export type UserState =
  | { status: 'unregistered' }
  | {
      status: 'registered';
      userId: string;
      email: string;
      firstName: string;
      lastName: string;
      timezone: string;
      role: UserRole;
      primaryUserId: string | null;
      enablePrayerTasks: boolean;
      prayerCalculationMethod: number;
      prayerLocation: PrayerLocation | null;
      prayerTasksSince: string | null;
    }
  | { status: 'erased' };

export const initialUserState = (): UserState => ({ status: 'unregistered' });

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered': {
      const { userId, email, firstName, lastName, timezone, role } = event.data;
      return {
        status: 'registered',
        userId,
        email,
        firstName,
        lastName,
        timezone,
        role,
        primaryUserId: null,
        enablePrayerTasks: false,
        prayerCalculationMethod: DEFAULT_PRAYER_CALCULATION_METHOD,
        prayerLocation: null,
        prayerTasksSince: null,
      };
    }
    case 'TimezoneChanged':
      return state.status === 'registered' ? { ...state, timezone: event.data.timezone } : state;
    case 'ProfileUpdated':
      return state.status === 'registered' ? { ...state, firstName: event.data.firstName, lastName: event.data.lastName } : state;
    case 'PrayerSettingsChanged':
      return state.status === 'registered'
        ? {
            ...state,
            enablePrayerTasks: event.data.enablePrayerTasks,
            prayerCalculationMethod: event.data.prayerCalculationMethod,
            prayerLocation: event.data.location === undefined ? state.prayerLocation : event.data.location,
            prayerTasksSince: event.data.prayerTasksSince !== undefined ? event.data.prayerTasksSince : prayerPeriodBefore24(state, event.data),
          }
        : state;
    case 'CareTeamJoined':
      return state.status === 'registered' ? { ...state, primaryUserId: event.data.primaryUserId, role: event.data.role } : state;
    case 'UserErased':
      return { status: 'erased' };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** The period of an event from before issue 24 (no prayerTasksSince): begun by the change that turned prayer tasks on. */
function prayerPeriodBefore24(state: { enablePrayerTasks: boolean; prayerTasksSince: string | null }, data: { enablePrayerTasks: boolean; changedAt: string }): string | null {
  return data.enablePrayerTasks && !state.enablePrayerTasks ? data.changedAt : state.prayerTasksSince;
}

export const userStream = (userId: string) => `user-${userId}`;

