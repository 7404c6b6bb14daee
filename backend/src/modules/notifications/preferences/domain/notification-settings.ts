import type { EscalationPolicy, NotificationPreferences } from '@carecircle/libs';

/**
 * A user's notification settings, one stream `notification-settings-{userId}`: their own
 * preferences (the Account tab's checkboxes and quiet hours) and, for a primary caregiver, the
 * family's escalation policy. Each change carries the whole new value, so the last event is the
 * setting; none of it is personal data (flags, clock times, minutes and audiences).
 */
export type NotificationSettingsEvent =
  | { type: 'NotificationPreferencesChanged'; data: { userId: string; preferences: NotificationPreferences; changedAt: string } }
  | { type: 'EscalationPolicyChanged'; data: { userId: string; policy: EscalationPolicy; changedAt: string } };

/** Null: never changed, the default applies (DEFAULT_NOTIFICATION_PREFERENCES, DEFAULT_ESCALATION_POLICY). */
export interface NotificationSettingsState {
  preferences: NotificationPreferences | null;
  policy: EscalationPolicy | null;
}

export const initialNotificationSettingsState = (): NotificationSettingsState => ({ preferences: null, policy: null });

export function evolveNotificationSettings(state: NotificationSettingsState, event: NotificationSettingsEvent): NotificationSettingsState {
  switch (event.type) {
    case 'NotificationPreferencesChanged':
      return { ...state, preferences: event.data.preferences };
    case 'EscalationPolicyChanged':
      return { ...state, policy: event.data.policy };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export const notificationSettingsStream = (userId: string) => `notification-settings-${userId}`;
