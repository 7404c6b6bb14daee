import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { EscalationPolicy, User } from '@carecircle/libs';
import { CurrentUser } from '../../../../identity';
import { EscalationPolicyQuery } from './escalation-policies.query';

@ApiTags('notifications')
@Controller('user')
export class EscalationPolicyReadController {
  constructor(private readonly policies: EscalationPolicyQuery) {}

  /** The family's policy; a secondary caregiver reads their primary caregiver's (read-only: their PUT is a 403). */
  @Get('escalation-policy')
  get(@CurrentUser() user: User): Promise<EscalationPolicy> {
    return this.policies.forMember(user);
  }
}
