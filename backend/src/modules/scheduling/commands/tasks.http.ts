import { randomUUID } from 'node:crypto';
import { Body, Controller, Delete, HttpCode, Param, Post, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import {
  alreadyGivenMessage,
  DEFAULT_TIMEZONE,
  formatClockTime,
  instantToLocal,
  localDate,
  TASK_MESSAGES,
  type Child,
  type Task,
  type TaskAlreadyCompleted,
} from '@carecircle/libs';
import { ChildAccess, ChildAccessGuard, MedicationsQuery } from '../../care-recipients';
import { UsersQuery } from '../../identity';
import { DomainError } from '../../../platform/commands/domain-error';
import { commandMetadata } from '../../../platform/http/command-metadata';
import { TaskAccess, TaskAccessGuard } from '../access/task-access.guard';
import { initialTaskState } from '../domain/task';
import { SOMEONE, taskDecider, type TaskCommand, type TaskDetailsInput } from '../domain/task.decide';
import { DailyTasksQuery } from '../read-models/daily-tasks/daily-tasks.query';
import { CareTeamClock } from '../time/care-team-clock';
import { ExecuteTaskCommand } from './task-command.handler';
import { CompleteTaskDto, CreateTaskDto, RemoveTaskDto, UpdateTaskDto } from './task.dto';
import { readDate, readMedicationId, readTime, readTimes } from './task-input';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const invalid = (field: string, message: string) => new DomainError('SCHEDULING.INVALID', 'invalid', message, [{ field, message }]);

type ChildRequest = Request & { child: Child };

@ApiTags('tasks')
@Controller()
@UseGuards(ChildAccessGuard, TaskAccessGuard)
export class TasksController {
  constructor(
    private readonly commands: CommandBus,
    private readonly tasks: DailyTasksQuery,
    private readonly clock: CareTeamClock,
    private readonly medications: MedicationsQuery,
    private readonly users: UsersQuery,
  ) {}

  /**
   * One task per time (scheduledTimes, else scheduledTime; an appointment at its start time), on
   * scheduledDate or today in the care team's zone. Answers 201 with the created tasks, always a list.
   * Everything is checked before anything is recorded.
   */
  @Post('children/:childId/tasks')
  @ChildAccess('edit')
  async create(@Param('childId') childId: string, @Body() body: CreateTaskDto, @Req() req: ChildRequest): Promise<Task[]> {
    const metadata = commandMetadata(req);
    const timezone = await this.clock.timezoneFor(childId);
    const medicationId = await this.checkMedication(childId, readMedicationId(body.medicationId));
    const single = readTime(body.scheduledTime, timezone);
    const isAppointment = body.category === 'appointment';
    const scheduledDate = readDate(body.scheduledDate, timezone) ?? single?.date ?? (isAppointment ? null : localDate(new Date(metadata.occurredAt), timezone));
    const times: (string | null)[] = isAppointment ? [single?.time ?? null] : readTimes(body.scheduledTimes, single?.time ?? null);
    if (times.length === 0) times.push(null); // the decider refuses: 'Please select at least one time for the task.'
    const taskGroupId = times.length > 1 ? randomUUID() : null;
    const base: Omit<TaskDetailsInput, 'timeSpecificNotes'> = {
      name: body.name,
      description: body.description ?? null,
      category: body.category,
      priority: body.priority ?? 'medium',
      isUrgent: body.isUrgent ?? false,
      medicationId: medicationId ?? null,
      imageUrl: body.imageUrl ?? null,
      timeSlot: body.timeSlot ?? null,
      taskGroupId,
      appointmentDetails: body.appointmentDetails ?? null,
    };
    const planned = times.map((localTime) => {
      const taskId = randomUUID();
      const command: TaskCommand = {
        type: 'ScheduleTask',
        data: {
          taskId,
          childId,
          templateId: null,
          details: { ...base, timeSpecificNotes: (localTime && body.timeNotes?.[localTime]) || body.timeSpecificNotes || null },
          schedule: { scheduledDate, localTime, timezone },
        },
        metadata,
      };
      taskDecider.decide(command, initialTaskState()); // all valid, or nothing is recorded
      return { taskId, command };
    });
    await Promise.all(planned.map(({ taskId, command }) => this.commands.execute(new ExecuteTaskCommand(taskId, command))));
    const now = new Date(metadata.occurredAt);
    return Promise.all(planned.map(async ({ taskId }) => (await this.tasks.byId(taskId, now))!));
  }

  /** 200 with the task; 409 (TaskAlreadyCompleted: who and when) when someone already completed it. */
  @Put('tasks/:id/complete')
  @TaskAccess('edit')
  async complete(@Param('id') taskId: string, @Body() body: CompleteTaskDto, @Req() req: Request): Promise<Task> {
    try {
      return await this.run(taskId, { type: 'CompleteTask', data: { notes: body.notes ?? null }, metadata: commandMetadata(req) });
    } catch (error) {
      if (error instanceof DomainError && error.code === 'SCHEDULING.TASK_ALREADY_COMPLETED') throw await this.nameWhoCompleted(taskId, error);
      throw error;
    }
  }

  @Put('tasks/:id/uncomplete')
  @TaskAccess('edit')
  uncomplete(@Param('id') taskId: string, @Req() req: Request): Promise<Task> {
    return this.run(taskId, { type: 'UncompleteTask', data: {}, metadata: commandMetadata(req) });
  }

  /** Permanent; the reason is required (spec message) and kept in the task's history. */
  @Delete('tasks/:id')
  @TaskAccess('edit')
  @HttpCode(204)
  async remove(@Param('id') taskId: string, @Body() body: RemoveTaskDto, @Req() req: Request): Promise<void> {
    await this.commands.execute(new ExecuteTaskCommand(taskId, { type: 'RemoveTask', data: { reason: body.reason ?? null }, metadata: commandMetadata(req) }));
  }

  /** Edit a task or an appointment (spec section 7): only the fields sent change. */
  @Put('tasks/:id')
  @TaskAccess('edit')
  async update(@Param('id') taskId: string, @Body() body: UpdateTaskDto, @Req() req: ChildRequest): Promise<Task> {
    const childId = req.child.id;
    const timezone = await this.clock.timezoneFor(childId);
    const time = readTime(body.scheduledTime, timezone);
    const scheduledDate = readDate(body.scheduledDate, timezone) ?? time?.date ?? undefined;
    const medicationId = await this.checkMedication(childId, readMedicationId(body.medicationId));
    const { scheduledTime: _t, scheduledDate: _d, medicationId: _m, ...fields } = body;
    const changes: Record<string, unknown> = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
    if (medicationId !== undefined) changes.medicationId = medicationId;
    if (scheduledDate !== undefined) changes.scheduledDate = scheduledDate;
    if (time) changes.localTime = time.time;
    return this.run(taskId, { type: 'UpdateTask', data: { changes: changes as TaskDetailsInput, timezone }, metadata: commandMetadata(req) });
  }

  private async run(taskId: string, command: TaskCommand): Promise<Task> {
    await this.commands.execute(new ExecuteTaskCommand(taskId, command));
    const task = await this.tasks.byId(taskId, new Date(command.metadata.occurredAt));
    if (!task) throw new DomainError('SCHEDULING.TASK_NOT_FOUND', 'not_found', TASK_MESSAGES.notFound);
    return task;
  }

  /** A medication must be one of this recipient's (400 otherwise). */
  private async checkMedication(childId: string, medicationId: string | null | undefined): Promise<string | null | undefined> {
    if (!medicationId) return medicationId;
    if (!UUID.test(medicationId) || !(await this.medications.byId(childId, medicationId))) {
      throw invalid('medicationId', TASK_MESSAGES.medicationNotFound);
    }
    return medicationId;
  }

  /** The decider knows only user ids: name the caregiver, at the care team's clock time. */
  private async nameWhoCompleted(taskId: string, error: DomainError): Promise<DomainError> {
    const { completedBy, completedAt } = error.details as { completedBy: string | null; completedAt: string };
    const name = completedBy ? ((await this.users.displayNames([completedBy])).get(completedBy) ?? null) : null;
    const zone = (await this.tasks.byId(taskId, new Date(completedAt)))?.timezone ?? DEFAULT_TIMEZONE;
    const body: Omit<TaskAlreadyCompleted, 'statusCode' | 'message' | 'code'> = { completedBy, completedByName: name, completedAt };
    const message = alreadyGivenMessage(name ?? SOMEONE, formatClockTime(instantToLocal(completedAt, zone).time));
    return new DomainError(error.code, error.kind, message, undefined, body);
  }
}
