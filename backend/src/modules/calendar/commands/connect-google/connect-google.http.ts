import { BadRequestException, Controller, Get, Query, Redirect, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CALENDAR_MESSAGES, type User } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { CurrentUser } from '../../../identity';
import { GoogleCalendarGateway } from '../../google/google-calendar.gateway';
import { issueOAuthState, takeOAuthState } from '../../google/oauth-state';
import { ConnectGoogleCalendar } from './connect-google.handler';

/** Where the callback sends the browser back to: Settings, Calendar, saying how it went. */
const SETTINGS_CALENDAR = '/settings?tab=calendar';

@ApiTags('calendar')
@Controller('calendar')
export class ConnectGoogleController {
  constructor(
    private readonly commands: CommandBus,
    private readonly google: GoogleCalendarGateway,
  ) {}

  /** 200 `{authUrl}`: Google's consent page, with a `state` bound to this session (single use, 10 minutes). 503 when GOOGLE_* is unset. */
  @Get('auth')
  async auth(@Req() req: Request): Promise<{ authUrl: string }> {
    this.google.requireConfigured();
    return { authUrl: this.google.consentUrl(await issueOAuthState(req.session, Date.now())) };
  }

  /**
   * Google sends the browser here after the consent. A state that is not this session's pending one
   * (forged, used, expired) is a 400 and changes nothing; a refusal goes back to Settings saying so.
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
    if (!(await takeOAuthState(req.session, state, Date.now()))) throw new BadRequestException({ message: CALENDAR_MESSAGES.invalidState, errors: [{ field: 'state', message: CALENDAR_MESSAGES.invalidState }] });
    if (error !== undefined) return { url: `${SETTINGS_CALENDAR}&google=denied` };
    if (typeof code !== 'string' || code.length === 0 || code.length > 2048) {
      throw new BadRequestException({ message: CALENDAR_MESSAGES.codeMissing, errors: [{ field: 'code', message: CALENDAR_MESSAGES.codeMissing }] });
    }
    await this.commands.execute(new ConnectGoogleCalendar(user.id, code, commandMetadata(req)));
    return { url: `${SETTINGS_CALENDAR}&google=connected` };
  }
}
