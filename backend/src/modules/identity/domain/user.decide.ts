import { DEFAULT_TIMEZONE, isIanaTimeZone, PRAYER_METHODS, timeZoneSpelling, type UserRole } from '@carecircle/libs';
import type { CommandMetadata, Decider } from '../../../platform/commands/decider';
import { DomainError, invalidInput } from '../../../platform/commands/domain-error';
import { evolveUser, initialUserState, type PrayerLocation, type UserEvent, type UserState } from './user';

export type UserCommand =
  | {
      type: 'RegisterUser';
      data: { userId: string; email: string; passwordHash: string; firstName: string; lastName: string; role: UserRole; signUpMethod?: 'google' };
      metadata: CommandMetadata;
    }
  | { type: 'ChangeTimezone'; data: { timezone: string }; metadata: CommandMetadata }
  | { type: 'UpdateProfile'; data: { firstName: string; lastName: string }; metadata: CommandMetadata }
  /** At least one setting; an absent one keeps its value. latitude and longitude come together or not at all. */
  | { type: 'ChangePrayerSettings'; data: PrayerSettingsInput; metadata: CommandMetadata }
  /** `ownsRecipients`: whether the user is the primary caregiver of a recipient of their own (read by the caller). */
  | { type: 'JoinCareTeam'; data: { primaryUserId: string; ownsRecipients: boolean }; metadata: CommandMetadata }
  | { type: 'EraseUser'; data: Record<string, never>; metadata: CommandMetadata };

export interface PrayerSettingsInput {
  enablePrayerTasks?: boolean;
  prayerCalculationMethod?: number;
  latitude?: number;
  longitude?: number;
}

/** The messages of PATCH /api/user/prayer-settings's refusals (docs/prayer-tasks.md). */
export const PRAYER_SETTINGS_MESSAGES = {
  empty: 'Give enablePrayerTasks, prayerCalculationMethod, or latitude and longitude',
  method: 'prayerCalculationMethod must be a whole number from 1 to 5',
  pair: 'latitude and longitude go together: give both or neither',
  latitude: 'latitude must be a number from -90 to 90',
  longitude: 'longitude must be a number from -180 to 180',
} as const;

const notFound = () => new DomainError('IDENTITY.USER_NOT_FOUND', 'not_found', 'User not found');
const nameRequired = invalidInput('IDENTITY.NAME_REQUIRED');
const invalidPrayerSettings = invalidInput('IDENTITY.INVALID_PRAYER_SETTINGS');

/** Degrees kept to 8 decimals, as the users table stores them (decimal 10,8 and 11,8). */
const degrees = (value: number) => Math.round(value * 1e8) / 1e8;

/** The location a command gives (both or neither), checked; undefined when it gives none. */
function readPrayerLocation({ latitude, longitude }: PrayerSettingsInput): PrayerLocation | undefined {
  if (latitude === undefined && longitude === undefined) return undefined;
  if (latitude === undefined) throw invalidPrayerSettings('latitude', PRAYER_SETTINGS_MESSAGES.pair);
  if (longitude === undefined) throw invalidPrayerSettings('longitude', PRAYER_SETTINGS_MESSAGES.pair);
  if (typeof latitude !== 'number' || !Number.isFinite(latitude) || latitude < -90 || latitude > 90) {
    throw invalidPrayerSettings('latitude', PRAYER_SETTINGS_MESSAGES.latitude);
  }
  if (typeof longitude !== 'number' || !Number.isFinite(longitude) || longitude < -180 || longitude > 180) {
    throw invalidPrayerSettings('longitude', PRAYER_SETTINGS_MESSAGES.longitude);
  }
  return { latitude: degrees(latitude), longitude: degrees(longitude) };
}

const sameLocation = (a: PrayerLocation | null, b: PrayerLocation | null) =>
  a === b || (a !== null && b !== null && a.latitude === b.latitude && a.longitude === b.longitude);

function requireName(value: string, field: 'firstName' | 'lastName'): string {
  const trimmed = value.trim();
  const label = field === 'firstName' ? 'First name' : 'Last name';
  if (!trimmed) throw nameRequired(field, `${label} is required`);
  return trimmed;
}

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  const at = command.metadata.occurredAt;
  switch (command.type) {
    case 'RegisterUser': {
      if (state.status !== 'unregistered') {
        throw new DomainError('IDENTITY.EMAIL_TAKEN', 'conflict', 'An account with this email already exists');
      }
      const { userId, email, passwordHash, role } = command.data;
      return [
        {
          type: 'UserRegistered',
          data: {
            userId,
            email: email.trim().toLowerCase(),
            passwordHash,
            firstName: requireName(command.data.firstName, 'firstName'),
            lastName: requireName(command.data.lastName, 'lastName'),
            role,
            timezone: DEFAULT_TIMEZONE,
            registeredAt: at,
            ...(command.data.signUpMethod ? { signUpMethod: command.data.signUpMethod } : {}),
          },
        },
      ];
    }
    case 'ChangeTimezone': {
      if (state.status !== 'registered') throw notFound();
      const timezone = timeZoneSpelling(command.data.timezone);
      if (!isIanaTimeZone(timezone)) {
        throw new DomainError('IDENTITY.INVALID_TIMEZONE', 'invalid', `Unknown time zone: ${timezone}`, [
          { field: 'timezone', message: 'timezone must be an IANA time zone such as America/Los_Angeles' },
        ]);
      }
      if (timezone === state.timezone) return [];
      return [{ type: 'TimezoneChanged', data: { userId: state.userId, timezone, changedAt: at } }];
    }
    case 'UpdateProfile': {
      if (state.status !== 'registered') throw notFound();
      const firstName = requireName(command.data.firstName, 'firstName');
      const lastName = requireName(command.data.lastName, 'lastName');
      if (firstName === state.firstName && lastName === state.lastName) return [];
      return [{ type: 'ProfileUpdated', data: { userId: state.userId, firstName, lastName, updatedAt: at } }];
    }
    case 'ChangePrayerSettings': {
      if (state.status !== 'registered') throw notFound();
      const { data } = command;
      if (data.enablePrayerTasks === undefined && data.prayerCalculationMethod === undefined && data.latitude === undefined && data.longitude === undefined) {
        throw invalidPrayerSettings('enablePrayerTasks', PRAYER_SETTINGS_MESSAGES.empty);
      }
      const enablePrayerTasks = data.enablePrayerTasks ?? state.enablePrayerTasks;
      const prayerCalculationMethod = data.prayerCalculationMethod ?? state.prayerCalculationMethod;
      if (!PRAYER_METHODS.some((method) => method.id === prayerCalculationMethod)) {
        throw invalidPrayerSettings('prayerCalculationMethod', PRAYER_SETTINGS_MESSAGES.method);
      }
      const location = readPrayerLocation(data) ?? state.prayerLocation;
      if (enablePrayerTasks === state.enablePrayerTasks && prayerCalculationMethod === state.prayerCalculationMethod && sameLocation(location, state.prayerLocation)) {
        return [];
      }
      // Turned on now: a new period of prayer tasks (their ids name it). Kept while on and after turning
      // off, so the tasks of the last period can still be found and removed.
      const prayerTasksSince = enablePrayerTasks && !state.enablePrayerTasks ? at : state.prayerTasksSince;
      return [{ type: 'PrayerSettingsChanged', data: { userId: state.userId, enablePrayerTasks, prayerCalculationMethod, location, prayerTasksSince, changedAt: at } }];
    }
    case 'JoinCareTeam': {
      // The role becomes secondary_caregiver, unless the user owns recipients themselves or is a super admin.
      if (state.status !== 'registered') throw notFound();
      const { primaryUserId, ownsRecipients } = command.data;
      if (primaryUserId === state.userId) throw new DomainError('IDENTITY.OWN_CARE_TEAM', 'invalid', 'You cannot join your own care team');
      const role: UserRole = state.role === 'super_admin' || ownsRecipients ? state.role : 'secondary_caregiver';
      if (state.primaryUserId === primaryUserId && state.role === role) return [];
      return [{ type: 'CareTeamJoined', data: { userId: state.userId, primaryUserId, role, joinedAt: at } }];
    }
    case 'EraseUser':
      if (state.status !== 'registered') throw notFound();
      return [{ type: 'UserErased', data: { userId: state.userId, erasedAt: at } }];
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  decide: decideUser,
  evolve: evolveUser,
  initialState: initialUserState,
};
