import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { PersonalData } from '../../../platform/privacy/personal-data';
import { ExpirePushSubscriptionHandler } from './commands/expire-push-subscription/expire-push-subscription.handler';
import { PushSubscriptionChanges } from './commands/push-subscription-changes';
import { SendTestPushHandler } from './commands/send-test-push/send-test-push.handler';
import { SendTestPushController } from './commands/send-test-push/send-test-push.http';
import { SubscribePushHandler } from './commands/subscribe-push/subscribe-push.handler';
import { SubscribePushController } from './commands/subscribe-push/subscribe-push.http';
import { UnsubscribePushHandler } from './commands/unsubscribe-push/unsubscribe-push.handler';
import { UnsubscribePushController } from './commands/unsubscribe-push/unsubscribe-push.http';
import { PushNotifier } from './delivery/push-notifier';
import { VapidKeys } from './delivery/vapid-keys';
import { WebPushSender } from './delivery/web-push-sender';
import { pushPersonalData } from './push.personal-data';
import { VapidKeyController } from './queries/vapid-key/vapid-key.http';
import { PushSubscriptionsProjection } from './read-models/push-subscriptions/push-subscriptions.projection';
import { PushSubscriptionsQuery } from './read-models/push-subscriptions/push-subscriptions.query';

/** Web push (docs/notifications.md, Push): subscriptions, the VAPID key, and PushNotifier for the reminder workers. */
@Module({
  imports: [CqrsModule],
  controllers: [VapidKeyController, SubscribePushController, UnsubscribePushController, SendTestPushController],
  providers: [
    PushSubscriptionChanges,
    SubscribePushHandler,
    UnsubscribePushHandler,
    ExpirePushSubscriptionHandler,
    SendTestPushHandler,
    PushSubscriptionsProjection,
    PushSubscriptionsQuery,
    VapidKeys,
    WebPushSender,
    PushNotifier,
  ],
  exports: [PushNotifier],
})
export class PushModule {
  constructor(personalData: PersonalData) {
    personalData.declare(pushPersonalData);
  }
}
