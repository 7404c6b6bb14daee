import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { User } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { CurrentUser } from '../../../identity';
import { MarkAllNotificationsRead } from './mark-all-notifications-read.handler';

/** 204. */
@ApiTags('notifications')
@Controller('notifications')
export class MarkAllNotificationsReadController {
  constructor(private readonly commands: CommandBus) {}

  /** Everything up to the newest notification becomes read; later ones stay unread. */
  @Post('read-all')
  @HttpCode(204)
  readAll(@CurrentUser() user: User, @Req() req: Request): Promise<void> {
    return this.commands.execute(new MarkAllNotificationsRead({ userId: user.id, metadata: commandMetadata(req) }));
  }
}
