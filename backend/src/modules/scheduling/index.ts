/** Scheduling's public surface: other modules use only what is exported here. */
import { AchievementEntity } from './read-models/achievements/achievements.entity';
import { DailyProgressEntity, ProgressTaskEntity } from './read-models/daily-progress/daily-progress.entity';
import { DailyTaskEntity, SchedulingChildEntity } from './read-models/daily-tasks/daily-tasks.entity';
import { TaskTemplateEntity } from './read-models/task-templates/task-templates.entity';

export { schedulingPersonalData } from './scheduling.personal-data';
export { SchedulingModule } from './scheduling.module';
export { CareTeamClock } from './time/care-team-clock';
export { DailyTasksQuery } from './read-models/daily-tasks/daily-tasks.query';
/** The access check of task-addressed routes, loaded with the session (app.ts). */
export { taskAccessPrefetch } from './access/task-access.guard';
/** A task's events in order, a page at a time (GET /api/tasks/{id}/history; the data export reads it too). */
export { TaskHistoryQuery, taskHistoryCursor } from './history/task-history.query';
export { AchievementsQuery } from './read-models/achievements/achievements.query';
export { RecordTaskAlert, RecordTaskAlerts, type TaskAlertCommand } from './commands/task-alerts/task-alerts.handler';
export { ApplyTaskPlan, type PlannedTask, type TaskPlan } from './commands/apply-task-plan/apply-task-plan.handler';
export { ScheduleTasks } from './commands/schedule-tasks/schedule-tasks.handler';
export { CompleteTask } from './commands/complete-task/complete-task.handler';
export { CreateTaskTemplates } from './commands/create-task-template/create-task-template.handler';
/** The recurring-tasks worker's core: materialises a template's occurrences of one care-team date. */
export { TemplateMaterialiser } from './workers/recurring-tasks.job';
export type { AlertDelivery, TaskDetails, TaskReminder, TaskSchedule } from './domain/task';
export type { TaskEvent, TaskEventType, TaskTemplateEvent } from './events';
export { TASK_ROW_EVENTS } from './events';
export const SchedulingEntities = [DailyTaskEntity, SchedulingChildEntity, ProgressTaskEntity, DailyProgressEntity, AchievementEntity, TaskTemplateEntity];
