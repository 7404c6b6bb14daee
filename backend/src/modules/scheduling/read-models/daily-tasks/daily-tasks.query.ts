import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { compareTasks, isOverdue, type AppointmentDetails, type Priority, type Task, type TaskCategory } from '@carecircle/libs';
import { preparedRows } from '../../../../platform/database/prepared';
import { type RecipientOf } from '../../../care-recipients';
import { UsersQuery } from '../../../identity';

interface DailyTaskRow {
  id: string;
  child_id: string;
  child_name: string;
  template_id: string | null;
  name: string;
  category: TaskCategory;
  description: string | null;
  scheduled_time: Date;
  scheduled_date: string;
  local_time: string;
  timezone: string;
  status: 'pending' | 'completed';
  completed_at: Date | null;
  completed_by: string | null;
  notes: string | null;
  is_urgent: boolean;
  priority: Priority;
  image_url: string | null;
  medication_id: string | null;
  time_slot: string | null;
  task_group_id: string | null;
  time_specific_notes: string | null;
  appointment_details: AppointmentDetails | null;
}

const SELECT = `
  SELECT id, child_id, child_name, template_id, name, category, description, scheduled_time,
         to_char(scheduled_date, 'YYYY-MM-DD') AS scheduled_date, local_time, timezone, status, completed_at,
         completed_by, notes, is_urgent, priority, image_url, medication_id, time_slot, task_group_id,
         time_specific_notes, appointment_details
  FROM daily_tasks`;

/**
 * Reads only daily_tasks (and the users read model, through identity's query, for the name of who
 * completed a task). Answers in the spec's order: overdue, other pending, completed; by time within
 * each. isOverdue and isUrgentOverdue are computed from `now`.
 */
@Injectable()
export class DailyTasksQuery {
  constructor(
    private readonly em: EntityManager,
    private readonly users: UsersQuery,
  ) {}

  /** Tasks of these recipients on one local date (yyyy-mm-dd). */
  async onDate(childIds: string[], date: string, now: Date): Promise<Task[]> {
    if (childIds.length === 0) return [];
    return this.select(`${SELECT} WHERE child_id = ANY($1::uuid[]) AND scheduled_date = $2 ORDER BY scheduled_time, name, id`, [childIds, date], now);
  }

  /** How many tasks a recipient has on one local date (the tasks-a-day limit's count). */
  async countOn(childId: string, date: string): Promise<number> {
    const [row]: { n: string }[] = await this.em.fork().execute('SELECT count(*) AS n FROM daily_tasks WHERE child_id = ? AND scheduled_date = ?', [childId, date]);
    return Number(row.n);
  }

  /** Tasks of one recipient from startDate to endDate, both included. */
  async inRange(childId: string, startDate: string, endDate: string, now: Date): Promise<Task[]> {
    return this.select(
      `${SELECT} WHERE child_id = $1 AND scheduled_date BETWEEN $2 AND $3 ORDER BY scheduled_time, name, id`,
      [childId, startDate, endDate],
      now,
    );
  }

  /** A template's pending occurrences dated `fromDate` or later (a schedule change brings them in line). */
  async pendingOccurrences(templateId: string, fromDate: string): Promise<Pick<Task, 'id' | 'scheduledDate' | 'scheduledTime'>[]> {
    const rows: { id: string; scheduled_date: string; scheduled_time: Date }[] = await this.em.fork().execute(
      `SELECT id, to_char(scheduled_date, 'YYYY-MM-DD') AS scheduled_date, scheduled_time FROM daily_tasks
       WHERE template_id = ? AND status = 'pending' AND scheduled_date >= ? ORDER BY scheduled_time, id`,
      [templateId, fromDate],
    );
    return rows.map((r) => ({ id: r.id, scheduledDate: r.scheduled_date, scheduledTime: new Date(r.scheduled_time).toISOString() }));
  }

  /**
   * Tasks of these recipients and categories from startDate to endDate (both included), the earliest
   * first, at most `limit` (the calendar feed, docs/calendar.md).
   */
  async forCalendar(childIds: string[], categories: TaskCategory[], startDate: string, endDate: string, limit: number, now: Date): Promise<Task[]> {
    if (childIds.length === 0 || categories.length === 0) return [];
    const rows: DailyTaskRow[] = await this.em.fork().execute(
      `${SELECT} WHERE child_id IN (?) AND category IN (?) AND scheduled_date BETWEEN ? AND ? ORDER BY scheduled_time, id LIMIT ?`,
      [childIds, categories, startDate, endDate, limit],
    );
    return rows.map((row) => toTask(row, new Map(), now));
  }

  /**
   * Pending appointments of these recipients dated startDate to endDate (both included) and not yet
   * begun: the first `limit` by time, and how many there are (Settings, Calendar: Upcoming Appointments).
   */
  async upcomingAppointments(childIds: string[], startDate: string, endDate: string, limit: number, now: Date): Promise<{ items: Task[]; total: number }> {
    if (childIds.length === 0) return { items: [], total: 0 };
    const rows: (DailyTaskRow & { total: string })[] = await this.em.fork().execute(
      `SELECT * FROM (
         SELECT t.*, count(*) OVER () AS total FROM (${SELECT}
           WHERE child_id IN (?) AND category = 'appointment' AND status = 'pending' AND scheduled_date BETWEEN ? AND ? AND scheduled_time >= ?) t
       ) counted ORDER BY scheduled_time, name, id LIMIT ?`,
      [childIds, startDate, endDate, now, limit],
    );
    return { items: rows.map((row) => toTask(row, new Map(), now)), total: rows.length > 0 ? Number(rows[0].total) : 0 };
  }

  /** The tasks among `ids` that exist (not removed), as much as a generator needs to bring them in line. */
  async scheduleOf(ids: string[]): Promise<Pick<Task, 'id' | 'childId' | 'status' | 'scheduledDate' | 'localTime' | 'timezone' | 'scheduledTime'>[]> {
    if (ids.length === 0) return [];
    const rows: Pick<DailyTaskRow, 'id' | 'child_id' | 'status' | 'scheduled_date' | 'local_time' | 'timezone' | 'scheduled_time'>[] = await this.em
      .fork()
      .execute(
        `SELECT id, child_id, status, to_char(scheduled_date, 'YYYY-MM-DD') AS scheduled_date, local_time, timezone, scheduled_time
         FROM daily_tasks WHERE id IN (?) ORDER BY scheduled_time, id`,
        [ids],
      );
    return rows.map((r) => ({
      id: r.id,
      childId: r.child_id,
      status: r.status,
      scheduledDate: r.scheduled_date,
      localTime: r.local_time,
      timezone: r.timezone,
      scheduledTime: new Date(r.scheduled_time).toISOString(),
    }));
  }

  async byId(taskId: string, now: Date): Promise<Task | null> {
    const [task] = await this.select(`${SELECT} WHERE id = $1`, [taskId], now);
    return task ?? null;
  }

  /** The recipient a live task belongs to (access checks), or null. */
  /** The task's recipient, as a subquery for ChildrenQuery.getFor (the access check in one statement). */
  recipientOf(taskId: string): RecipientOf {
    return taskRecipientOf(taskId);
  }

  /** The day view and a task's reads, on every Today screen: prepared statements ($1, $2, ...). */
  private async select(sql: string, params: unknown[], now: Date): Promise<Task[]> {
    const rows = await preparedRows<DailyTaskRow>(this.em, sql, params);
    const names = await this.users.displayNames(rows.flatMap((r) => (r.completed_by ? [r.completed_by] : [])));
    return rows.map((row) => toTask(row, names, now)).sort(compareTasks(now));
  }
}

/** A live task's recipient, as a subquery (ChildrenQuery.getFor, recipientAccessPrefetch). */
export const taskRecipientOf = (taskId: string): RecipientOf => ({ sql: 'SELECT child_id FROM daily_tasks WHERE id = ?', params: [taskId] });

function toTask(row: DailyTaskRow, names: Map<string, string>, now: Date): Task {
  const scheduledTime = new Date(row.scheduled_time).toISOString();
  const overdue = isOverdue({ status: row.status, scheduledTime }, now);
  return {
    id: row.id,
    childId: row.child_id,
    childName: row.child_name,
    templateId: row.template_id,
    name: row.name,
    description: row.description,
    category: row.category,
    status: row.status,
    scheduledDate: row.scheduled_date,
    scheduledTime,
    localTime: row.local_time,
    timezone: row.timezone,
    completedAt: row.completed_at ? new Date(row.completed_at).toISOString() : null,
    completedBy: row.completed_by,
    completedByName: row.completed_by ? (names.get(row.completed_by) ?? null) : null,
    notes: row.notes,
    isUrgent: row.is_urgent,
    priority: row.priority,
    medicationId: row.medication_id,
    imageUrl: row.image_url,
    timeSlot: row.time_slot,
    taskGroupId: row.task_group_id,
    timeSpecificNotes: row.time_specific_notes,
    appointmentDetails: row.appointment_details,
    isOverdue: overdue,
    isUrgentOverdue: overdue && row.is_urgent,
  };
}
