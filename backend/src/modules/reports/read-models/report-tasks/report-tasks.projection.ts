import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { EARLY_COMPLETION_MINUTES, ON_TIME_GRACE_MINUTES } from '@carecircle/libs';
import { ReadModelProjection, type Projection, type RecordedEventOf } from '../../../../platform/projections/projection';
import type { CareRecipientEvent } from '../../../care-recipients';
import { TASK_ROW_EVENTS, type TaskEvent } from '../../../scheduling';

type Handled = RecordedEventOf<TaskEvent | CareRecipientEvent>;
type TaskRowType = (typeof TASK_ROW_EVENTS)[number];
/** `columns`: the JSON rows' columns and types; `sql`: the statement over them (`e`). */
interface Statement {
  columns: string;
  sql: string;
}

/**
 * libs' completionTiming in SQL over the given expressions (the rule and constants of
 * docs/scheduling.md "Timing", as daily_progress uses them): null unless completed; early more than
 * EARLY_COMPLETION_MINUTES before its time, on time up to ON_TIME_GRACE_MINUTES after, else late.
 */
const timing = (status: string, completedAt: string, scheduledTime: string) => `CASE WHEN ${status} <> 'completed' OR ${completedAt} IS NULL THEN NULL
  WHEN ${scheduledTime} - ${completedAt} > interval '${EARLY_COMPLETION_MINUTES} minutes' THEN 'early'
  WHEN ${completedAt} - ${scheduledTime} <= interval '${ON_TIME_GRACE_MINUTES} minutes' THEN 'on_time'
  ELSE 'late' END`;

/** TaskUpdated and AppointmentUpdated: the fields the event names (medicationId may be named to clear it). */
const UPDATED: Statement = {
  columns: 'task_id uuid, name text, category text, has_medication boolean, medication_id text, scheduled_date date, local_time text, scheduled_time timestamptz',
  sql: `UPDATE report_tasks r SET name = coalesce(e.name, r.name), category = coalesce(e.category, r.category),
      medication_id = CASE WHEN e.has_medication THEN e.medication_id ELSE r.medication_id END,
      scheduled_date = coalesce(e.scheduled_date, r.scheduled_date), local_time = coalesce(e.local_time, r.local_time),
      scheduled_time = coalesce(e.scheduled_time, r.scheduled_time),
      timing = ${timing('r.status', 'r.completed_at', 'coalesce(e.scheduled_time, r.scheduled_time)')}
    FROM e WHERE r.task_id = e.task_id`,
};

/**
 * One statement per event type for any number of tasks, each task at most once: the events' rows
 * come as one JSON array (`e`), so a batch of a hundred completions is one UPDATE. Every statement
 * sets the row's fields to what its event says and writes the timing from the row it leaves.
 */
const STATEMENTS: Record<TaskRowType, Statement> = {
  TaskScheduled: {
    columns: 'task_id uuid, child_id uuid, medication_id text, name text, category text, scheduled_date date, local_time text, scheduled_time timestamptz',
    sql: `INSERT INTO report_tasks AS r (task_id, child_id, medication_id, name, category, scheduled_date, local_time, scheduled_time, status)
      SELECT task_id, child_id, medication_id, name, category, scheduled_date, local_time, scheduled_time, 'pending' FROM e
      ON CONFLICT (task_id) DO UPDATE SET child_id = excluded.child_id, medication_id = excluded.medication_id, name = excluded.name,
        category = excluded.category, scheduled_date = excluded.scheduled_date, local_time = excluded.local_time, scheduled_time = excluded.scheduled_time,
        timing = ${timing('r.status', 'r.completed_at', 'excluded.scheduled_time')}`,
  },
  TaskUpdated: UPDATED,
  AppointmentUpdated: UPDATED,
  TaskCompleted: {
    columns: 'task_id uuid, completed_at timestamptz, completed_by uuid, notes text',
    sql: `UPDATE report_tasks r SET status = 'completed', completed_at = e.completed_at, completed_by = e.completed_by, notes = e.notes,
        timing = ${timing("'completed'", 'e.completed_at', 'r.scheduled_time')}
      FROM e WHERE r.task_id = e.task_id AND r.status <> 'removed'`,
  },
  TaskUncompleted: {
    columns: 'task_id uuid',
    sql: `UPDATE report_tasks r SET status = 'pending', completed_at = NULL, completed_by = NULL, notes = NULL, timing = NULL
      FROM e WHERE r.task_id = e.task_id AND r.status <> 'removed'`,
  },
  TaskRemoved: {
    columns: 'task_id uuid, removed_at timestamptz, removed_by uuid, removed_reason text',
    sql: `UPDATE report_tasks r SET status = 'removed', removed_at = e.removed_at, removed_by = e.removed_by, removed_reason = e.removed_reason,
        completed_at = NULL, completed_by = NULL, timing = NULL
      FROM e WHERE r.task_id = e.task_id`,
  },
};

/** The row an event's statement reads (its `e`), in the statement's column names. */
function rowOf(event: Handled): Record<string, unknown> {
  switch (event.type) {
    case 'TaskScheduled': {
      const d = event.data;
      return { task_id: d.taskId, child_id: d.childId, medication_id: d.medicationId ?? null, name: d.name, category: d.category, scheduled_date: d.scheduledDate, local_time: d.localTime, scheduled_time: d.scheduledTime };
    }
    case 'TaskUpdated':
    case 'AppointmentUpdated': {
      const d = event.data;
      return { task_id: d.taskId, name: d.name ?? null, category: d.category ?? null, has_medication: 'medicationId' in d, medication_id: d.medicationId ?? null,
        scheduled_date: d.scheduledDate ?? null, local_time: d.localTime ?? null, scheduled_time: d.scheduledTime ?? null };
    }
    case 'TaskCompleted':
      return { task_id: event.data.taskId, completed_at: event.data.completedAt, completed_by: event.data.completedBy, notes: event.data.notes };
    case 'TaskUncompleted':
      return { task_id: event.data.taskId };
    case 'TaskRemoved':
      return { task_id: event.data.taskId, removed_at: event.data.removedAt, removed_by: event.data.removedBy, removed_reason: event.data.reason };
    default:
      throw new Error(`report_tasks has no row for ${event.type}`);
  }
}

/**
 * report_tasks: one row per task, from the task events, removed tasks kept with their reason (the
 * adherence report counts them). Each event sets the row's fields to what the event says, so
 * applying it again changes nothing; a rebuild gives the same rows. A removed recipient's rows go.
 * Commands do not wait for it (a report may be a moment behind the last tick), so the projector
 * gathers events for a moment and applies them together (docs/event-store.md).
 *
 * One code path for one event and for many: the events are cut into runs in which no task appears
 * twice (a recipient's removal stands alone), and each run is one statement per event type: the
 * order of events of different tasks does not change their rows, so a run gives exactly the rows its
 * events give one at a time.
 */
@Injectable()
@ReadModelProjection()
export class ReportTasksProjection implements Projection<TaskEvent | CareRecipientEvent> {
  readonly name = 'reports.report-tasks';
  readonly handles = [...TASK_ROW_EVENTS, 'CareRecipientRemoved'] as const;
  readonly tables = ['report_tasks'] as const;
  /** Reports are read on demand, never right after a tick: completing a task does not wait for this table. */
  readonly awaitedByCommands = false;

  apply(em: EntityManager, event: Handled): Promise<void> {
    return this.applyBatch(em, [event]);
  }

  async applyBatch(em: EntityManager, events: Handled[]): Promise<void> {
    let run = new Map<string, Handled>();
    for (const event of events) {
      if (event.type === 'CareRecipientRemoved') {
        await this.applyRun(em, run);
        run = new Map();
        await em.execute('DELETE FROM report_tasks WHERE child_id = ?', [event.data.childId]);
        continue;
      }
      const taskId = (event.data as { taskId?: string }).taskId;
      if (taskId === undefined || !(event.type in STATEMENTS)) continue;
      if (run.has(taskId)) {
        await this.applyRun(em, run);
        run = new Map();
      }
      run.set(taskId, event);
    }
    await this.applyRun(em, run);
  }

  /** Events of distinct tasks: one statement per event type. */
  private async applyRun(em: EntityManager, run: Map<string, Handled>): Promise<void> {
    const byStatement = new Map<Statement, Record<string, unknown>[]>();
    for (const event of run.values()) {
      const statement = STATEMENTS[event.type as TaskRowType];
      const rows = byStatement.get(statement) ?? [];
      rows.push(rowOf(event));
      byStatement.set(statement, rows);
    }
    for (const [{ columns, sql }, rows] of byStatement) {
      await em.execute(`WITH e AS (SELECT * FROM jsonb_to_recordset(?::jsonb) AS e(${columns})) ${sql}`, [JSON.stringify(rows)]);
    }
  }
}
