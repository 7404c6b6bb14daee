import { Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { User } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { CurrentUser } from '../../../identity';
import { notificationId } from '../own-notifications';
import { MarkNotificationRead } from './mark-notification-read.handler';

/** 204; anyone else's notification is a 404. */
@ApiTags('notifications')
@Controller('notifications')
export class MarkNotificationReadController {
  constructor(private readonly commands: CommandBus) {}

  /** Marks one notification read (idempotent). */
  @Post(':id/read')
  @HttpCode(204)
  read(@CurrentUser() user: User, @Param('id', notificationId) id: string, @Req() req: Request): Promise<void> {
    return this.commands.execute(new MarkNotificationRead({ notificationId: id, userId: user.id, metadata: commandMetadata(req) }));
  }
}
