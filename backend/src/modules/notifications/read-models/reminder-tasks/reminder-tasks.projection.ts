import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ESCALATION_LIMITS, type AppointmentReminder } from '@carecircle/libs';
import { BatchRows, type JsonRow } from '../../../../platform/projections/batch-rows';
import { ReadModelProjection, type Projection, type RecordedEventOf } from '../../../../platform/projections/projection';
import type { CareRecipientEvent } from '../../../care-recipients';
import { TASK_ROW_EVENTS, type TaskEvent } from '../../../scheduling';
import { jobsSince, mayHaveJobs, refillJobId, type ReminderTask } from '../../domain/reminder-plan';
import { APP_CONFIG, type AppConfig } from '../../../../config/app-config';
import { recordInOutbox, recordReplansInOutbox } from './reminder-outbox';
import { ReminderTasksQuery } from './reminder-tasks.query';

type Handled = TaskEvent | Extract<CareRecipientEvent, { type: 'CareRecipientRemoved' | 'MedicationStockLow' }>;

/** A refill reminder older than this when the scheduler sees it (a replay, an outage) is not pushed. */
const REFILL_PUSH_WITHIN_MS = 60 * 60 * 1000;

/**
 * The reminder scheduler's read model: keeps each task's name and times (`reminder_tasks`) and, as
 * tasks are scheduled, moved, completed, undone, acknowledged or removed, records in `reminder_outbox`
 * (same transaction) that the task's Bull jobs must be planned again; a fresh MedicationStockLow
 * records the job that pushes its refill reminder. ReminderSync applies the outbox to Redis after the
 * commit: Redis is never called inside this transaction, so a slow or absent Redis holds no other
 * projection back (an open transaction delays every reader of the event store) and loses nothing.
 * Jobs are only a schedule: when one fires, the task's decider says whether the reminder is still
 * due. Commands do not wait for it (awaitedByCommands: false).
 */
@Injectable()
@ReadModelProjection()
export class ReminderTasksProjection implements Projection<Handled> {
  readonly name = 'notifications.reminder-tasks';
  readonly liveTopic = 'reminders';
  readonly awaitedByCommands = false;
  readonly handles = [...TASK_ROW_EVENTS, 'TaskAlertAcknowledged', 'CareRecipientRemoved', 'MedicationStockLow'] as const;
  readonly tables = ['reminder_tasks'] as const;

  constructor(
    private readonly tasks: ReminderTasksQuery,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async apply(em: EntityManager, event: RecordedEventOf<Handled>): Promise<void> {
    switch (event.type) {
      case 'TaskScheduled': {
        const d = event.data;
        await em.execute(
          `INSERT INTO reminder_tasks (task_id, child_id, name, category, is_urgent, status, scheduled_date, scheduled_time, local_time, timezone, appointment_reminders)
           VALUES (?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?) ON CONFLICT (task_id) DO NOTHING`,
          [d.taskId, d.childId, d.name, d.category, d.isUrgent, d.scheduledDate, d.scheduledTime, d.localTime, d.timezone, JSON.stringify(reminders(d.appointmentDetails))],
        );
        return this.replan(em, d.taskId);
      }
      case 'TaskUpdated':
      case 'AppointmentUpdated': {
        const d = event.data;
        const changes: [string, unknown][] = [
          ['name', d.name],
          ['category', d.category],
          ['is_urgent', d.isUrgent],
          ['scheduled_date', d.scheduledDate],
          ['scheduled_time', d.scheduledTime],
          ['local_time', d.localTime],
          ['timezone', d.timezone],
          ['appointment_reminders', d.appointmentDetails === undefined ? undefined : JSON.stringify(reminders(d.appointmentDetails))],
        ];
        const set = changes.filter(([, value]) => value !== undefined);
        if (set.length > 0) {
          await em.execute(`UPDATE reminder_tasks SET ${set.map(([column]) => `${column} = ?`).join(', ')} WHERE task_id = ?`, [...set.map(([, v]) => v), d.taskId]);
        }
        return this.replan(em, d.taskId);
      }
      case 'TaskCompleted':
      case 'TaskUncompleted':
        // A tick, the commonest event: the status and replan() in one statement (they were three).
        await em.execute(
          `WITH ticked AS (UPDATE reminder_tasks SET status = ? WHERE task_id = ? RETURNING task_id, scheduled_time)
           INSERT INTO reminder_outbox (id, job) SELECT task_id::text, NULL FROM ticked WHERE scheduled_time > ?
           ON CONFLICT (id) DO UPDATE SET job = excluded.job, version = excluded.version`,
          [event.type === 'TaskCompleted' ? 'completed' : 'pending', event.data.taskId, new Date(this.oldestWithJobs()).toISOString()],
        );
        return;
      case 'TaskAlertAcknowledged':
        await em.execute('UPDATE reminder_tasks SET acknowledged_for = ? WHERE task_id = ?', [event.data.scheduledTime, event.data.taskId]);
        return this.replan(em, event.data.taskId);
      case 'TaskRemoved': {
        const task = await this.tasks.byId(event.data.taskId, em);
        await em.execute('DELETE FROM reminder_tasks WHERE task_id = ?', [event.data.taskId]);
        if (task && this.current(task)) await recordInOutbox(em, task.taskId, null); // no row: its jobs are cancelled
        return;
      }
      case 'CareRecipientRemoved':
        // Its tasks' jobs find no task when they fire, and send nothing.
        await em.execute('DELETE FROM reminder_tasks WHERE child_id = ?', [event.data.childId]);
        return;
      case 'MedicationStockLow':
        if (Date.parse(event.data.detectedAt) > Date.now() - REFILL_PUSH_WITHIN_MS) {
          await recordInOutbox(em, refillJobId(event.id), { kind: 'refill', childId: event.data.childId, eventId: event.id, fireAt: Date.now() });
        }
        return;
    }
  }

  /**
   * Several events at once (applyBatch): what `apply` does, on the batch's rows in memory (BatchRows); the tasks to plan again are
   * recorded in the outbox once each, in one statement, after the rows.
   */
  async applyBatch(em: EntityManager, events: RecordedEventOf<Handled>[]): Promise<void> {
    const tasks = new BatchRows('reminder_tasks', 'task_id');
    await tasks.load(em, 'task_id', events.flatMap((event) => ('taskId' in event.data ? [event.data.taskId] : [])));
    await tasks.load(em, 'child_id', events.flatMap((event) => (event.type === 'CareRecipientRemoved' ? [event.data.childId] : [])));
    const replans = new Set<string>();
    const refills: RecordedEventOf<Handled>[] = [];
    const replan = (taskId: string) => {
      const row = tasks.get(taskId);
      if (row && this.current(String(row.scheduled_time))) replans.add(taskId);
    };
    for (const event of events) {
      switch (event.type) {
        case 'TaskScheduled': {
          const d = event.data;
          if (!tasks.get(d.taskId)) {
            tasks.put({
              task_id: d.taskId, child_id: d.childId, name: d.name, category: d.category, is_urgent: d.isUrgent, status: 'pending',
              scheduled_date: d.scheduledDate, scheduled_time: d.scheduledTime, local_time: d.localTime, timezone: d.timezone,
              appointment_reminders: reminders(d.appointmentDetails), acknowledged_for: null,
            });
          }
          replan(d.taskId);
          break;
        }
        case 'TaskUpdated':
        case 'AppointmentUpdated': {
          const d = event.data;
          const changes: JsonRow = {
            name: d.name, category: d.category, is_urgent: d.isUrgent, scheduled_date: d.scheduledDate, scheduled_time: d.scheduledTime,
            local_time: d.localTime, timezone: d.timezone, appointment_reminders: d.appointmentDetails === undefined ? undefined : reminders(d.appointmentDetails),
          };
          tasks.patch(d.taskId, Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)));
          replan(d.taskId);
          break;
        }
        case 'TaskCompleted':
        case 'TaskUncompleted':
          tasks.patch(event.data.taskId, { status: event.type === 'TaskCompleted' ? 'completed' : 'pending' });
          replan(event.data.taskId);
          break;
        case 'TaskAlertAcknowledged':
          tasks.patch(event.data.taskId, { acknowledged_for: event.data.scheduledTime });
          replan(event.data.taskId);
          break;
        case 'TaskRemoved': {
          const row = tasks.get(event.data.taskId);
          tasks.delete({ task_id: event.data.taskId });
          if (row && this.current(String(row.scheduled_time))) replans.add(event.data.taskId);
          break;
        }
        case 'CareRecipientRemoved':
          for (const row of tasks.filter((task) => task.child_id === event.data.childId)) tasks.delete(row);
          break;
        case 'MedicationStockLow':
          refills.push(event);
          break;
      }
    }
    await tasks.flush(em);
    await recordReplansInOutbox(em, replans);
    for (const event of refills) await this.apply(em, event);
  }

  /** Whether the task is recent enough to have jobs: a replay of old history touches no queue. */
  private current(task: ReminderTask | string): boolean {
    return mayHaveJobs(typeof task === 'string' ? task : task.scheduledTime, Date.now(), ESCALATION_LIMITS.maxAfterMinutes, this.config.reminderMinuteMs);
  }

  /** current() as an instant: tasks scheduled after it. */
  private oldestWithJobs(): number {
    return jobsSince(Date.now(), ESCALATION_LIMITS.maxAfterMinutes, this.config.reminderMinuteMs);
  }

  private async replan(em: EntityManager, taskId: string): Promise<void> {
    const task = await this.tasks.byId(taskId, em);
    if (task && this.current(task)) await recordInOutbox(em, taskId, null);
  }
}

const reminders = (details: { reminders: AppointmentReminder[] } | null): AppointmentReminder[] => details?.reminders ?? [];
