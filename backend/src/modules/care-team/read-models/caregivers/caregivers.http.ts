import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { CareTeamCaregiver, User } from '@carecircle/libs';
import { CurrentUser } from '../../../identity';
import { CaregiversQuery } from './caregivers.query';

@ApiTags('care team')
@Controller('caregivers')
export class CaregiversReadController {
  constructor(private readonly caregivers: CaregiversQuery) {}

  /** The Secondary Caregivers panel: who my recipients are shared with, and whether they may edit each. Empty for anyone who owns none. */
  @Get()
  list(@CurrentUser() user: User): Promise<CareTeamCaregiver[]> {
    return this.caregivers.of(user.id);
  }
}
