/** Web push's surface inside Notifications: the reminder workers send through PushNotifier. */
import { PushSubscriptionEntity } from './read-models/push-subscriptions/push-subscriptions.entity';

export { PushModule } from './push.module';
export { PushNotifier, pushPayload } from './delivery/push-notifier';
export type { PushSubscriptionEvent } from './domain/push-subscriptions';
export type { StoredPushSubscription } from './read-models/push-subscriptions/push-subscriptions.query';
export const PushEntities = [PushSubscriptionEntity];
