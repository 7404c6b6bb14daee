import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EscalationPolicy } from '@carecircle/libs';
import { EscalationPolicyQuery } from '../../read-models/escalation-policies/escalation-policies.query';
import { NotificationSettingsChanges } from '../notification-settings-changes';
import { commandOf } from '../../../../../platform/commands/command';

/** The family's escalation chain for urgent tasks, replaced whole; `input` is the body as sent (the decider reads it). Answers it as stored. */
export class ChangeEscalationPolicy extends commandOf<{ input: unknown }, EscalationPolicy>() {}

/**
 * The policy is the primary caregiver's to set: anyone who is not a secondary caregiver (read from
 * the user's role); the decider refuses the others (403).
 */
@CommandHandler(ChangeEscalationPolicy)
export class ChangeEscalationPolicyHandler implements ICommandHandler<ChangeEscalationPolicy> {
  constructor(
    private readonly changes: NotificationSettingsChanges,
    private readonly policies: EscalationPolicyQuery,
  ) {}

  async execute({ input, metadata }: ChangeEscalationPolicy): Promise<EscalationPolicy> {
    const user = await this.changes.actor(metadata);
    const actorIsPrimary = user.role !== 'secondary_caregiver';
    await this.changes.record({ type: 'ChangeEscalationPolicy', data: { userId: user.id, input, actorIsPrimary }, metadata });
    return this.policies.forFamily(user.id);
  }
}
