import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { PersonalData } from '../../platform/privacy/personal-data';
import { schedulingPersonalData } from './scheduling.personal-data';
import { CqrsModule } from '@nestjs/cqrs';
import { CareRecipientsModule } from '../care-recipients';
import { IdentityModule } from '../identity';
import { TaskAccessGuard } from './access/task-access.guard';
import { TemplateAccessGuard } from './access/template-access.guard';
import { ChangeRepeatingTaskHandler } from './commands/change-repeating-task/change-repeating-task.handler';
import { ChangeRepeatingTaskController } from './commands/change-repeating-task/change-repeating-task.http';
import { PauseRepeatingTaskHandler } from './commands/pause-repeating-task/pause-repeating-task.handler';
import { PauseRepeatingTaskController } from './commands/pause-repeating-task/pause-repeating-task.http';
import { RepeatingTaskOccurrences } from './commands/repeating-task-occurrences';
import { StopRepeatingTaskHandler } from './commands/stop-repeating-task/stop-repeating-task.handler';
import { StopRepeatingTaskController } from './commands/stop-repeating-task/stop-repeating-task.http';
import { ApplyTaskPlanHandler } from './commands/apply-task-plan/apply-task-plan.handler';
import { BulkCreateTasksHandler } from './commands/bulk-create-tasks/bulk-create-tasks.handler';
import { BulkCreateTasksController } from './commands/bulk-create-tasks/bulk-create-tasks.http';
import { CompleteTaskHandler } from './commands/complete-task/complete-task.handler';
import { CompleteTaskController } from './commands/complete-task/complete-task.http';
import { CreateTaskTemplatesHandler } from './commands/create-task-template/create-task-template.handler';
import { TaskTemplateCreation } from './commands/task-template-creation';
import { TaskTemplatesController } from './commands/create-task-template/create-task-template.http';
import { RecordTaskAlertHandler, RecordTaskAlertsHandler } from './commands/task-alerts/task-alerts.handler';
import { ParseScheduleController } from './commands/parse-schedule/parse-schedule.http';
import { RemoveTaskHandler } from './commands/remove-task/remove-task.handler';
import { RemoveTaskController } from './commands/remove-task/remove-task.http';
import { ScheduleTasksHandler } from './commands/schedule-tasks/schedule-tasks.handler';
import { ScheduleTasksController } from './commands/schedule-tasks/schedule-tasks.http';
import { UncompleteTaskHandler } from './commands/uncomplete-task/uncomplete-task.handler';
import { UncompleteTaskController } from './commands/uncomplete-task/uncomplete-task.http';
import { UpdateTaskHandler } from './commands/update-task/update-task.handler';
import { UpdateTaskController } from './commands/update-task/update-task.http';
import { TaskHistoryController } from './history/task-history.http';
import { TaskHistoryQuery } from './history/task-history.query';
import { DailyTasksReadController } from './read-models/daily-tasks/daily-tasks.http';
import { DailyTasksProjection } from './read-models/daily-tasks/daily-tasks.projection';
import { DailyTasksQuery } from './read-models/daily-tasks/daily-tasks.query';
import { PlannedTasks } from './read-models/daily-tasks/planned-tasks';
import { AchievementsReadController } from './read-models/achievements/achievements.http';
import { AchievementsQuery } from './read-models/achievements/achievements.query';
import { DailyProgressReadController } from './read-models/daily-progress/daily-progress.http';
import { DailyProgressProjection } from './read-models/daily-progress/daily-progress.projection';
import { DailyProgressQuery } from './read-models/daily-progress/daily-progress.query';
import { TaskTemplatesReadController } from './read-models/task-templates/task-templates.http';
import { TaskTemplatesProjection } from './read-models/task-templates/task-templates.projection';
import { TaskTemplatesQuery } from './read-models/task-templates/task-templates.query';
import { CareTeamClock } from './time/care-team-clock';
import { RECURRING_TASKS_QUEUE, RecurringTasksWorker, TemplateMaterialiser } from './workers/recurring-tasks.job';

/** Tasks, appointments, templates, progress and achievements (spec document 2). */
@Module({
  imports: [CqrsModule, IdentityModule, CareRecipientsModule, BullModule.registerQueue({ name: RECURRING_TASKS_QUEUE })],
  controllers: [
    ScheduleTasksController,
    CompleteTaskController,
    UncompleteTaskController,
    RemoveTaskController,
    UpdateTaskController,
    DailyTasksReadController,
    TaskHistoryController,
    DailyProgressReadController,
    AchievementsReadController,
    TaskTemplatesController,
    TaskTemplatesReadController,
    BulkCreateTasksController,
    ParseScheduleController,
    ChangeRepeatingTaskController,
    PauseRepeatingTaskController,
    StopRepeatingTaskController,
  ],
  providers: [
    ApplyTaskPlanHandler,
    CareTeamClock,
    ScheduleTasksHandler,
    CompleteTaskHandler,
    UncompleteTaskHandler,
    RemoveTaskHandler,
    UpdateTaskHandler,
    RecordTaskAlertHandler,
    RecordTaskAlertsHandler,
    TaskAccessGuard,
    DailyTasksQuery,
    DailyTasksProjection,
    TaskHistoryQuery,
    DailyProgressProjection,
    DailyProgressQuery,
    AchievementsQuery,
    TaskTemplateCreation,
    CreateTaskTemplatesHandler,
    BulkCreateTasksHandler,
    TaskTemplatesQuery,
    TaskTemplatesProjection,
    TemplateMaterialiser,
    RecurringTasksWorker,
    TemplateAccessGuard,
    RepeatingTaskOccurrences,
    PlannedTasks,
    ChangeRepeatingTaskHandler,
    PauseRepeatingTaskHandler,
    StopRepeatingTaskHandler,
  ],
  exports: [CareTeamClock, DailyTasksQuery, AchievementsQuery, TaskHistoryQuery],
})
export class SchedulingModule {
  constructor(personalData: PersonalData) {
    personalData.declare(schedulingPersonalData);
  }
}
