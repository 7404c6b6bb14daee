import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { userStream } from '../../domain/user';
import { userDecider } from '../../domain/user.decide';
import { commandOf } from '../../../../platform/commands/command';

/**
 * Links a user to the primary caregiver whose invitation they accepted (users.primaryUserId), as a
 * secondary caregiver unless they own recipients themselves (care-team reads that and says so).
 * Issued by the care-team module through identity's index; it has no route of its own.
 */
export class JoinCareTeam extends commandOf<{ userId: string; primaryUserId: string; ownsRecipients: boolean }>() {}

@CommandHandler(JoinCareTeam)
export class JoinCareTeamHandler implements ICommandHandler<JoinCareTeam> {
  constructor(private readonly streams: EventSourcedStreams) {}

  async execute({ userId, primaryUserId, ownsRecipients, metadata }: JoinCareTeam): Promise<void> {
    await this.streams.execute(userStream(userId), userDecider, { type: 'JoinCareTeam', data: { primaryUserId, ownsRecipients }, metadata });
  }
}
