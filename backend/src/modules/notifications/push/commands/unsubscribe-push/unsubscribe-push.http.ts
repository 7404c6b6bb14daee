import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { User } from '@carecircle/libs';
import { commandMetadata } from '../../../../../platform/http/command-metadata';
import { CurrentUser } from '../../../../identity';
import { PushEndpointDto } from '../push-subscription.dto';
import { UnsubscribePush } from './unsubscribe-push.handler';

/** 204, whether or not the caller had a subscription with that endpoint. */
@ApiTags('notifications')
@Controller('notifications')
export class UnsubscribePushController {
  constructor(private readonly commands: CommandBus) {}

  /** Ends the caller's own subscription with that endpoint (none: nothing changes). */
  @Post('unsubscribe')
  @HttpCode(204)
  unsubscribe(@CurrentUser() user: User, @Body() body: PushEndpointDto, @Req() req: Request): Promise<void> {
    return this.commands.execute(new UnsubscribePush({ userId: user.id, endpoint: body.endpoint, metadata: commandMetadata(req) }));
  }
}
