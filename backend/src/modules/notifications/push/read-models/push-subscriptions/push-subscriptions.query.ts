import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { PushSubscriptionEntity } from './push-subscriptions.entity';

/** What the sender needs of one subscription. */
export interface StoredPushSubscription {
  id: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

@Injectable()
export class PushSubscriptionsQuery {
  constructor(private readonly em: EntityManager) {}

  /** The user's active subscriptions, oldest first. */
  async ofUser(userId: string): Promise<StoredPushSubscription[]> {
    const rows = await this.em.fork().find(PushSubscriptionEntity, { userId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    return rows.map(({ id, endpoint, p256dh, auth }) => ({ id, userId, endpoint, p256dh, auth }));
  }
}
