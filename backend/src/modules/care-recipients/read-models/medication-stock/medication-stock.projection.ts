import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_DOSE_AMOUNT, DEFAULT_MEDICATION_UNIT, DEFAULT_REFILL_THRESHOLD_DAYS } from '@carecircle/libs';
import { BatchRows, type JsonRow } from '../../../../platform/projections/batch-rows';
import { ReadModelProjection, type Projection, type RecordedEventOf } from '../../../../platform/projections/projection';
import { TASK_ROW_EVENTS, type TaskEvent, type TaskTemplateEvent } from '../../../scheduling/events';
import type { CareRecipientEvent } from '../../domain/care-recipient';

type Event = CareRecipientEvent | TaskEvent | TaskTemplateEvent;
type Schedule = { scheduledTimes: readonly string[]; daysOfWeek: readonly string[]; repeatInterval: number };

/** Doses a repeating schedule gives per week: times x selected weekdays, every repeatInterval-th day or week. */
/** A numeric(_, 2) value in hundredths, rounded as PostgreSQL casts it (half away from zero). */
function hundredths(value: unknown): number {
  const [whole, fraction = ''] = String(value).split('.');
  const digits = `${fraction}000`;
  const size = Math.abs(Number(whole)) * 100 + Number(digits.slice(0, 2)) + (Number(digits[2]) >= 5 ? 1 : 0);
  return whole.startsWith('-') ? -size : size;
}
const amount = (value: unknown): string | null => (value === null || value === undefined ? null : (hundredths(value) / 100).toFixed(2));

export const dosesPerWeek = ({ scheduledTimes, daysOfWeek, repeatInterval }: Schedule): number =>
  (scheduledTimes.length * new Set(daysOfWeek).size) / Math.max(1, repeatInterval);

/**
 * Medication stock, derived from events so a rebuild gives the same figures (docs/notifications.md,
 * "Refill reminders"):
 * - MedicationAdded / MedicationStockCounted set the stock (null: untracked); MedicationRefilled adds
 *   to the stock shown (a balance below 0 counts as 0); MedicationUpdated changes the settings.
 * - Scheduling's TaskCompleted of a task linked to a tracked medication takes the dose amount off and
 *   remembers what it took from which medication; TaskUncompleted gives exactly that back. A count
 *   after the dose forgets it (the count is the truth then). TaskRemoved changes no stock.
 * - The balance may go below 0 (more doses given than recorded): undo then returns to the same figure;
 *   it is shown as 0 and a refill starts from 0.
 * - Repeating schedules of a medication (task templates) give the scheduled rate.
 *
 * Each row keeps the position of the last event applied to it, so an event handed over twice changes
 * nothing (the runner never does; the rows do not rely on it).
 */
@Injectable()
@ReadModelProjection()
export class MedicationStockProjection implements Projection<Event> {
  readonly name = 'care-recipients.medication-stock';
  readonly liveTopic = 'medications';
  readonly handles = [
    'MedicationAdded',
    'MedicationUpdated',
    'MedicationRemoved',
    'MedicationStockCounted',
    'MedicationRefilled',
    'MedicationStockLow',
    'CareRecipientRemoved',
    ...TASK_ROW_EVENTS,
    'TaskTemplateCreated',
    'TaskTemplateScheduleChanged',
    'TaskTemplateDeactivated',
    'TaskTemplatePaused',
    'TaskTemplateResumed',
  ] as const;
  readonly tables = ['medication_stock', 'medication_stock_tasks', 'medication_stock_schedules'] as const;

  async apply(em: EntityManager, event: RecordedEventOf<Event>): Promise<void> {
    const position = event.position.toString();
    switch (event.type) {
      case 'MedicationAdded': {
        const { medicationId, childId, stock, doseAmount, unit, refillThresholdDays } = event.data;
        await em.execute(
          `INSERT INTO medication_stock (medication_id, child_id, stock, dose_amount, unit, refill_threshold_days, reminder_armed, position)
           VALUES (?, ?, ?, ?, ?, ?, true, ?) ON CONFLICT (medication_id) DO NOTHING`,
          [medicationId, childId, stock ?? null, doseAmount ?? DEFAULT_DOSE_AMOUNT, unit ?? DEFAULT_MEDICATION_UNIT, refillThresholdDays ?? DEFAULT_REFILL_THRESHOLD_DAYS, position],
        );
        return;
      }
      case 'MedicationUpdated': {
        const { medicationId, doseAmount, unit, refillThresholdDays } = event.data;
        await this.changeStock(em, medicationId, position, {
          dose_amount: doseAmount,
          unit,
          refill_threshold_days: refillThresholdDays,
        });
        return;
      }
      case 'MedicationRemoved':
        await em.execute('DELETE FROM medication_stock WHERE medication_id = ?', [event.data.medicationId]);
        return;
      case 'MedicationStockCounted': {
        const { medicationId, stock, reminderRearmed } = event.data;
        const changed = await this.changeStock(em, medicationId, position, { stock, ...(reminderRearmed ? { reminder_armed: true } : {}) });
        // Doses given before the count are in it: an undo of one of them gives nothing back.
        if (changed) await em.execute('UPDATE medication_stock_tasks SET counted_medication_id = NULL, counted_amount = NULL WHERE counted_medication_id = ?', [medicationId]);
        return;
      }
      case 'MedicationRefilled': {
        const { medicationId, amount, reminderRearmed } = event.data;
        await em.execute(
          `UPDATE medication_stock SET stock = GREATEST(COALESCE(stock, 0), 0) + ?, last_refill_amount = ?,
             reminder_armed = reminder_armed OR ?, position = ?
           WHERE medication_id = ? AND position < ?`,
          [amount, amount, reminderRearmed, position, medicationId, position],
        );
        return;
      }
      case 'MedicationStockLow':
        await this.changeStock(em, event.data.medicationId, position, { reminder_armed: false });
        return;
      case 'CareRecipientRemoved':
        for (const table of this.tables) await em.execute(`DELETE FROM ${table} WHERE child_id = ?`, [event.data.childId]);
        return;
      case 'TaskScheduled': {
        const { taskId, childId, medicationId, scheduledTime } = event.data;
        await em.execute(
          `INSERT INTO medication_stock_tasks (task_id, child_id, medication_id, scheduled_time, completed, position)
           VALUES (?, ?, ?, ?, false, ?) ON CONFLICT (task_id) DO NOTHING`,
          [taskId, childId, medicationId, scheduledTime, position],
        );
        return;
      }
      case 'TaskUpdated':
      case 'AppointmentUpdated': {
        const { taskId, medicationId, scheduledTime } = event.data;
        const sets: string[] = [];
        const values: unknown[] = [];
        if (medicationId !== undefined) {
          sets.push('medication_id = ?');
          values.push(medicationId);
        }
        if (scheduledTime !== undefined) {
          sets.push('scheduled_time = ?');
          values.push(scheduledTime);
        }
        if (sets.length === 0) return;
        await em.execute(`UPDATE medication_stock_tasks SET ${sets.join(', ')}, position = ? WHERE task_id = ? AND position < ?`, [...values, position, taskId, position]);
        return;
      }
      case 'TaskCompleted': {
        // The dose comes off the task's medication if its stock is tracked; what was taken is remembered
        // for an undo. One statement (a tick's hot path): `plain` runs only when `counted` changed nothing.
        await em.execute(
          `WITH counted AS (
             UPDATE medication_stock_tasks t SET completed = true, position = ?,
               counted_medication_id = s.medication_id, counted_amount = s.dose_amount
             FROM medication_stock s
             WHERE t.task_id = ? AND t.position < ? AND NOT t.completed AND s.medication_id = t.medication_id AND s.stock IS NOT NULL AND s.position < ?
             RETURNING s.medication_id, s.dose_amount
           ), plain AS (
             UPDATE medication_stock_tasks SET completed = true, position = ?
             WHERE task_id = ? AND position < ? AND NOT EXISTS (SELECT 1 FROM counted)
           )
           UPDATE medication_stock m SET stock = m.stock - c.dose_amount, position = ?
           FROM counted c WHERE m.medication_id = c.medication_id AND m.stock IS NOT NULL AND m.position < ?`,
          [position, event.data.taskId, position, position, position, event.data.taskId, position, position, position],
        );
        return;
      }
      case 'TaskUncompleted': {
        const rows: { medication_id: string | null; amount: string | null }[] = await em.execute(
          `UPDATE medication_stock_tasks t SET completed = false, position = ?, counted_medication_id = NULL, counted_amount = NULL
           FROM (SELECT task_id, counted_medication_id, counted_amount FROM medication_stock_tasks WHERE task_id = ?) before
           WHERE t.task_id = before.task_id AND t.position < ? AND t.completed
           RETURNING before.counted_medication_id AS medication_id, before.counted_amount AS amount`,
          [position, event.data.taskId, position],
        );
        const counted = rows[0];
        if (counted?.medication_id && counted.amount !== null) {
          await em.execute('UPDATE medication_stock SET stock = stock + ?, position = ? WHERE medication_id = ? AND stock IS NOT NULL AND position < ?', [counted.amount, position, counted.medication_id, position]);
        }
        return;
      }
      case 'TaskRemoved':
        // A dose given stays given: removing the task gives nothing back.
        await em.execute('DELETE FROM medication_stock_tasks WHERE task_id = ?', [event.data.taskId]);
        return;
      case 'TaskTemplateCreated': {
        const { templateId, childId, medicationId, isRepeating, repeatStartDate, repeatEndDate } = event.data;
        await em.execute(
          `INSERT INTO medication_stock_schedules (template_id, child_id, medication_id, doses_per_week, is_repeating, is_active, is_paused, repeat_start_date, repeat_end_date)
           VALUES (?, ?, ?, ?, ?, true, false, ?, ?) ON CONFLICT (template_id) DO NOTHING`,
          [templateId, childId, medicationId, dosesPerWeek(event.data), isRepeating, repeatStartDate, repeatEndDate],
        );
        return;
      }
      case 'TaskTemplateScheduleChanged': {
        const { templateId, details } = event.data;
        await em.execute(
          'UPDATE medication_stock_schedules SET medication_id = ?, doses_per_week = ?, is_repeating = ?, repeat_start_date = ?, repeat_end_date = ? WHERE template_id = ?',
          [details.medicationId, dosesPerWeek(details), details.isRepeating, details.repeatStartDate, details.repeatEndDate, templateId],
        );
        return;
      }
      case 'TaskTemplateDeactivated':
        await em.execute('UPDATE medication_stock_schedules SET is_active = false WHERE template_id = ?', [event.data.templateId]);
        return;
      case 'TaskTemplatePaused':
      case 'TaskTemplateResumed':
        await em.execute('UPDATE medication_stock_schedules SET is_paused = ? WHERE template_id = ?', [event.type === 'TaskTemplatePaused', event.data.templateId]);
        return;
      default:
        return;
    }
  }

  /**
   * Several events at once (applyBatch): what `apply` does, on the batch's rows in memory (BatchRows), amounts in hundredths as
   * the numeric(_, 2) columns hold them. Positions only grow in a replay, so every row guard holds.
   */
  async applyBatch(em: EntityManager, events: RecordedEventOf<Event>[]): Promise<void> {
    const stock = new BatchRows('medication_stock', 'medication_id');
    const tasks = new BatchRows('medication_stock_tasks', 'task_id');
    const schedules = new BatchRows('medication_stock_schedules', 'template_id');
    const data = (event: RecordedEventOf<Event>) => event.data as Record<string, unknown>;
    const ids = (field: string) => events.flatMap((event) => (typeof data(event)[field] === 'string' ? [data(event)[field] as string] : []));
    const removed = events.flatMap((event) => (event.type === 'CareRecipientRemoved' ? [event.data.childId] : []));
    const counted = events.flatMap((event) => (event.type === 'MedicationStockCounted' ? [event.data.medicationId] : []));
    await tasks.load(em, 'task_id', ids('taskId'));
    await tasks.load(em, 'counted_medication_id', counted);
    await tasks.load(em, 'child_id', removed);
    const taskMedications = tasks.filter(() => true).flatMap((task) => [task.medication_id, task.counted_medication_id].filter((id): id is string => typeof id === 'string'));
    await stock.load(em, 'medication_id', [...ids('medicationId'), ...taskMedications]);
    await stock.load(em, 'child_id', removed);
    await schedules.load(em, 'template_id', ids('templateId'));
    await schedules.load(em, 'child_id', removed);
    const changeStock = (medicationId: string, position: string, columns: JsonRow): boolean => {
      const given = Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
      if (Object.keys(given).length === 0 || !stock.get(medicationId)) return false;
      stock.patch(medicationId, { ...given, position });
      return true;
    };
    for (const event of events) {
      const position = event.position.toString();
      switch (event.type) {
        case 'MedicationAdded': {
          const { medicationId, childId, stock: count, doseAmount, unit, refillThresholdDays } = event.data;
          if (stock.get(medicationId)) break;
          stock.put({
            medication_id: medicationId, child_id: childId, stock: amount(count), dose_amount: amount(doseAmount ?? DEFAULT_DOSE_AMOUNT),
            unit: unit ?? DEFAULT_MEDICATION_UNIT, refill_threshold_days: refillThresholdDays ?? DEFAULT_REFILL_THRESHOLD_DAYS,
            last_refill_amount: null, reminder_armed: true, position,
          });
          break;
        }
        case 'MedicationUpdated': {
          const { medicationId, doseAmount, unit, refillThresholdDays } = event.data;
          changeStock(medicationId, position, { dose_amount: doseAmount === undefined ? undefined : amount(doseAmount), unit, refill_threshold_days: refillThresholdDays });
          break;
        }
        case 'MedicationRemoved':
          stock.delete({ medication_id: event.data.medicationId });
          break;
        case 'MedicationStockCounted': {
          const { medicationId, stock: count, reminderRearmed } = event.data;
          const changed = changeStock(medicationId, position, { stock: count === undefined ? undefined : amount(count), ...(reminderRearmed ? { reminder_armed: true } : {}) });
          if (!changed) break;
          for (const task of tasks.filter((row) => row.counted_medication_id === medicationId)) {
            tasks.patch(String(task.task_id), { counted_medication_id: null, counted_amount: null });
          }
          break;
        }
        case 'MedicationRefilled': {
          const { medicationId, amount: refill, reminderRearmed } = event.data;
          const row = stock.get(medicationId);
          if (!row) break;
          stock.patch(medicationId, {
            stock: amount((Math.max(hundredths(row.stock ?? 0), 0) + hundredths(refill)) / 100),
            last_refill_amount: amount(refill),
            reminder_armed: Boolean(row.reminder_armed) || Boolean(reminderRearmed),
            position,
          });
          break;
        }
        case 'MedicationStockLow':
          changeStock(event.data.medicationId, position, { reminder_armed: false });
          break;
        case 'CareRecipientRemoved': {
          const ofChild = (row: JsonRow) => row.child_id === event.data.childId;
          for (const row of stock.filter(ofChild)) stock.delete(row);
          for (const row of tasks.filter(ofChild)) tasks.delete(row);
          for (const row of schedules.filter(ofChild)) schedules.delete(row);
          break;
        }
        case 'TaskScheduled': {
          const { taskId, childId, medicationId, scheduledTime } = event.data;
          if (tasks.get(taskId)) break;
          tasks.put({
            task_id: taskId, child_id: childId, medication_id: medicationId, scheduled_time: scheduledTime, completed: false,
            counted_medication_id: null, counted_amount: null, position,
          });
          break;
        }
        case 'TaskUpdated':
        case 'AppointmentUpdated': {
          const { taskId, medicationId, scheduledTime } = event.data;
          const changes = Object.fromEntries(Object.entries({ medication_id: medicationId, scheduled_time: scheduledTime }).filter(([, value]) => value !== undefined));
          if (Object.keys(changes).length > 0) tasks.patch(taskId, { ...changes, position });
          break;
        }
        case 'TaskCompleted': {
          const task = tasks.get(event.data.taskId);
          if (!task) break;
          const medication = task.completed ? undefined : stock.get(String(task.medication_id));
          if (medication && medication.stock !== null) {
            tasks.patch(event.data.taskId, { completed: true, position, counted_medication_id: medication.medication_id, counted_amount: medication.dose_amount });
            stock.patch(String(medication.medication_id), { stock: amount((hundredths(medication.stock) - hundredths(medication.dose_amount)) / 100), position });
          } else {
            tasks.patch(event.data.taskId, { completed: true, position });
          }
          break;
        }
        case 'TaskUncompleted': {
          const task = tasks.get(event.data.taskId);
          if (!task?.completed) break;
          tasks.patch(event.data.taskId, { completed: false, position, counted_medication_id: null, counted_amount: null });
          const medication = typeof task.counted_medication_id === 'string' ? stock.get(task.counted_medication_id) : undefined;
          if (medication && task.counted_amount !== null && medication.stock !== null) {
            stock.patch(String(medication.medication_id), { stock: amount((hundredths(medication.stock) + hundredths(task.counted_amount)) / 100), position });
          }
          break;
        }
        case 'TaskRemoved':
          tasks.delete({ task_id: event.data.taskId });
          break;
        case 'TaskTemplateCreated': {
          const { templateId, childId, medicationId, isRepeating, repeatStartDate, repeatEndDate } = event.data;
          if (schedules.get(templateId)) break;
          schedules.put({
            template_id: templateId, child_id: childId, medication_id: medicationId, doses_per_week: dosesPerWeek(event.data), is_repeating: isRepeating,
            is_active: true, is_paused: false, repeat_end_date: repeatEndDate, repeat_start_date: repeatStartDate,
          });
          break;
        }
        case 'TaskTemplateScheduleChanged': {
          const { templateId, details } = event.data;
          schedules.patch(templateId, {
            medication_id: details.medicationId, doses_per_week: dosesPerWeek(details), is_repeating: details.isRepeating,
            repeat_start_date: details.repeatStartDate, repeat_end_date: details.repeatEndDate,
          });
          break;
        }
        case 'TaskTemplateDeactivated':
          schedules.patch(event.data.templateId, { is_active: false });
          break;
        case 'TaskTemplatePaused':
        case 'TaskTemplateResumed':
          schedules.patch(event.data.templateId, { is_paused: event.type === 'TaskTemplatePaused' });
          break;
        default:
          break;
      }
    }
    await stock.flush(em);
    await tasks.flush(em);
    await schedules.flush(em);
  }

  /** Sets the given columns (undefined ones stay) unless the row has seen this event; answers whether it changed. */
  private async changeStock(em: EntityManager, medicationId: string, position: string, columns: Record<string, unknown>): Promise<boolean> {
    const given = Object.entries(columns).filter(([, value]) => value !== undefined);
    if (given.length === 0) return false;
    const rows: unknown[] = await em.execute(
      `UPDATE medication_stock SET ${given.map(([column]) => `${column} = ?`).join(', ')}, position = ?
       WHERE medication_id = ? AND position < ? RETURNING medication_id`,
      [...given.map(([, value]) => value), position, medicationId, position],
    );
    return rows.length > 0;
  }
}
