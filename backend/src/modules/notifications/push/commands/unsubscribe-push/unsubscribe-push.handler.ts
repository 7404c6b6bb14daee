import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PushSubscriptionChanges } from '../push-subscription-changes';
import { commandOf } from '../../../../../platform/commands/command';

/** Ends the user's own subscription with that endpoint (none: nothing changes). */
export class UnsubscribePush extends commandOf<{ userId: string; endpoint: string }>() {}

@CommandHandler(UnsubscribePush)
export class UnsubscribePushHandler implements ICommandHandler<UnsubscribePush> {
  constructor(private readonly changes: PushSubscriptionChanges) {}

  async execute({ userId, endpoint, metadata }: UnsubscribePush): Promise<void> {
    await this.changes.record({ type: 'UnsubscribePush', userId, data: { endpoint }, metadata });
  }
}
