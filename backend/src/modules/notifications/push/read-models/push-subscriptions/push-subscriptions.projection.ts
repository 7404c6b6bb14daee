import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ReadModelProjection, type Projection, type RecordedEventOf } from '../../../../../platform/projections/projection';
import type { UserEvent } from '../../../../identity';
import type { PushSubscriptionEvent } from '../../domain/push-subscriptions';
import { PushSubscriptionEntity } from './push-subscriptions.entity';

/** One row per active subscription: an ended one's row goes; an erased account takes its rows with it. */
@Injectable()
@ReadModelProjection()
export class PushSubscriptionsProjection implements Projection<PushSubscriptionEvent | UserEvent> {
  readonly name = 'notifications.push-subscriptions';
  readonly handles = ['PushSubscribed', 'PushUnsubscribed', 'PushSubscriptionExpired', 'UserErased'] as const;
  readonly tables = ['push_subscriptions'] as const;

  async apply(em: EntityManager, event: RecordedEventOf<PushSubscriptionEvent | UserEvent>): Promise<void> {
    switch (event.type) {
      case 'PushSubscribed': {
        const { subscriptionId, userId, endpoint, p256dh, auth, expirationTime, subscribedAt } = event.data;
        const row = { userId, endpoint, p256dh, auth, expirationTime: expirationTime === null ? null : new Date(expirationTime), updatedAt: new Date(subscribedAt) };
        // A renewed subscription keeps the time it was first made.
        await em.upsert(PushSubscriptionEntity, { id: subscriptionId, ...row, createdAt: new Date(subscribedAt) }, {
          onConflictFields: ['id'],
          onConflictMergeFields: ['userId', 'endpoint', 'p256dh', 'auth', 'expirationTime', 'updatedAt'],
        });
        return;
      }
      case 'PushUnsubscribed':
      case 'PushSubscriptionExpired':
        await em.nativeDelete(PushSubscriptionEntity, { id: event.data.subscriptionId });
        return;
      case 'UserErased':
        await em.nativeDelete(PushSubscriptionEntity, { userId: event.data.userId });
        return;
    }
  }
}
