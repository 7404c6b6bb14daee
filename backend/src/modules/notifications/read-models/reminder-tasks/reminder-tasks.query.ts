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
});

/** Who cares for a recipient, as the reminder workers need it. */
export interface CareTeam {
  firstName: string;
  primaryUserId: string;
  /** Caregivers the recipient is shared with; `canEdit`: may give the dose. */
  shared: { userId: string; canEdit: boolean }[];
}

@Injectable()
export class ReminderTasksQuery {
  constructor(private readonly em: EntityManager) {}

  async byId(taskId: string, em: EntityManager = this.em.fork()): Promise<ReminderTask | null> {
    const rows: Row[] = await em.execute('SELECT *, scheduled_date::text AS scheduled_date FROM reminder_tasks WHERE task_id = ?', [taskId]);
    return rows.length > 0 ? toTask(rows[0]) : null;
  }

  /** The recipient's care team (from the notifications projection's own tables); null once removed. */
  async careTeam(childId: string, em: EntityManager = this.em.fork()): Promise<CareTeam | null> {
    const [child]: { first_name: string; primary_caregiver_id: string }[] = await em.execute(
      'SELECT first_name, primary_caregiver_id FROM notification_children WHERE child_id = ?',
      [childId],
    );
    if (!child) return null;
    const shared: { user_id: string; can_edit: boolean }[] = await em.execute('SELECT user_id, can_edit FROM notification_shares WHERE child_id = ? ORDER BY user_id', [childId]);
    return { firstName: child.first_name, primaryUserId: child.primary_caregiver_id, shared: shared.map((s) => ({ userId: s.user_id, canEdit: s.can_edit })) };
  }
}
