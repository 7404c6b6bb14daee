import { Controller, Headers, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { Public } from '../../../identity';
import { RecordStripeEvent } from './record-stripe-event.handler';

@ApiTags('billing')
@Controller('stripe')
export class StripeWebhookController {
  constructor(private readonly commands: CommandBus) {}

  /**
   * Stripe's signed webhooks; the route reads the raw body (app.ts keeps it for this path), never a
   * DTO: the signature, not a session, says who sent it. 200 `{received: true, recorded}`; 400 on a
   * bad or stale signature; 503 when STRIPE_* is unset.
   */
  @Post('webhook')
  @Public()
  @HttpCode(200)
  receive(@Req() req: Request & { rawBody?: Buffer }, @Headers('stripe-signature') signature: string | undefined) {
    return this.commands.execute(new RecordStripeEvent({ rawBody: req.rawBody, signature, metadata: commandMetadata(req) }));
  }
}
