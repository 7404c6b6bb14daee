import { NotFoundException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AdminSubscriptionChange } from '@carecircle/libs';
import type { CommandMetadata } from '../../../../platform/commands/decider';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { UsersQuery } from '../../../identity';
import { billingStream } from '../../domain/billing';
import { billingDecider } from '../../domain/billing.decide';
import { commandOf } from '../../../../platform/commands/command';

/** A super admin (the metadata's actor) sets a user's plan and whether it is active. */
export class SetSubscriptionByAdmin extends commandOf<{ userId: string; change: AdminSubscriptionChange; metadata: CommandMetadata & { actorId: string } }>() {}

/**
 * The admin's edit dialog (spec document 1): recorded on the user's billing stream in the admin's
 * name (SubscriptionSetByAdmin), so users.subscriptionActive/Plan, billing_subscriptions and the
 * audit log follow it. Nothing is asked of Stripe. 404 for a user that does not exist.
 */
@CommandHandler(SetSubscriptionByAdmin)
export class SetSubscriptionByAdminHandler implements ICommandHandler<SetSubscriptionByAdmin> {
  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly users: UsersQuery,
  ) {}

  async execute({ userId, change, metadata }: SetSubscriptionByAdmin): Promise<void> {
    if (!(await this.users.byId(userId))) throw new NotFoundException('User not found');
    await this.streams.execute(billingStream(userId), billingDecider, { type: 'SetSubscriptionByAdmin', data: { userId, adminId: metadata.actorId, ...change }, metadata });
  }
}
