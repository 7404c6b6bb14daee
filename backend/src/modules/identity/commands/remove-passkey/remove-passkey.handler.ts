import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { passkeysStream } from '../../domain/passkeys';
import { passkeysDecider } from '../../domain/passkeys.decide';
import { commandOf } from '../../../../platform/commands/command';

/** DELETE /api/webauthn/credentials/{id}: one of the user's own passkeys (another user's is not found in their stream: 404). */
export class RemovePasskey extends commandOf<{ userId: string; passkeyId: string }>() {}

@CommandHandler(RemovePasskey)
export class RemovePasskeyHandler implements ICommandHandler<RemovePasskey> {
  constructor(private readonly streams: EventSourcedStreams) {}

  async execute({ userId, passkeyId, metadata }: RemovePasskey): Promise<void> {
    await this.streams.execute(passkeysStream(userId), passkeysDecider, { type: 'RemovePasskey', data: { userId, passkeyId }, metadata });
  }
}
