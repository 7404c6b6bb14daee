import { Entity, PrimaryKey, Property } from '@mikro-orm/postgresql';

/**
 * `push_subscriptions`: the active web push subscriptions of each user, what the sender reads. Holds
 * the endpoint and keys in plaintext (the sender needs them); the rows go with the user's account
 * (UserErased).
 */
@Entity({ tableName: 'push_subscriptions' })
export class PushSubscriptionEntity {
  @PrimaryKey({ type: 'uuid' }) id!: string;
  @Property({ type: 'uuid', index: true }) userId!: string;
  @Property({ type: 'text' }) endpoint!: string;
  @Property({ type: 'text' }) p256dh!: string;
  @Property({ type: 'text' }) auth!: string;
  @Property({ type: 'timestamptz', nullable: true }) expirationTime!: Date | null;
  @Property({ type: 'timestamptz' }) createdAt!: Date;
  @Property({ type: 'timestamptz' }) updatedAt!: Date;
}
