import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_ESCALATION_POLICY, type EscalationPolicy, type User } from '@carecircle/libs';
import { EscalationPolicyEntity } from './escalation-policies.entity';

/** A family's escalation policy (by its primary caregiver's id) as stored, or the default chain. Reminder workers call it too. */
@Injectable()
export class EscalationPolicyQuery {
  constructor(private readonly em: EntityManager) {}

  /** `em`: a projection passes its own transaction (a second pool connection inside it could starve the pool). */
  async forFamily(primaryUserId: string, em: EntityManager = this.em.fork()): Promise<EscalationPolicy> {
    const row = await em.findOne(EscalationPolicyEntity, { userId: primaryUserId });
    return structuredClone(row ? { steps: row.steps } : DEFAULT_ESCALATION_POLICY);
  }

  /**
   * The policy that applies to a user's family: a primary caregiver's own (anyone who is not a
   * secondary caregiver); a secondary caregiver's is their primary caregiver's.
   */
  forMember(user: Pick<User, 'id' | 'role' | 'primaryUserId'>): Promise<EscalationPolicy> {
    if (user.role !== 'secondary_caregiver') return this.forFamily(user.id);
    return user.primaryUserId ? this.forFamily(user.primaryUserId) : Promise.resolve(structuredClone(DEFAULT_ESCALATION_POLICY));
  }
}
