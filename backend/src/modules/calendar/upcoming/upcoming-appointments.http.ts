import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { addDays, CALENDAR_MESSAGES, UPCOMING_APPOINTMENTS, type UpcomingAppointmentsAnswer, type User } from '@carecircle/libs';
import { IsQueryDate } from '../../../platform/http/dto-rules';
import { ChildrenQuery } from '../../care-recipients';
import { CurrentUser } from '../../identity';
import { DailyTasksQuery } from '../../scheduling';

export class UpcomingQuery {
  /** The first of the 7 days (the caregiver's today by default, as the browser sees it). */
  @IsOptional() @IsQueryDate(CALENDAR_MESSAGES.invalidFrom) from?: string;
}

@ApiTags('calendar')
@Controller('calendar')
export class UpcomingAppointmentsController {
  constructor(
    private readonly children: ChildrenQuery,
    private readonly tasks: DailyTasksQuery,
  ) {}

  /** 200 `{items, total}`: pending appointments not begun, 7 days from `from`, of every recipient the user sees; the first 5. */
  @Get('upcoming')
  async upcoming(@CurrentUser() user: User, @Query() query: UpcomingQuery): Promise<UpcomingAppointmentsAnswer> {
    const now = new Date();
    const from = query.from ?? now.toISOString().slice(0, 10);
    const childIds = (await this.children.listFor(user.id)).map((c) => c.id);
    return this.tasks.upcomingAppointments(childIds, from, addDays(from, UPCOMING_APPOINTMENTS.days - 1), UPCOMING_APPOINTMENTS.shown, now);
  }
}
