import { BadRequestException, Controller, Get, NotFoundException, Query } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import { isLocalDate, isUuid, TASK_MESSAGES, type Progress, type User } from '@carecircle/libs';
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

  /**
   * The progress strip for the day shown (`date`, yyyy-mm-dd), by default the recipient's current day
   * in the care team's zone (404 for other families).
   */
  @Get()
  @ApiQuery({ name: 'childId', required: true })
  @ApiQuery({ name: 'date', required: false })
  async forChild(@CurrentUser() user: User, @Query('childId') childId: unknown, @Query('date') date: unknown): Promise<Progress> {
    if (!isUuid(childId)) throw new BadRequestException('childId must be a care recipient id (UUID)');
    if (date !== undefined && date !== '' && !(typeof date === 'string' && isLocalDate(date))) {
      throw new BadRequestException({ message: TASK_MESSAGES.invalidDate, errors: [{ field: 'date', message: TASK_MESSAGES.invalidDate }] });
    }
    if (!(await this.children.getFor(user.id, childId))) throw new NotFoundException('Care recipient not found');
    return this.progress.forDay(childId, typeof date === 'string' && date !== '' ? date : await this.clock.today(childId, new Date()));
  }
}
