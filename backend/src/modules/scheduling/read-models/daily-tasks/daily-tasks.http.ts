import { BadRequestException, Controller, Get, NotFoundException, Param, Query, Req, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { addDays, daysBetween, isLocalDate, isUuid, localDate, TASK_MESSAGES, type Child, type Task, type User } from '@carecircle/libs';
import { ChildAccess, ChildAccessGuard, ChildrenQuery } from '../../../care-recipients';
import { CurrentUser } from '../../../identity';
import { TaskAccess, TaskAccessGuard } from '../../access/task-access.guard';
import { CareTeamClock } from '../../time/care-team-clock';
import { DailyTasksQuery } from './daily-tasks.query';
import { PlannedTasks } from './planned-tasks';

/** The longest range one call may ask for (a year and a day). */
export const MAX_RANGE_DAYS = 366;

export class TasksForDayQuery {
  @IsOptional() @IsString() @MaxLength(40) childId?: string;
  @IsOptional() @IsString() @MaxLength(40) date?: string;
}

export class ChildTasksQuery {
  @IsOptional() @IsString() @MaxLength(40) date?: string;
  @IsOptional() @IsString() @MaxLength(40) startDate?: string;
  @IsOptional() @IsString() @MaxLength(40) endDate?: string;
}

function checkDate(value: string | undefined, field: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!isLocalDate(value)) throw new BadRequestException({ message: TASK_MESSAGES.invalidDate, errors: [{ field, message: TASK_MESSAGES.invalidDate }] });
  return value;
}

/**
 * Day and range views. Every answer is in the spec's order (overdue, other pending, completed; by
 * time within each), with isOverdue and isUrgentOverdue computed now. A date defaults to today in the
 * care team's zone. Days from today on include the repeating schedules' planned occurrences.
 */
@ApiTags('tasks')
@Controller()
@UseGuards(ChildAccessGuard, TaskAccessGuard)
export class DailyTasksReadController {
  constructor(
    private readonly tasks: DailyTasksQuery,
    private readonly children: ChildrenQuery,
    private readonly clock: CareTeamClock,
    private readonly planned: PlannedTasks,
  ) {}

  private async withPlanned(children: Child[], start: string, end: string, now: Date): Promise<Task[]> {
    const ids = children.map((c) => c.id);
    const tasks = start === end ? await this.tasks.onDate(ids, start, now) : await this.tasks.inRange(ids[0], start, end, now);
    return this.planned.add(tasks, children, start, end, now);
  }

  /** GET /api/tasks?childId&date: one recipient's day; without childId, every recipient the user sees. */
  @Get('tasks')
  async forDay(@CurrentUser() user: User, @Query() query: TasksForDayQuery): Promise<Task[]> {
    const now = new Date();
    const date = checkDate(query.date, 'date');
    if (query.childId !== undefined && query.childId !== '') {
      if (!isUuid(query.childId)) throw new BadRequestException('Care recipient id must be a UUID');
      const child = await this.children.getFor(user.id, query.childId);
      if (!child) throw new NotFoundException('Care recipient not found');
      const day = date ?? (await this.clock.today(query.childId, now));
      return this.withPlanned([child], day, day, now);
    }
    const children = await this.children.listFor(user.id);
    const day = date ?? localDate(now, await this.clock.timezoneOfUser(user.id));
    return children.length === 0 ? [] : this.withPlanned(children, day, day, now);
  }

  @Get('tasks/:id')
  @TaskAccess('read')
  async one(@Param('id') taskId: string): Promise<Task> {
    const task = await this.tasks.byId(taskId, new Date());
    if (!task) throw new NotFoundException(TASK_MESSAGES.notFound);
    return task;
  }

  /** GET /api/children/{id}/tasks?date, or ?startDate&endDate (both included, at most 366 days). */
  @Get('children/:childId/tasks')
  @ChildAccess('read')
  async forChild(@Param('childId') childId: string, @Query() query: ChildTasksQuery, @Req() req: { child: Child }): Promise<Task[]> {
    const now = new Date();
    const startDate = checkDate(query.startDate, 'startDate');
    const endDate = checkDate(query.endDate, 'endDate');
    if (startDate || endDate) {
      const start = startDate ?? (await this.clock.today(childId, now));
      const end = endDate ?? addDays(start, 7);
      const days = daysBetween(start, end);
      if (days < 0) throw new BadRequestException('The end date must not be before the start date.');
      if (days >= MAX_RANGE_DAYS) throw new BadRequestException(`A range can cover at most ${MAX_RANGE_DAYS} days.`);
      return this.withPlanned([req.child], start, end, now);
    }
    const date = checkDate(query.date, 'date') ?? (await this.clock.today(childId, now));
    return this.withPlanned([req.child], date, date, now);
  }
}
