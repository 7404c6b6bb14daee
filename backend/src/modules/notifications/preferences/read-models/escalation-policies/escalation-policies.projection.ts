import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ReadModelProjection, type Projection, type RecordedEventOf } from '../../../../../platform/projections/projection';
import type { UserEvent } from '../../../../identity';
import type { NotificationSettingsEvent } from '../../domain/notification-settings';
import { EscalationPolicyEntity } from './escalation-policies.entity';

/** One row per primary caregiver who changed the family's policy; an erased account takes its row with it. */
@Injectable()
@ReadModelProjection()
export class EscalationPoliciesProjection implements Projection<NotificationSettingsEvent | UserEvent> {
  readonly name = 'notifications.escalation-policies';
  readonly handles = ['EscalationPolicyChanged', 'UserErased'] as const;
  readonly tables = ['escalation_policies'] as const;

  async apply(em: EntityManager, event: RecordedEventOf<NotificationSettingsEvent | UserEvent>): Promise<void> {
    switch (event.type) {
      case 'EscalationPolicyChanged': {
        const { userId, policy, changedAt } = event.data;
        await em.upsert(EscalationPolicyEntity, { userId, steps: policy.steps, changedAt: new Date(changedAt) });
        return;
      }
      case 'UserErased':
        await em.nativeDelete(EscalationPolicyEntity, { userId: event.data.userId });
        return;
    }
  }
}
