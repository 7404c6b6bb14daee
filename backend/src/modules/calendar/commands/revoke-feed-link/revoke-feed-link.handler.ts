import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { calendarFeedStream } from '../../domain/calendar-feed';
import { calendarFeedDecider } from '../../domain/calendar-feed.decide';
import { commandOf } from '../../../../platform/commands/command';

export class RevokeFeedLink extends commandOf<{ userId: string }>() {}

/** Stops the feed link; 404 when there is none. */
@CommandHandler(RevokeFeedLink)
export class RevokeFeedLinkHandler implements ICommandHandler<RevokeFeedLink> {
  constructor(private readonly streams: EventSourcedStreams) {}

  async execute({ userId, metadata }: RevokeFeedLink): Promise<void> {
    await this.streams.execute(calendarFeedStream(userId), calendarFeedDecider, { type: 'RevokeCalendarFeedLink', data: { userId }, metadata });
  }
}
