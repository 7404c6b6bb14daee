import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { IdentityModule } from '../../identity';
import { ChangeEscalationPolicyHandler } from './commands/change-escalation-policy/change-escalation-policy.handler';
import { ChangeEscalationPolicyController } from './commands/change-escalation-policy/change-escalation-policy.http';
import { ChangeNotificationPreferencesHandler } from './commands/change-notification-preferences/change-notification-preferences.handler';
import { ChangeNotificationPreferencesController } from './commands/change-notification-preferences/change-notification-preferences.http';
import { NotificationSettingsChanges } from './commands/notification-settings-changes';
import { EscalationPolicyReadController } from './read-models/escalation-policies/escalation-policies.http';
import { EscalationPoliciesProjection } from './read-models/escalation-policies/escalation-policies.projection';
import { EscalationPolicyQuery } from './read-models/escalation-policies/escalation-policies.query';
import { NotificationPreferencesReadController } from './read-models/notification-preferences/notification-preferences.http';
import { NotificationPreferencesProjection } from './read-models/notification-preferences/notification-preferences.projection';
import { NotificationPreferencesQuery } from './read-models/notification-preferences/notification-preferences.query';

/**
 * A user's notification preferences and a family's escalation policy (issue 12; docs/notifications.md,
 * "Preferences and escalation policy"). The reminder workers read them through the exported queries.
 */
@Module({
  imports: [CqrsModule, IdentityModule],
  controllers: [NotificationPreferencesReadController, EscalationPolicyReadController, ChangeNotificationPreferencesController, ChangeEscalationPolicyController],
  providers: [
    NotificationPreferencesQuery,
    EscalationPolicyQuery,
    NotificationPreferencesProjection,
    EscalationPoliciesProjection,
    NotificationSettingsChanges,
    ChangeNotificationPreferencesHandler,
    ChangeEscalationPolicyHandler,
  ],
  exports: [NotificationPreferencesQuery, EscalationPolicyQuery],
})
export class NotificationSettingsModule {}
