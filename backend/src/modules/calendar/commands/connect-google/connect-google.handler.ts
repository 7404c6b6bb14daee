import { BadRequestException, BadGatewayException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CALENDAR_MESSAGES } from '@carecircle/libs';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { googleCalendarStream } from '../../domain/google-calendar';
import { googleCalendarDecider } from '../../domain/google-calendar.decide';
import { GoogleCalendarGateway, type GoogleTokens } from '../../google/google-calendar.gateway';
import { googleErrorStatus } from '../../google/google-errors';
import { commandOf } from '../../../../platform/commands/command';

export class ConnectGoogleCalendar extends commandOf<{ userId: string; code: string }>() {}

/**
 * The consent's callback, once its `state` checked out: the code for tokens at Google's token
 * endpoint, then the connection recorded with the tokens (encrypted under the user's key).
 */
@CommandHandler(ConnectGoogleCalendar)
export class ConnectGoogleCalendarHandler implements ICommandHandler<ConnectGoogleCalendar> {
  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly google: GoogleCalendarGateway,
  ) {}

  async execute({ userId, code, metadata }: ConnectGoogleCalendar): Promise<void> {
    let tokens: GoogleTokens;
    try {
      tokens = await this.google.exchange(code);
    } catch (error) {
      // Google refuses a forged, used or expired code with 400 (invalid_grant): the caller's input.
      const status = googleErrorStatus(error);
      if (status !== null && status >= 400 && status < 500) throw new BadRequestException(CALENDAR_MESSAGES.googleAnswerInvalid);
      throw new BadGatewayException(CALENDAR_MESSAGES.googleFailed);
    }
    await this.streams.execute(googleCalendarStream(userId), googleCalendarDecider, {
      type: 'ConnectGoogleCalendar',
      data: { userId, googleCalendarId: 'primary', ...tokens },
      metadata,
    });
  }
}
