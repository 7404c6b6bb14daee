import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { ReminderTask } from '../../domain/reminder-plan';

interface Row {
  task_id: string;
  child_id: string;
  name: string;
  category: string;
  is_urgent: boolean;
  status: 'pending' | 'completed';
  scheduled_date: string;
  scheduled_time: Date;
  local_time: string;
  timezone: string;
  appointment_reminders: ReminderTask['appointmentReminders'];
  acknowledged_for: Date | null;
}

const toTask = (row: Row): ReminderTask => ({
  taskId: row.task_id,
  childId: row.child_id,
  name: row.name,
  category: row.category,
  isUrgent: row.is_urgent,
  status: row.status,
  scheduledDate: row.scheduled_date,
  scheduledTime: new Date(row.scheduled_time).toISOString(),
  localTime: row.local_time,
  timezone: row.timezone,
  appointmentReminders: row.appointment_reminders,
  acknowledgedFor: row.acknowledged_for === null ? null : new Date(row.acknowledged_for).toISOString(),
});

/** Who cares for a recipient, as the reminder workers need it. */
export interface CareTeam {
  firstName: string;
  primaryUserId: string;
  /** Caregivers the recipient is shared with; `canEdit`: may give the dose. */
  shared: { userId: string; canEdit: boolean }[];
}

/** A task as the reminder workers read it, with its recipient's care team (null once the recipient is removed). */
export interface TaskWithTeam {
  task: ReminderTask;
  team: CareTeam | null;
}

@Injectable()
export class ReminderTasksQuery {
  constructor(private readonly em: EntityManager) {}

  async byId(taskId: string, em: EntityManager = this.em.fork()): Promise<ReminderTask | null> {
    const rows: Row[] = await em.execute('SELECT *, scheduled_date::text AS scheduled_date FROM reminder_tasks WHERE task_id = ?', [taskId]);
    return rows.length > 0 ? toTask(rows[0]) : null;
  }

  /** The task and its recipient's care team (from the notifications projection's own tables; null once removed), in one query. */
  async withTeam(taskId: string, em: EntityManager = this.em.fork()): Promise<TaskWithTeam | null> {
    return (await this.withTeams([taskId], em)).get(taskId) ?? null;
  }

  /**
   * withTeam for many tasks in one query (reminders due together, an outbox batch): the tasks found,
   * by id; a task not in reminder_tasks (not projected yet, or removed) is absent.
   */
  async withTeams(taskIds: string[], em: EntityManager = this.em.fork()): Promise<Map<string, TaskWithTeam>> {
    if (taskIds.length === 0) return new Map();
    const rows: (Row & { first_name: string | null; primary_caregiver_id: string | null; shared: CareTeam['shared'] | null })[] = await em.execute(
      `SELECT t.*, t.scheduled_date::text AS scheduled_date, c.first_name, c.primary_caregiver_id,
              (SELECT json_agg(json_build_object('userId', s.user_id, 'canEdit', s.can_edit) ORDER BY s.user_id) FROM notification_shares s WHERE s.child_id = t.child_id) AS shared
         FROM reminder_tasks t LEFT JOIN notification_children c ON c.child_id = t.child_id
        WHERE t.task_id IN (SELECT jsonb_array_elements_text(?::jsonb)::uuid)`,
      [JSON.stringify([...new Set(taskIds)])],
    );
    return new Map(
      rows.map((row) => {
        const team = row.primary_caregiver_id === null ? null : { firstName: row.first_name!, primaryUserId: row.primary_caregiver_id, shared: row.shared ?? [] };
        return [row.task_id, { task: toTask(row), team }];
      }),
    );
  }

  /** The recipient's care team as the notifications projection knows it; null once removed. */
  async teamOf(childId: string): Promise<CareTeam | null> {
    const rows: { first_name: string; primary_caregiver_id: string; shared: CareTeam['shared'] | null }[] = await this.em.fork().execute(
      `SELECT c.first_name, c.primary_caregiver_id,
              (SELECT json_agg(json_build_object('userId', s.user_id, 'canEdit', s.can_edit) ORDER BY s.user_id) FROM notification_shares s WHERE s.child_id = c.child_id) AS shared
         FROM notification_children c WHERE c.child_id = ?`,
      [childId],
    );
    return rows.length > 0 ? { firstName: rows[0].first_name, primaryUserId: rows[0].primary_caregiver_id, shared: rows[0].shared ?? [] } : null;
  }
}
