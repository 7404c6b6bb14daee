import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ReadModelProjection, type Projection, type RecordedEventOf } from '../../../../platform/projections/projection';
import type { CareRecipientEvent } from '../../../care-recipients';
import type { UserEvent } from '../../../identity';
import { BillingRecipientEntity } from './recipient-owners.entity';

type Handled = Extract<CareRecipientEvent, { type: 'CareRecipientAdded' | 'CareRecipientRemoved' }> | Extract<UserEvent, { type: 'UserErased' }>;

/** Live topic the quantity worker listens for (platform/projections/projection-changes.ts). */
export const RECIPIENT_OWNERS_TOPIC = 'billing-recipients';

/**
 * billing_recipients: each care recipient's primary caregiver. Commands do not wait for it (adding
 * or removing a recipient answers without it); once it has applied a change, the quantity worker
 * hears of it (its live topic) and updates a per_child subscription.
 */
@Injectable()
@ReadModelProjection()
export class RecipientOwnersProjection implements Projection<Handled> {
  readonly name = 'billing.recipient-owners';
  readonly handles = ['CareRecipientAdded', 'CareRecipientRemoved', 'UserErased'] as const;
  readonly tables = ['billing_recipients'] as const;
  readonly liveTopic = RECIPIENT_OWNERS_TOPIC;
  readonly awaitedByCommands = false;

  async apply(em: EntityManager, event: RecordedEventOf<Handled>): Promise<void> {
    switch (event.type) {
      case 'CareRecipientAdded':
        await em.upsert(BillingRecipientEntity, { childId: event.data.childId, userId: event.data.primaryCaregiverId, removed: false });
        return;
      case 'CareRecipientRemoved':
        await em.nativeUpdate(BillingRecipientEntity, { childId: event.data.childId }, { removed: true });
        return;
      case 'UserErased':
        await em.nativeDelete(BillingRecipientEntity, { userId: event.data.userId });
        return;
    }
  }
}
