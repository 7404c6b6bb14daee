import { Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { User } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { CurrentUser } from '../../../identity';
import { notificationId } from '../own-notifications';
import { AcknowledgeNotification } from './acknowledge-notification.handler';

/** 204; 400 for a notification about no task; anyone else's notification is a 404. */
@ApiTags('notifications')
@Controller('notifications')
export class AcknowledgeNotificationController {
  constructor(private readonly commands: CommandBus) {}

  /** "I have seen it": the task's escalation stops, and the task's History says who acknowledged. */
  @Post(':id/acknowledge')
  @HttpCode(204)
  acknowledge(@CurrentUser() user: User, @Param('id', notificationId) id: string, @Req() req: Request): Promise<void> {
    return this.commands.execute(new AcknowledgeNotification({ notificationId: id, userId: user.id, metadata: commandMetadata(req) }));
  }
}
