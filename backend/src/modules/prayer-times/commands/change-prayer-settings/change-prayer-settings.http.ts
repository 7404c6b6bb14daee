import { Body, Controller, Patch, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { IsBoolean, IsOptional } from 'class-validator';
import type { Request } from 'express';
import type { User } from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { IsDegreesIn, IsIntIn } from '../../../../platform/http/dto-rules';
import { CurrentUser, PRAYER_SETTINGS_MESSAGES, UsersQuery } from '../../../identity';
import { UpdatePrayerSettings } from './change-prayer-settings.handler';

/**
 * Any of the settings; an empty body is the decider's 400. latitude and longitude come together (the
 * device's location for the prayer tasks; the decider refuses one without the other).
 */
export class ChangePrayerSettingsDto {
  @IsOptional() @IsBoolean({ message: 'enablePrayerTasks must be true or false' }) enablePrayerTasks?: boolean;
  /** A method id of GET /api/prayer-times/methods. */
  @IsOptional() @IsIntIn(1, 5) prayerCalculationMethod?: number;
  /** Degrees, -90 to 90. */
  @IsOptional() @IsDegreesIn(-90, 90, PRAYER_SETTINGS_MESSAGES.latitude) latitude?: number;
  /** Degrees, -180 to 180. */
  @IsOptional() @IsDegreesIn(-180, 180, PRAYER_SETTINGS_MESSAGES.longitude) longitude?: number;
}

@ApiTags('user')
@Controller()
export class ChangePrayerSettingsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly users: UsersQuery,
  ) {}

  /** PATCH /api/user/prayer-settings: the signed-in user's own settings and prayer tasks; answers the user, like PATCH /api/user/timezone. */
  @Patch('user/prayer-settings')
  async changePrayerSettings(@CurrentUser() user: User, @Body() body: ChangePrayerSettingsDto, @Req() req: Request): Promise<User> {
    const settings = {
      enablePrayerTasks: body.enablePrayerTasks ?? undefined,
      prayerCalculationMethod: body.prayerCalculationMethod ?? undefined,
      latitude: body.latitude ?? undefined,
      longitude: body.longitude ?? undefined,
    };
    await this.commands.execute(new UpdatePrayerSettings({ userId: user.id, settings, metadata: commandMetadata(req) }));
    return (await this.users.byId(user.id))!;
  }
}
