import { Controller, Get, NotFoundException, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { TASK_MESSAGES, type Progress, type User } from '@carecircle/libs';
import { IsQueryDate, IsUuid } from '../../../../platform/http/dto-rules';
import { ChildrenQuery } from '../../../care-recipients';
import { CurrentUser } from '../../../identity';
import { CareTeamClock } from '../../time/care-team-clock';
import { DailyProgressQuery } from './daily-progress.query';

export class ProgressQuery {
  @IsUuid('childId must be a care recipient id (UUID)') childId!: string;
  @IsOptional() @IsQueryDate(TASK_MESSAGES.invalidDate) date?: string;
}

@ApiTags('progress')
@Controller('progress')
export class DailyProgressReadController {
  constructor(
    private readonly progress: DailyProgressQuery,
    private readonly children: ChildrenQuery,
    private readonly clock: CareTeamClock,
  ) {}

  /**
   * The progress strip for the day shown (`date`, yyyy-mm-dd), by default the recipient's current day
   * in the care team's zone (404 for other families).
   */
  @Get()
  async forChild(@CurrentUser() user: User, @Query() { childId, date }: ProgressQuery): Promise<Progress> {
    if (!(await this.children.getFor(user.id, childId))) throw new NotFoundException('Care recipient not found');
    return this.progress.forDay(childId, date ?? (await this.clock.today(childId, new Date())));
  }
}
