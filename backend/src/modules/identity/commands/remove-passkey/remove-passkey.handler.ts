import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandMetadata } from '../../../../platform/commands/decider';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { passkeysStream } from '../../domain/passkeys';
import { passkeysDecider } from '../../domain/passkeys.decide';

/** DELETE /api/webauthn/credentials/{id}: one of the user's own passkeys (another user's is not found in their stream: 404). */
export class RemovePasskey extends Command<void> {
  constructor(
    readonly userId: string,
    readonly passkeyId: string,
    readonly metadata: CommandMetadata,
  ) {
    super();
  }
}

@CommandHandler(RemovePasskey)
export class RemovePasskeyHandler implements ICommandHandler<RemovePasskey> {
  constructor(private readonly streams: EventSourcedStreams) {}

  async execute({ userId, passkeyId, metadata }: RemovePasskey): Promise<void> {
    await this.streams.execute(passkeysStream(userId), passkeysDecider, { type: 'RemovePasskey', data: { userId, passkeyId }, metadata });
  }
}
