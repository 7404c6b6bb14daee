import { BadRequestException, Body, Controller, HttpCode, Param, ParseUUIDPipe, Put, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import type { Request } from 'express';
import { ADMIN_TEXT, type User } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { CurrentUser, SuperAdminOnly } from '../../../identity';
import { PlanDto } from '../plan.dto';
import { SetSubscriptionByAdmin } from './set-subscription-by-admin.handler';

const USER_ID_MESSAGE = 'userId must be a UUID';
const userIdPipe = new ParseUUIDPipe({ exceptionFactory: () => new BadRequestException({ message: USER_ID_MESSAGE, errors: [{ field: 'userId', message: USER_ID_MESSAGE }] }) });

/** `{plan, active}` (spec document 1, section 7). */
export class AdminSubscriptionDto extends PlanDto {
  @IsBoolean({ message: ADMIN_TEXT.activeInvalid }) active!: boolean;
}

@ApiTags('admin')
@Controller()
export class SetSubscriptionByAdminController {
  constructor(private readonly commands: CommandBus) {}

  /** 204 once recorded (the users and stats reads show it); super admins only; 404 for an unknown user. */
  @Put('admin/users/:userId/subscription')
  @SuperAdminOnly()
  @HttpCode(204)
  async set(@CurrentUser() admin: User, @Param('userId', userIdPipe) userId: string, @Body() body: AdminSubscriptionDto, @Req() req: Request): Promise<void> {
    // A UUID in capitals names the same user: its stream is the lowercase one (billing-{id}), never a second.
    await this.commands.execute(new SetSubscriptionByAdmin({ userId: userId.toLowerCase(), change: { plan: body.plan, active: body.active }, metadata: { ...commandMetadata(req), actorId: admin.id } }));
  }
}
