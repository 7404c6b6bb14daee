import { Controller, Delete, HttpCode, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { User } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { CurrentUser } from '../../../identity';
import { RevokeFeedLink } from './revoke-feed-link.handler';

@ApiTags('calendar')
@Controller('calendar')
export class RevokeFeedLinkController {
  constructor(private readonly commands: CommandBus) {}

  /** 204; the feed URL stops working. 404 when there is no link. */
  @Delete('feed-token')
  @HttpCode(204)
  async revoke(@CurrentUser() user: User, @Req() req: Request): Promise<void> {
    await this.commands.execute(new RevokeFeedLink({ userId: user.id, metadata: commandMetadata(req) }));
  }
}
