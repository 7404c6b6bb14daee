import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ReadModelProjection, type Projection, type RecordedEventOf } from '../../../../platform/projections/projection';
import type { CareRecipientEvent } from '../../domain/care-recipient';
import { ChildAccessEntity } from './child-access.entity';

@Injectable()
@ReadModelProjection()
export class ChildAccessProjection implements Projection<CareRecipientEvent> {
  readonly name = 'care-recipients.child-access';
  readonly handles = ['CaregiverAccessGranted', 'CaregiverAccessRevoked', 'CareRecipientRemoved'] as const;
  readonly tables = ['child_access'] as const;

  async apply(em: EntityManager, event: RecordedEventOf<CareRecipientEvent>): Promise<void> {
    switch (event.type) {
      case 'CaregiverAccessGranted': {
        const { childId, userId, canEdit } = event.data;
        await em.upsert(ChildAccessEntity, { childId, userId, canEdit });
        return;
      }
      case 'CaregiverAccessRevoked':
        await em.nativeDelete(ChildAccessEntity, { childId: event.data.childId, userId: event.data.userId });
        return;
      case 'CareRecipientRemoved':
        await em.nativeDelete(ChildAccessEntity, { childId: event.data.childId });
        return;
    }
  }
}
