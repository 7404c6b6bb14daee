import { Body, Controller, Put, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { BillingSubscription, User } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { CurrentUser } from '../../../identity';
import { PlanDto } from '../plan.dto';
import { ChangePlan } from './change-plan.handler';

export class ChangePlanDto extends PlanDto {}

@ApiTags('billing')
@Controller('billing')
export class ChangePlanController {
  constructor(private readonly commands: CommandBus) {}

  /** 200 the subscription on its new plan (prorated); 409 without a live subscription; 503 when STRIPE_* is unset. */
  @Put('plan')
  change(@CurrentUser() user: User, @Body() body: ChangePlanDto, @Req() req: Request): Promise<BillingSubscription | null> {
    return this.commands.execute(new ChangePlan({ userId: user.id, plan: body.plan, metadata: commandMetadata(req) }));
  }
}
