import {
  DEFAULT_ESCALATION_POLICY,
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_SETTINGS_MESSAGES,
  readEscalationPolicy,
  readNotificationPreferences,
  samePolicy,
  samePreferences,
  type SettingsReading,
} from '@carecircle/libs';
import type { CommandMetadata, Decider } from '../../../../platform/commands/decider';
import { DomainError, invalidInput } from '../../../../platform/commands/domain-error';
import {
  evolveNotificationSettings,
  initialNotificationSettingsState,
  type NotificationSettingsEvent,
  type NotificationSettingsState,
} from './notification-settings';

/**
 * `input` is the request body as sent (unknown properties included: they are refused, not
 * dropped). Whether the actor is a primary caregiver is a fact the handler reads (the user's role)
 * and passes in; the stream is the actor's own.
 */
export type NotificationSettingsCommand =
  | { type: 'ChangeNotificationPreferences'; data: { userId: string; input: unknown }; metadata: CommandMetadata }
  | { type: 'ChangeEscalationPolicy'; data: { userId: string; input: unknown; actorIsPrimary: boolean }; metadata: CommandMetadata };

const invalid = invalidInput('NOTIFICATION_SETTINGS.INVALID');

function valid<T>(reading: SettingsReading<T>): T {
  if (reading.problem) throw invalid(reading.problem.field, reading.problem.message);
  return reading.value;
}

/**
 * Input a projection can store or a 400 naming the field; the escalation policy is the primary
 * caregiver's (403 for a secondary caregiver); a value equal to the one in force (stored, else the
 * default) records nothing.
 */
export function decideNotificationSettings(command: NotificationSettingsCommand, state: NotificationSettingsState): NotificationSettingsEvent[] {
  const { userId } = command.data;
  const changedAt = command.metadata.occurredAt;
  switch (command.type) {
    case 'ChangeNotificationPreferences': {
      const preferences = valid(readNotificationPreferences(command.data.input));
      if (samePreferences(preferences, state.preferences ?? DEFAULT_NOTIFICATION_PREFERENCES)) return [];
      return [{ type: 'NotificationPreferencesChanged', data: { userId, preferences, changedAt } }];
    }
    case 'ChangeEscalationPolicy': {
      if (!command.data.actorIsPrimary) throw new DomainError('NOTIFICATION_SETTINGS.PRIMARY_ONLY', 'forbidden', NOTIFICATION_SETTINGS_MESSAGES.primaryOnly);
      const policy = valid(readEscalationPolicy(command.data.input));
      if (samePolicy(policy, state.policy ?? DEFAULT_ESCALATION_POLICY)) return [];
      return [{ type: 'EscalationPolicyChanged', data: { userId, policy, changedAt } }];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const notificationSettingsDecider: Decider<NotificationSettingsCommand, NotificationSettingsEvent, NotificationSettingsState> = {
  decide: decideNotificationSettings,
  evolve: evolveNotificationSettings,
  initialState: initialNotificationSettingsState,
};
