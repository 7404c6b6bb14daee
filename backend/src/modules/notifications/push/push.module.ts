import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { PersonalData } from '../../../platform/privacy/personal-data';
import { PushController } from './commands/push.http';
import { PushSubscriptionCommandHandler } from './commands/push-subscription-command.handler';
import { PushNotifier } from './delivery/push-notifier';
import { VapidKeys } from './delivery/vapid-keys';
import { WebPushSender } from './delivery/web-push-sender';
import { pushPersonalData } from './push.personal-data';
import { PushSubscriptionsProjection } from './read-models/push-subscriptions/push-subscriptions.projection';
import { PushSubscriptionsQuery } from './read-models/push-subscriptions/push-subscriptions.query';

/** Web push (docs/notifications.md, Push): subscriptions, the VAPID key, and PushNotifier for the reminder workers. */
@Module({
  imports: [CqrsModule],
  controllers: [PushController],
  providers: [PushSubscriptionCommandHandler, PushSubscriptionsProjection, PushSubscriptionsQuery, VapidKeys, WebPushSender, PushNotifier],
  exports: [PushNotifier],
})
export class PushModule {
  constructor(personalData: PersonalData) {
    personalData.declare(pushPersonalData);
  }
}
