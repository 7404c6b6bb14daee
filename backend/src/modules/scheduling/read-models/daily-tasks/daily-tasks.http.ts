import { BadRequestException, Controller, Get, NotFoundException, Param, Query, Req, StreamableFile, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { addDays, DATE_MAX, dateRangeProblem, localDate, TASK_MESSAGES, VALIDATION_MESSAGES, type Child, type Task, type User } from '@carecircle/libs';
import { IsQueryDate, IsUuid } from '../../../../platform/http/dto-rules';
import { jsonArrayStream } from '../../../../platform/http/json-array-stream';
import { ChildAccess, ChildAccessGuard, ChildrenQuery } from '../../../care-recipients';
import { CurrentUser } from '../../../identity';
import { TaskAccess, TaskAccessGuard } from '../../access/task-access.guard';
import { CareTeamClock } from '../../time/care-team-clock';
import { DailyTasksQuery } from './daily-tasks.query';
import { PlannedTasks } from './planned-tasks';

export class TasksForDayQuery {
  @IsOptional() @IsUuid('childId must be a care recipient id (UUID)') childId?: string;
  @IsOptional() @IsQueryDate(TASK_MESSAGES.invalidDate) date?: string;
}

/** ?date, or ?startDate&endDate (both included): dates 1900-2100, a range of at most 62 days (DATE_RANGE_MAX_DAYS). */
export class ChildTasksQuery {
  @IsOptional() @IsQueryDate(TASK_MESSAGES.invalidDate) date?: string;
  @IsOptional() @IsQueryDate(TASK_MESSAGES.invalidDate) startDate?: string;
  @IsOptional() @IsQueryDate(TASK_MESSAGES.invalidDate) endDate?: string;
}

/** Range answers longer than this are streamed (jsonArrayStream): fair to the other families' requests. */
const STREAM_FROM_TASKS = 2000;

const refuse = (field: string, message: string) => new BadRequestException({ message, errors: [{ field, message }] });

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
    const date = query.date;
    if (query.childId !== undefined) {
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

  /**
   * GET /api/children/{id}/tasks?date, or ?startDate&endDate (both included, at most 62 days); a start
   * alone ends 7 days later (at 2100-12-31 at the latest), an end alone starts today.
   */
  @Get('children/:childId/tasks')
  @ChildAccess('read')
  async forChild(@Param('childId') childId: string, @Query() query: ChildTasksQuery, @Req() req: { child: Child }): Promise<Task[] | StreamableFile> {
    const now = new Date();
    const { startDate, endDate } = query;
    if (startDate !== undefined || endDate !== undefined) {
      const start = startDate ?? (await this.clock.today(childId, now));
      const end = endDate ?? (start > addDays(DATE_MAX, -7) ? DATE_MAX : addDays(start, 7));
      const problem = dateRangeProblem(start, end);
      if (problem) throw refuse('endDate', problem === 'tooLong' ? VALIDATION_MESSAGES.rangeTooLong : VALIDATION_MESSAGES.rangeBackwards);
      const tasks = await this.withPlanned([req.child], start, end, now);
      return tasks.length > STREAM_FROM_TASKS ? jsonArrayStream(tasks) : tasks;
    }
    const date = query.date ?? (await this.clock.today(childId, now));
    return this.withPlanned([req.child], date, date, now);
  }
}
