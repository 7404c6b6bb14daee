import { Body, Controller, Patch, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { IsBoolean, IsOptional } from 'class-validator';
import type { Request } from 'express';
import type { User } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { IsIntIn } from '../../../../platform/http/dto-rules';
import { UsersQuery } from '../../read-models/users/users.query';
import { CurrentUser } from '../../session/session.guard';
import { ChangePrayerSettings } from './change-prayer-settings.handler';

/** One changed setting or both; an empty body is the decider's 400. */
export class ChangePrayerSettingsDto {
  @IsOptional() @IsBoolean({ message: 'enablePrayerTasks must be true or false' }) enablePrayerTasks?: boolean;
  /** A method id of GET /api/prayer-times/methods. */
  @IsOptional() @IsIntIn(1, 5) prayerCalculationMethod?: number;
}

@ApiTags('user')
@Controller()
export class ChangePrayerSettingsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly users: UsersQuery,
  ) {}

  /** PATCH /api/user/prayer-settings: the signed-in user's own settings; answers the user, like PATCH /api/user/timezone. */
  @Patch('user/prayer-settings')
  async changePrayerSettings(@CurrentUser() user: User, @Body() body: ChangePrayerSettingsDto, @Req() req: Request): Promise<User> {
    const settings = { enablePrayerTasks: body.enablePrayerTasks ?? undefined, prayerCalculationMethod: body.prayerCalculationMethod ?? undefined };
    await this.commands.execute(new ChangePrayerSettings(user.id, settings, commandMetadata(req)));
    return (await this.users.byId(user.id))!;
  }
}
