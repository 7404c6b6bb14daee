import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { User } from '@carecircle/libs';
import { CurrentUser } from '../../../../identity';
import { commandMetadata } from '../../../../../platform/http/command-metadata';
import { SendTestPush } from './send-test-push.handler';

@ApiTags('notifications')
@Controller('notifications')
export class SendTestPushController {
  constructor(private readonly commands: CommandBus) {}

  /** Sends the test notification to the caller's devices: 409 when there are none, 502 when no push service took it. */
  @Post('test-with-image')
  @HttpCode(200)
  testWithImage(@CurrentUser() user: User, @Req() req: Request): Promise<{ sent: number }> {
    return this.commands.execute(new SendTestPush({ userId: user.id, metadata: commandMetadata(req) }));
  }
}
