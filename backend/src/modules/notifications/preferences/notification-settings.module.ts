import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { IdentityModule } from '../../identity';
import { NotificationSettingsCommandHandler } from './commands/notification-settings-command.handler';
import { NotificationSettingsController } from './commands/notification-settings.http';
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
  controllers: [NotificationPreferencesReadController, EscalationPolicyReadController, NotificationSettingsController],
  providers: [NotificationPreferencesQuery, EscalationPolicyQuery, NotificationPreferencesProjection, EscalationPoliciesProjection, NotificationSettingsCommandHandler],
  exports: [NotificationPreferencesQuery, EscalationPolicyQuery],
})
export class NotificationSettingsModule {}
