import { BadRequestException, Controller, Get, Logger, Query, Redirect, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { GoogleConnectOutcome, User } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { CurrentUser } from '../../../identity';
import { GoogleCalendarGateway } from '../../google/google-calendar.gateway';
import { issueOAuthState, takeOAuthState } from '../../google/oauth-state';
import { ConnectGoogleCalendar } from './connect-google.handler';

/** Where the callback sends the browser back to: Settings, Calendar, saying how it went. */
const SETTINGS_CALENDAR = '/settings?tab=calendar';
const backToSettings = (outcome: GoogleConnectOutcome) => ({ url: `${SETTINGS_CALENDAR}&google=${outcome}` });

@ApiTags('calendar')
@Controller('calendar')
export class ConnectGoogleController {
  private readonly logger = new Logger(ConnectGoogleController.name);

  constructor(
    private readonly commands: CommandBus,
    private readonly google: GoogleCalendarGateway,
  ) {}

  /** 200 `{authUrl}`: Google's consent page, with a `state` bound to this session (single use, 10 minutes). 503 when GOOGLE_* is unset. */
  @Get('auth')
  async auth(@Req() req: Request): Promise<{ authUrl: string }> {
    this.google.requireConfigured();
    return { authUrl: await this.google.consentUrl(await issueOAuthState(req.session, Date.now())) };
  }

  /**
   * Google sends the browser here after the consent, and the browser goes back to Settings, Calendar
   * with `google=<outcome>` (libs' GOOGLE_CONNECT_OUTCOMES): `connected`; `invalid_state` (not this
   * session's pending state: forged, used, expired), `denied` (refused at Google), `code_missing`,
   * `code_refused` (Google did not take the code), `failed` (Google did not answer as expected). Every
   * outcome but `connected` changes nothing.
   */
  @Get('callback')
  @Redirect(SETTINGS_CALENDAR, 302)
  async callback(
    @CurrentUser() user: User,
    @Query('state') state: unknown,
    @Query('code') code: unknown,
    @Query('error') error: unknown,
    @Req() req: Request,
  ): Promise<{ url: string }> {
    this.google.requireConfigured();
    if (!(await takeOAuthState(req.session, state, Date.now()))) return backToSettings('invalid_state');
    if (error !== undefined) return backToSettings('denied');
    if (typeof code !== 'string' || code.length === 0 || code.length > 2048) return backToSettings('code_missing');
    try {
      await this.commands.execute(new ConnectGoogleCalendar({ userId: user.id, code, metadata: commandMetadata(req) }));
    } catch (failure) {
      if (failure instanceof BadRequestException) return backToSettings('code_refused');
      this.logger.warn(`Google Calendar connect failed for user ${user.id}: ${(failure as Error).message}`);
      return backToSettings('failed');
    }
    return backToSettings('connected');
  }
}
