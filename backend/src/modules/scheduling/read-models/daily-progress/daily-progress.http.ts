import { BadRequestException, Controller, Get, NotFoundException, Query } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import { isUuid, type Progress, type User } from '@carecircle/libs';
import { ChildrenQuery } from '../../../care-recipients';
import { CurrentUser } from '../../../identity';
import { CareTeamClock } from '../../time/care-team-clock';
import { DailyProgressQuery } from './daily-progress.query';

@ApiTags('progress')
@Controller('progress')
export class DailyProgressReadController {
  constructor(
    private readonly progress: DailyProgressQuery,
    private readonly children: ChildrenQuery,
    private readonly clock: CareTeamClock,
  ) {}

  /** The progress strip for the recipient's current day in the care team's zone (404 for other families). */
  @Get()
  @ApiQuery({ name: 'childId', required: true })
  async forChild(@CurrentUser() user: User, @Query('childId') childId: unknown): Promise<Progress> {
    if (!isUuid(childId)) throw new BadRequestException('childId must be a care recipient id (UUID)');
    if (!(await this.children.getFor(user.id, childId))) throw new NotFoundException('Care recipient not found');
    return this.progress.forDay(childId, await this.clock.today(childId, new Date()));
  }
}
