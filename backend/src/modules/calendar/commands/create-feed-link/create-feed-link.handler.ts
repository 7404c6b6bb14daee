import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CalendarFeedLink } from '@carecircle/libs';
import { APP_CONFIG, type AppConfig } from '../../../../config/app-config';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { hashSecretToken, newSecretToken } from '../../../../platform/http/secret-token';
import { calendarFeedStream } from '../../domain/calendar-feed';
import { calendarFeedDecider } from '../../domain/calendar-feed.decide';
import { feedUrl } from '../feed-token';
import { commandOf } from '../../../../platform/commands/command';

export class CreateFeedLink extends commandOf<{ userId: string; includeMedications: boolean }, CalendarFeedLink>() {}

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
