import { Controller, Delete, HttpCode, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { User } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { CurrentUser } from '../../../identity';
import { DisconnectGoogleCalendar } from './disconnect-google.handler';

@ApiTags('calendar')
@Controller('calendar')
export class DisconnectGoogleController {
  constructor(private readonly commands: CommandBus) {}

  /** 204: the grant revoked at Google and the tokens forgotten; 409 when not connected; 503 when GOOGLE_* is unset. */
  @Delete('google')
  @HttpCode(204)
  async disconnect(@CurrentUser() user: User, @Req() req: Request): Promise<void> {
    await this.commands.execute(new DisconnectGoogleCalendar({ userId: user.id, metadata: commandMetadata(req) }));
  }
}
