import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandMetadata } from '../../../../../platform/commands/decider';
import { PushSubscriptionChanges } from '../push-subscription-changes';

/** Ends the user's own subscription with that endpoint (none: nothing changes). */
export class UnsubscribePush extends Command<void> {
  constructor(
    readonly userId: string,
    readonly endpoint: string,
    readonly metadata: CommandMetadata,
  ) {
    super();
  }
}

@CommandHandler(UnsubscribePush)
export class UnsubscribePushHandler implements ICommandHandler<UnsubscribePush> {
  constructor(private readonly changes: PushSubscriptionChanges) {}

  async execute({ userId, endpoint, metadata }: UnsubscribePush): Promise<void> {
    await this.changes.record({ type: 'UnsubscribePush', userId, data: { endpoint }, metadata });
  }
}
