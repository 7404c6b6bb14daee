import { Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CALENDAR_MESSAGES } from '@carecircle/libs';
import { DomainError } from '../../../../platform/commands/domain-error';
import { EventSourcedStreams } from '../../../../platform/commands/event-sourced-streams';
import { googleCalendarStream } from '../../domain/google-calendar';
import { googleCalendarDecider } from '../../domain/google-calendar.decide';
import { GoogleCalendarGateway } from '../../google/google-calendar.gateway';
import { googleErrorStatus } from '../../google/google-errors';
import { commandOf } from '../../../../platform/commands/command';

export class DisconnectGoogleCalendar extends commandOf<{ userId: string }>() {}

/**
 * Revokes the grant at Google, then forgets the tokens. A revoke Google cannot do (the grant was
 * already withdrawn there) does not keep the caregiver connected here.
 */
@CommandHandler(DisconnectGoogleCalendar)
export class DisconnectGoogleCalendarHandler implements ICommandHandler<DisconnectGoogleCalendar> {
  private readonly logger = new Logger('GoogleCalendarDisconnect');

  constructor(
    private readonly streams: EventSourcedStreams,
    private readonly google: GoogleCalendarGateway,
  ) {}

  async execute({ userId, metadata }: DisconnectGoogleCalendar): Promise<void> {
    this.google.requireConfigured();
    const stream = googleCalendarStream(userId);
    const { state } = await this.streams.load(stream, googleCalendarDecider);
    if (!state.connection) throw new DomainError('CALENDAR.NOT_CONNECTED', 'conflict', CALENDAR_MESSAGES.notConnected);
    try {
      await this.google.revoke(state.connection.refreshToken);
    } catch (error) {
      this.logger.warn(`Google did not revoke the grant: status ${googleErrorStatus(error) ?? 'none'}`);
    }
    await this.streams.execute(stream, googleCalendarDecider, { type: 'DisconnectGoogleCalendar', data: { userId }, metadata });
  }
}
