import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { User } from '@carecircle/libs';
import { CurrentUser } from '../../../identity';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { OpenBillingPortal } from './open-billing-portal.handler';

@ApiTags('billing')
@Controller('billing')
export class OpenBillingPortalController {
  constructor(private readonly commands: CommandBus) {}

  /** 200 `{url}` of Stripe's customer portal; 409 before the user has a Stripe customer; 503 when STRIPE_* is unset. */
  @Post('portal')
  @HttpCode(200)
  open(@CurrentUser() user: User, @Req() req: Request): Promise<{ url: string }> {
    return this.commands.execute(new OpenBillingPortal({ userId: user.id, metadata: commandMetadata(req) }));
  }
}
