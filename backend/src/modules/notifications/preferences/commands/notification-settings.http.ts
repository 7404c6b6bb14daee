import { Body, Controller, Put, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsObject, ValidateNested } from 'class-validator';
import type { Request } from 'express';
import {
  ESCALATION_AUDIENCES,
  ESCALATION_LIMITS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_SETTINGS_MESSAGES as M,
  type EscalationAudience,
  type EscalationPolicy,
  type EscalationStep,
  type NotificationChannel,
  type NotificationPreferences,
  type QuietHours,
  type User,
} from '@carecircle/libs';
import { commandMetadata } from '../../../../platform/http/command-metadata';
import { IfGiven, IsClockTime, IsIntIn, IsOneOf } from '../../../../platform/http/dto-rules';
import { CurrentUser } from '../../../identity';
import { EscalationPolicyQuery } from '../read-models/escalation-policies/escalation-policies.query';
import { NotificationPreferencesQuery } from '../read-models/notification-preferences/notification-preferences.query';
import { ExecuteNotificationSettingsCommand, type NotificationSettingsRequest } from './notification-settings-command.handler';

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

export class EscalationStepDto implements EscalationStep {
  /** Minutes after the task's time, 0 to 1440, later than the step before. */
  @IsIntIn(0, ESCALATION_LIMITS.maxAfterMinutes, { type: M.afterMinutes, min: M.afterMinutes, max: M.afterMinutes }) afterMinutes!: number;
  @IsOneOf(ESCALATION_AUDIENCES, M.notify) notify!: EscalationAudience;
  /** At least one, each once; emergency contacts: ['email'] only. */
  @IsArray({ message: M.channels }) @ArrayMinSize(1, { message: M.channels }) @IsOneOf(NOTIFICATION_CHANNELS, M.channels, { each: true }) channels!: NotificationChannel[];
}

/** The family's chain for urgent tasks, replaced whole. */
export class EscalationPolicyDto implements EscalationPolicy {
  @IsArray({ message: M.steps })
  @ArrayMinSize(1, { message: M.steps })
  @ArrayMaxSize(ESCALATION_LIMITS.maxSteps, { message: M.steps })
  @IsObject({ each: true, message: M.step })
  @ValidateNested({ each: true })
  @Type(() => EscalationStepDto)
  steps!: EscalationStepDto[];
}

/**
 * PUT replaces a setting and answers it as stored. The DTOs check types (and document the body);
 * the decider reads the body as it was sent (`req.body`, which validation leaves untouched), so a
 * property it does not know is refused rather than silently dropped, and its rules (times that
 * differ, increasing steps, emergency contacts by email) are checked once, in the domain.
 */
@ApiTags('notifications')
@Controller('user')
export class NotificationSettingsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly preferences: NotificationPreferencesQuery,
    private readonly policies: EscalationPolicyQuery,
  ) {}

  @Put('notification-preferences')
  async putPreferences(@Body() _body: NotificationPreferencesDto, @CurrentUser() user: User, @Req() req: Request): Promise<NotificationPreferences> {
    await this.execute({ type: 'ChangeNotificationPreferences', input: req.body as unknown, metadata: commandMetadata(req) });
    return this.preferences.forUser(user.id);
  }

  /** Primary caregivers only (403 for a secondary caregiver). */
  @Put('escalation-policy')
  async putPolicy(@Body() _body: EscalationPolicyDto, @CurrentUser() user: User, @Req() req: Request): Promise<EscalationPolicy> {
    await this.execute({ type: 'ChangeEscalationPolicy', input: req.body as unknown, metadata: commandMetadata(req) });
    return this.policies.forFamily(user.id);
  }

  private execute(request: NotificationSettingsRequest): Promise<void> {
    return this.commands.execute(new ExecuteNotificationSettingsCommand(request));
  }
}
