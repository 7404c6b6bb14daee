import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CalendarFeedLink } from '@carecircle/libs';
import { APP_CONFIG, type AppConfig } from '../../../../config/app-config';
import type { CommandMetadata } from '../../../../platform/commands/decider';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { hashSecretToken, newSecretToken } from '../../../../platform/http/secret-token';
import { calendarFeedStream } from '../../domain/calendar-feed';
import { calendarFeedDecider } from '../../domain/calendar-feed.decide';
import { feedUrl } from '../feed-token';

export class CreateFeedLink extends Command<CalendarFeedLink> {
  constructor(
    readonly userId: string,
    readonly includeMedications: boolean,
    readonly metadata: CommandMetadata,
  ) {
    super();
  }
}

/** A new secret feed URL; the one before stops working (its hash leaves the read model). */
@CommandHandler(CreateFeedLink)
export class CreateFeedLinkHandler implements ICommandHandler<CreateFeedLink> {
  constructor(
    private readonly streams: EventSourcedStreams,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ userId, includeMedications, metadata }: CreateFeedLink): Promise<CalendarFeedLink> {
    const token = newSecretToken();
    await this.streams.execute(calendarFeedStream(userId), calendarFeedDecider, {
      type: 'CreateCalendarFeedLink',
      data: { userId, tokenHash: hashSecretToken(token), includeMedications },
      metadata,
    });
    return { url: feedUrl(this.config, token), includeMedications, createdAt: metadata.occurredAt };
  }
}
