import { Body, Controller, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import type { Request } from 'express';
import type { CreateSubscriptionAnswer, User } from '@carecircle/libs';
import { IsIntIn } from '../../../../platform/http/dto-rules';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { CurrentUser } from '../../../identity';
import { MAX_QUANTITY } from '../../domain/billing.decide';
import { PlanDto } from '../plan.dto';
import { CreateSubscription } from './create-subscription.handler';

export class CreateSubscriptionDto extends PlanDto {
  /** What the page shows (spec section 7); validated, not trusted: the server counts the recipients itself. */
  @IsOptional() @IsIntIn(1, MAX_QUANTITY) childCount?: number;
}

@ApiTags('billing')
@Controller('create-subscription')
export class CreateSubscriptionController {
  constructor(private readonly commands: CommandBus) {}

  /** 201 `{clientSecret}`; 409 when a subscription is already trialing or active; 503 when STRIPE_* is unset; 502 when Stripe fails. */
  @Post()
  create(@CurrentUser() user: User, @Body() body: CreateSubscriptionDto, @Req() req: Request): Promise<CreateSubscriptionAnswer> {
    return this.commands.execute(new CreateSubscription({ user, plan: body.plan, metadata: commandMetadata(req) }));
  }
}
