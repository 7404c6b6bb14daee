import { ERASED, type PersonalDataDeclaration } from '../../../platform/privacy/personal-data';
import type { PushSubscriptionEvent } from './domain/push-subscriptions';

/**
 * A subscription's endpoint and keys reach one person's device: encrypted with the user's key
 * (docs/privacy.md), shredded with their account. Ids, times and reasons stay readable.
 */
export const pushPersonalData: PersonalDataDeclaration<PushSubscriptionEvent> = {
  PushSubscribed: { subject: 'userId', fields: { endpoint: ERASED, p256dh: ERASED, auth: ERASED } },
};
