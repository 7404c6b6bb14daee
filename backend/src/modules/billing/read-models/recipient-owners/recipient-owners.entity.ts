import { Entity, PrimaryKey, Property } from '@mikro-orm/postgresql';

/**
 * billing_recipients: whose care recipient each one is, kept after it is removed (`removed`), so the
 * quantity worker finds the owner of a recipient that is gone and counts each user's own recipients
 * (per_child bills one unit each).
 */
@Entity({ tableName: 'billing_recipients' })
export class BillingRecipientEntity {
  @PrimaryKey({ type: 'uuid' }) childId!: string;
  @Property({ type: 'uuid', index: true }) userId!: string;
  @Property({ type: 'boolean' }) removed!: boolean;
}
