import { Body, Controller, Put, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsObject, ValidateNested } from 'class-validator';
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
} from '@carecircle/libs';
import { commandMetadata } from '../../../../../platform/http/command-metadata';
import { IsIntIn, IsOneOf } from '../../../../../platform/http/dto-rules';
import { ChangeEscalationPolicy } from './change-escalation-policy.handler';

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
 * PUT replaces the policy and answers it as stored; primary caregivers only (403 for a secondary
 * caregiver). The DTO checks types (and documents the body); the decider reads the body as it was
 * sent (`req.body`, which validation leaves untouched), so a property it does not know is refused
 * rather than silently dropped, and its rules (increasing steps, emergency contacts by email) are
 * checked once, in the domain.
 */
@ApiTags('notifications')
@Controller('user')
export class ChangeEscalationPolicyController {
  constructor(private readonly commands: CommandBus) {}

  @Put('escalation-policy')
  putPolicy(@Body() _body: EscalationPolicyDto, @Req() req: Request): Promise<EscalationPolicy> {
    return this.commands.execute(new ChangeEscalationPolicy({ input: req.body as unknown, metadata: commandMetadata(req) }));
  }
}
