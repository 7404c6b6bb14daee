import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { EARLY_COMPLETION_MINUTES, ON_TIME_GRACE_MINUTES } from '@carecircle/libs';
import { ReadModelProjection, type Projection, type RecordedEventOf } from '../../../../platform/projections/projection';
import type { CareRecipientEvent } from '../../../care-recipients';
import { TASK_ROW_EVENTS, type TaskEvent } from '../../../scheduling';

/**
 * libs' completionTiming over a report_tasks row, in SQL (the rule and constants of
 * docs/scheduling.md "Timing", as daily_progress uses them): null unless completed; early more
 * than EARLY_COMPLETION_MINUTES before its time, on time up to ON_TIME_GRACE_MINUTES after, else late.
 */
const TIMING = `CASE WHEN status <> 'completed' OR completed_at IS NULL THEN NULL
  WHEN scheduled_time - completed_at > interval '${EARLY_COMPLETION_MINUTES} minutes' THEN 'early'
  WHEN completed_at - scheduled_time <= interval '${ON_TIME_GRACE_MINUTES} minutes' THEN 'on_time'
  ELSE 'late' END`;

/**
 * report_tasks: one row per task, from the task events, removed tasks kept with their reason (the
 * adherence report counts them). Each event sets the row's fields to what the event says, so
 * applying it again changes nothing; a rebuild gives the same rows. A removed recipient's rows go.
 * Commands do not wait for it (a report may be a moment behind the last tick).
 */
@Injectable()
@ReadModelProjection()
export class ReportTasksProjection implements Projection<TaskEvent | CareRecipientEvent> {
  readonly name = 'reports.report-tasks';
  readonly handles = [...TASK_ROW_EVENTS, 'CareRecipientRemoved'] as const;
  readonly tables = ['report_tasks'] as const;
  /** Reports are read on demand, never right after a tick: completing a task does not wait for this table. */
  readonly awaitedByCommands = false;

  async apply(em: EntityManager, event: RecordedEventOf<TaskEvent | CareRecipientEvent>): Promise<void> {
    switch (event.type) {
      case 'TaskScheduled': {
        const d = event.data;
        await em.execute(
          `INSERT INTO report_tasks (task_id, child_id, medication_id, name, category, scheduled_date, local_time, scheduled_time, status)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pending')
           ON CONFLICT (task_id) DO UPDATE SET child_id = excluded.child_id, medication_id = excluded.medication_id, name = excluded.name,
             category = excluded.category, scheduled_date = excluded.scheduled_date, local_time = excluded.local_time, scheduled_time = excluded.scheduled_time`,
          [d.taskId, d.childId, d.medicationId ?? null, d.name, d.category, d.scheduledDate, d.localTime, d.scheduledTime],
        );
        return this.retime(em, d.taskId);
      }
      case 'TaskUpdated':
      case 'AppointmentUpdated': {
        const d = event.data;
        const medication = 'medicationId' in d ? [true, d.medicationId ?? null] : [false, null];
        await em.execute(
          `UPDATE report_tasks SET name = coalesce(?, name), category = coalesce(?, category),
             medication_id = CASE WHEN ? THEN ? ELSE medication_id END,
             scheduled_date = coalesce(?::date, scheduled_date), local_time = coalesce(?, local_time), scheduled_time = coalesce(?::timestamptz, scheduled_time)
           WHERE task_id = ?`,
          [d.name ?? null, d.category ?? null, ...medication, d.scheduledDate ?? null, d.localTime ?? null, d.scheduledTime ?? null, d.taskId],
        );
        return this.retime(em, d.taskId);
      }
      case 'TaskCompleted': {
        const d = event.data;
        await em.execute(
          `UPDATE report_tasks SET status = 'completed', completed_at = ?, completed_by = ?, notes = ? WHERE task_id = ? AND status <> 'removed'`,
          [d.completedAt, d.completedBy, d.notes, d.taskId],
        );
        return this.retime(em, d.taskId);
      }
      case 'TaskUncompleted':
        await em.execute(
          `UPDATE report_tasks SET status = 'pending', completed_at = NULL, completed_by = NULL, notes = NULL, timing = NULL WHERE task_id = ? AND status <> 'removed'`,
          [event.data.taskId],
        );
        return;
      case 'TaskRemoved': {
        const d = event.data;
        await em.execute(
          `UPDATE report_tasks SET status = 'removed', removed_at = ?, removed_by = ?, removed_reason = ?, completed_at = NULL, completed_by = NULL, timing = NULL WHERE task_id = ?`,
          [d.removedAt, d.removedBy, d.reason, d.taskId],
        );
        return;
      }
      case 'CareRecipientRemoved':
        await em.execute('DELETE FROM report_tasks WHERE child_id = ?', [event.data.childId]);
        return;
      default:
        return;
    }
  }

  private async retime(em: EntityManager, taskId: string): Promise<void> {
    await em.execute(`UPDATE report_tasks SET timing = ${TIMING} WHERE task_id = ?`, [taskId]);
  }
}
