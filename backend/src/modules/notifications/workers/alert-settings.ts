import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_ESCALATION_POLICY, type EscalationPolicy, type NotificationPreferences } from '@carecircle/libs';
import { EscalationPolicyQuery, NotificationPreferencesQuery } from '../preferences';

/** What the reminder workers need of the family's settings: its escalation policy and each caregiver's preferences. */
@Injectable()
export class AlertSettings {
  constructor(
    private readonly policies: EscalationPolicyQuery,
    private readonly preferences: NotificationPreferencesQuery,
  ) {}

  /** The family's policy; the default while the recipient's primary caregiver is not known yet. `em`: a projection's transaction. */
  policyOf(primaryUserId: string | null, em?: EntityManager): Promise<EscalationPolicy> {
    return primaryUserId ? this.policies.forFamily(primaryUserId, em) : Promise.resolve(DEFAULT_ESCALATION_POLICY);
  }

  preferencesOf(userIds: string[]): Promise<Map<string, NotificationPreferences>> {
    return this.preferences.forUsers(userIds);
  }
}
