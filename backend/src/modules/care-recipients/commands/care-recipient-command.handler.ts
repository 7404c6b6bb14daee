import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedStreams } from '../../../platform/commands/event-sourced-streams';
import { careRecipientStream } from '../domain/care-recipient';
import { careRecipientDecider, type CareRecipientCommand } from '../domain/care-recipient.decide';

/** Every care-recipient command goes to the recipient's stream; the decider holds the rules. */
export class ExecuteCareRecipientCommand {
  constructor(
    readonly childId: string,
    readonly command: CareRecipientCommand,
  ) {}
}

@CommandHandler(ExecuteCareRecipientCommand)
export class CareRecipientCommandHandler implements ICommandHandler<ExecuteCareRecipientCommand> {
  constructor(private readonly streams: EventSourcedStreams) {}

  async execute({ childId, command }: ExecuteCareRecipientCommand): Promise<void> {
    await this.streams.execute(careRecipientStream(childId), careRecipientDecider, command);
  }
}
