import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { UserRole } from '@carecircle/libs';
import type { CommandMetadata } from '../../../../platform/commands/decider';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { emailClaimDecider } from '../../domain/email-claim';
import { userStream } from '../../domain/user';
import { userDecider } from '../../domain/user.decide';
import { emailClaimStream } from '../email-claim-stream';

export class RegisterUser {
  constructor(
    readonly data: { userId: string; email: string; passwordHash: string; firstName: string; lastName: string; role: UserRole },
    readonly metadata: CommandMetadata,
  ) {}
}

/** Claims the email, then writes the user stream; answers the id of the registered user. */
@CommandHandler(RegisterUser)
export class RegisterUserHandler implements ICommandHandler<RegisterUser, string> {
  constructor(private readonly streams: EventSourcedStreams) {}

  async execute({ data, metadata }: RegisterUser): Promise<string> {
    const claim = await this.streams.execute(emailClaimStream(data.email), emailClaimDecider, {
      type: 'ClaimEmail',
      data: { userId: data.userId },
      metadata,
    });
    const userId = claim.state.claimedBy!;
    await this.streams.execute(userStream(userId), userDecider, { type: 'RegisterUser', data: { ...data, userId }, metadata });
    return userId;
  }
}
