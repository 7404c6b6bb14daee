import { Body, Controller, Patch, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { TIMEZONE_MAX_LENGTH, type User } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { IsText } from '../../../../platform/http/dto-rules';
import { CurrentUser, UsersQuery } from '../../../identity';
import { UpdateTimezone } from './change-timezone.handler';

export class ChangeTimezoneDto {
  @IsText(TIMEZONE_MAX_LENGTH, { message: 'timezone must be an IANA time zone such as America/Los_Angeles' })
  timezone!: string;
}

@ApiTags('user')
@Controller()
export class ChangeTimezoneController {
  constructor(
    private readonly commands: CommandBus,
    private readonly users: UsersQuery,
  ) {}

  /** PATCH /api/user/timezone: answers the user once their prayer tasks follow the new zone (read-your-writes). */
  @Patch('user/timezone')
  async changeTimezone(@CurrentUser() user: User, @Body() body: ChangeTimezoneDto, @Req() req: Request): Promise<User> {
    await this.commands.execute(new UpdateTimezone({ userId: user.id, timezone: body.timezone, metadata: commandMetadata(req) }));
    return (await this.users.byId(user.id))!;
  }
}
