import { DEFAULT_TIMEZONE, isIanaTimeZone, PRAYER_METHODS, timeZoneSpelling, type UserRole } from '@carecircle/libs';
import type { CommandMetadata, Decider } from '../../../platform/commands/decider';
import { DomainError, invalidInput } from '../../../platform/commands/domain-error';
import { evolveUser, initialUserState, type UserEvent, type UserState } from './user';

export type UserCommand =
  | {
      type: 'RegisterUser';
      data: { userId: string; email: string; passwordHash: string; firstName: string; lastName: string; role: UserRole };
      metadata: CommandMetadata;
    }
  | { type: 'ChangeTimezone'; data: { timezone: string }; metadata: CommandMetadata }
  | { type: 'UpdateProfile'; data: { firstName: string; lastName: string }; metadata: CommandMetadata }
  /** At least one of the two; an absent one keeps its value. */
  | { type: 'ChangePrayerSettings'; data: { enablePrayerTasks?: boolean; prayerCalculationMethod?: number }; metadata: CommandMetadata }
  /** `ownsRecipients`: whether the user is the primary caregiver of a recipient of their own (read by the caller). */
  | { type: 'JoinCareTeam'; data: { primaryUserId: string; ownsRecipients: boolean }; metadata: CommandMetadata }
  | { type: 'EraseUser'; data: Record<string, never>; metadata: CommandMetadata };

const notFound = () => new DomainError('IDENTITY.USER_NOT_FOUND', 'not_found', 'User not found');
const nameRequired = invalidInput('IDENTITY.NAME_REQUIRED');
const invalidPrayerSettings = invalidInput('IDENTITY.INVALID_PRAYER_SETTINGS');

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
      const enablePrayerTasks = command.data.enablePrayerTasks ?? state.enablePrayerTasks;
      const prayerCalculationMethod = command.data.prayerCalculationMethod ?? state.prayerCalculationMethod;
      if (command.data.enablePrayerTasks === undefined && command.data.prayerCalculationMethod === undefined) {
        throw invalidPrayerSettings('enablePrayerTasks', 'Give enablePrayerTasks or prayerCalculationMethod');
      }
      if (!PRAYER_METHODS.some((method) => method.id === prayerCalculationMethod)) {
        throw invalidPrayerSettings('prayerCalculationMethod', 'prayerCalculationMethod must be a whole number from 1 to 5');
      }
      if (enablePrayerTasks === state.enablePrayerTasks && prayerCalculationMethod === state.prayerCalculationMethod) return [];
      return [{ type: 'PrayerSettingsChanged', data: { userId: state.userId, enablePrayerTasks, prayerCalculationMethod, changedAt: at } }];
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
