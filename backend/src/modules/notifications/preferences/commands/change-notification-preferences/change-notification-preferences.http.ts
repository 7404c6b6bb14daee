import { Body, Controller, Put, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsObject, ValidateNested } from 'class-validator';
import type { Request } from 'express';
import { NOTIFICATION_SETTINGS_MESSAGES as M, type NotificationPreferences, type QuietHours } from '@carecircle/libs';
import { commandMetadata } from '../../../../../platform/http/command-metadata';
import { IfGiven, IsClockTime } from '../../../../../platform/http/dto-rules';
import { ChangeNotificationPreferences } from './change-notification-preferences.handler';

export class QuietHoursDto implements QuietHours {
  /** HH:MM, 00:00 to 23:59, in the care team's time zone. */
  @IsClockTime({ message: M.quietHoursTime('start') }) start!: string;
  /** HH:MM, not the same as start; before start means the quiet hours run past midnight. */
  @IsClockTime({ message: M.quietHoursTime('end') }) end!: string;
}

/** The Account tab's three checkboxes (all required: PUT replaces the whole value) and quiet hours. */
export class NotificationPreferencesDto implements NotificationPreferences {
  @IsBoolean({ message: M.notBoolean('emailOverdue') }) emailOverdue!: boolean;
  @IsBoolean({ message: M.notBoolean('emailAchievements') }) emailAchievements!: boolean;
  @IsBoolean({ message: M.notBoolean('pushReminders') }) pushReminders!: boolean;
  /** Null or absent: no quiet hours. */
  @IfGiven() @IsObject({ message: M.quietHours }) @ValidateNested() @Type(() => QuietHoursDto) quietHours!: QuietHoursDto | null;
}

/**
 * PUT replaces the preferences and answers them as stored. The DTO checks types (and documents the
 * body); the decider reads the body as it was sent (`req.body`, which validation leaves untouched),
 * so a property it does not know is refused rather than silently dropped, and its rules (times that
 * differ) are checked once, in the domain.
 */
@ApiTags('notifications')
@Controller('user')
export class ChangeNotificationPreferencesController {
  constructor(private readonly commands: CommandBus) {}

  @Put('notification-preferences')
  putPreferences(@Body() _body: NotificationPreferencesDto, @Req() req: Request): Promise<NotificationPreferences> {
    return this.commands.execute(new ChangeNotificationPreferences({ input: req.body as unknown, metadata: commandMetadata(req) }));
  }
}
