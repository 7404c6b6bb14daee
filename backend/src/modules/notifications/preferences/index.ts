/**
 * Notification settings' surface inside the notifications module: the reminder workers read a
 * user's preferences and a family's escalation policy (the defaults when none are stored).
 */
import { EscalationPolicyEntity } from './read-models/escalation-policies/escalation-policies.entity';
import { NotificationPreferencesEntity } from './read-models/notification-preferences/notification-preferences.entity';

export { NotificationSettingsModule } from './notification-settings.module';
export { NotificationPreferencesQuery } from './read-models/notification-preferences/notification-preferences.query';
export { EscalationPolicyQuery } from './read-models/escalation-policies/escalation-policies.query';
export type { NotificationSettingsEvent } from './domain/notification-settings';
export const NotificationSettingsEntities = [NotificationPreferencesEntity, EscalationPolicyEntity];
