import { Entity, JsonType, PrimaryKey, Property } from '@mikro-orm/postgresql';
import type { EscalationStep } from '@carecircle/libs';

/** A family's escalation policy, keyed by its primary caregiver, once changed (no row: the default chain). */
@Entity({ tableName: 'escalation_policies' })
export class EscalationPolicyEntity {
  @PrimaryKey({ type: 'uuid' }) userId!: string;
  /** 1 to ESCALATION_LIMITS.maxSteps steps, in order (validated before the event). */
  @Property({ type: JsonType }) steps!: EscalationStep[];
  @Property({ type: 'timestamptz' }) changedAt!: Date;
}
