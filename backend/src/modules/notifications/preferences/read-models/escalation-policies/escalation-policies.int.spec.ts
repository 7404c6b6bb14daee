import { randomUUID } from 'node:crypto';
import { DEFAULT_ESCALATION_POLICY, type EscalationPolicy } from '@carecircle/libs';
import { useProjectionHarness } from '../../../../../test-support/projection-harness';
import { EscalationPoliciesProjection } from './escalation-policies.projection';
import { EscalationPolicyQuery } from './escalation-policies.query';

describe('escalation policies read model (PostgreSQL)', () => {
  const h = useProjectionHarness();
  const projection = new EscalationPoliciesProjection();
  const query = () => new EscalationPolicyQuery(h.orm.em);
  const [primary, otherPrimary, secondary] = [randomUUID(), randomUUID(), randomUUID()];
  const quick: EscalationPolicy = {
    steps: [
      { afterMinutes: 0, notify: 'primary', channels: ['in_app', 'push'] },
      { afterMinutes: 5, notify: 'secondary_caregivers', channels: ['push'] },
      { afterMinutes: 20, notify: 'emergency_contacts', channels: ['email'] },
    ],
  };


  const changed = (userId: string, policy: EscalationPolicy, changedAt = '2026-11-27T09:00:00.000Z') =>
    h.record(`notification-settings-${userId}`, { type: 'EscalationPolicyChanged', data: { userId, policy, changedAt } });

  it('answers the default chain for a family that never changed it, as a copy', async () => {
    const answer = await query().forFamily(primary);
    expect(answer).toEqual(DEFAULT_ESCALATION_POLICY);
    answer.steps.pop();
    expect(DEFAULT_ESCALATION_POLICY.steps).toHaveLength(3);
  });

  it('stores the last policy per primary caregiver with steps and channels in order; idempotent', async () => {
    const events = [changed(primary, DEFAULT_ESCALATION_POLICY), changed(primary, quick, '2026-11-27T09:30:00.000Z')];
    await h.apply(projection, events);
    expect(await query().forFamily(primary)).toEqual(quick);
    expect(await query().forFamily(otherPrimary)).toEqual(DEFAULT_ESCALATION_POLICY);
    const before = await h.rows('escalation_policies');
    await h.apply(projection, events);
    expect(await h.rows('escalation_policies')).toEqual(before);
  });

  it('a secondary caregiver reads their primary caregiver’s policy; a primary (or a parent who joined a team) their own', async () => {
    expect(await query().forMember({ id: secondary, role: 'secondary_caregiver', primaryUserId: primary })).toEqual(quick);
    expect(await query().forMember({ id: otherPrimary, role: 'parent', primaryUserId: primary })).toEqual(DEFAULT_ESCALATION_POLICY);
    expect(await query().forMember({ id: primary, role: 'parent', primaryUserId: null })).toEqual(quick);
    expect(await query().forMember({ id: secondary, role: 'secondary_caregiver', primaryUserId: null })).toEqual(DEFAULT_ESCALATION_POLICY);
  });

  it('an erased primary caregiver takes the family’s row with it', async () => {
    await h.apply(projection, [changed(otherPrimary, quick)]);
    await h.apply(projection, [h.record(`user-${primary}`, { type: 'UserErased', data: { userId: primary, erasedAt: '2026-11-27T11:00:00.000Z' } })]);
    expect(await query().forFamily(primary)).toEqual(DEFAULT_ESCALATION_POLICY);
    expect(await query().forFamily(otherPrimary)).toEqual(quick);
  });
});
