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
      };
    }
  | { type: 'TimezoneChanged'; data: { userId: string; timezone: string; changedAt: string } }
  | { type: 'ProfileUpdated'; data: { userId: string; firstName: string; lastName: string; updatedAt: string } }
  /** Prayer Settings: both values after the change (a method id of libs PRAYER_METHODS). */
  | { type: 'PrayerSettingsChanged'; data: { userId: string; enablePrayerTasks: boolean; prayerCalculationMethod: number; changedAt: string } }
  /** An accepted invitation links the user to the primary caregiver who sent it (users.primaryUserId), with the role it gives. */
  | { type: 'CareTeamJoined'; data: { userId: string; primaryUserId: string; role: UserRole; joinedAt: string } }
  /** Delete Account: the user's key is destroyed with it, so their personal data reads as "Erased". */
  | { type: 'UserErased'; data: { userId: string; erasedAt: string } };

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
      };
    }
    case 'TimezoneChanged':
      return state.status === 'registered' ? { ...state, timezone: event.data.timezone } : state;
    case 'ProfileUpdated':
      return state.status === 'registered' ? { ...state, firstName: event.data.firstName, lastName: event.data.lastName } : state;
    case 'PrayerSettingsChanged':
      return state.status === 'registered'
        ? { ...state, enablePrayerTasks: event.data.enablePrayerTasks, prayerCalculationMethod: event.data.prayerCalculationMethod }
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

export const userStream = (userId: string) => `user-${userId}`;

