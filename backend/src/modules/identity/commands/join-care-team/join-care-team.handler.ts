import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandMetadata } from '../../../../platform/commands/decider';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { userStream } from '../../domain/user';
import { userDecider } from '../../domain/user.decide';

/**
 * Links a user to the primary caregiver whose invitation they accepted (users.primaryUserId), as a
 * secondary caregiver unless they own recipients themselves (care-team reads that and says so).
 * Issued by the care-team module through identity's index; it has no route of its own.
 */
export class JoinCareTeam extends Command<void> {
  constructor(
    readonly userId: string,
    readonly primaryUserId: string,
    readonly ownsRecipients: boolean,
    readonly metadata: CommandMetadata,
  ) {
    super();
  }
}

@CommandHandler(JoinCareTeam)
export class JoinCareTeamHandler implements ICommandHandler<JoinCareTeam> {
  constructor(private readonly streams: EventSourcedStreams) {}

  async execute({ userId, primaryUserId, ownsRecipients, metadata }: JoinCareTeam): Promise<void> {
    await this.streams.execute(userStream(userId), userDecider, { type: 'JoinCareTeam', data: { primaryUserId, ownsRecipients }, metadata });
  }
}
