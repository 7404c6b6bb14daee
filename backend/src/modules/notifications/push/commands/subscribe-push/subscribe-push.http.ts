import { randomUUID } from 'node:crypto';
import { Body, Controller, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { User } from '@carecircle/libs';
import { commandMetadata } from '../../../../../platform/http/command-metadata';
import { CurrentUser } from '../../../../identity';
import { PushSubscriptionDto } from '../push-subscription.dto';
import { SubscribePush, type PushSubscribed } from './subscribe-push.handler';

/** Web push (spec document 3, Push; docs/notifications.md): signed-in users only, each for their own subscriptions. */
@ApiTags('notifications')
@Controller('notifications')
export class SubscribePushController {
  constructor(private readonly commands: CommandBus) {}

  /** 201 for a new subscription, 200 when this browser was subscribed already. */
  @Post('subscribe')
  async subscribe(@CurrentUser() user: User, @Body() body: PushSubscriptionDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<{ id: string }> {
    const result: PushSubscribed = await this.commands.execute(new SubscribePush({ userId: user.id, subscriptionId: randomUUID(), subscription: body, metadata: commandMetadata(req) }));
    res.status(result.created ? 201 : 200);
    return { id: result.subscriptionId! };
  }
}
