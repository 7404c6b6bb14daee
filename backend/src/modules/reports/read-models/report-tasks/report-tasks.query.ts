import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ON_TIME_GRACE_MINUTES, type AdherenceLine, type Medication, type TaskCategory, type TaskOutcome } from '@carecircle/libs';

/** One task of a recipient's history, as the CSV writes it. */
export interface HistoryRow {
  taskId: string;
  scheduledDate: string;
  localTime: string;
  name: string;
  category: TaskCategory;
  outcome: TaskOutcome;
  completedAt: string | null;
  completedBy: string | null;
  notes: string | null;
  removedAt: string | null;
  removedBy: string | null;
  removedReason: string | null;
}

/** Where a history page ends: the last row's day, time and id. */
export interface HistoryCursor {
  date: string;
  time: string;
  taskId: string;
}

/**
 * How a row ended, as of `now` (parameter 1 of the statement): given (its timing), removed, missed
 * when still pending past its time plus the on-time grace (it could no longer be on time), else not
 * due yet.
 */
const OUTCOME = `CASE WHEN status = 'removed' THEN 'removed'
  WHEN status = 'completed' THEN coalesce(timing, 'on_time')
  WHEN scheduled_time + interval '${ON_TIME_GRACE_MINUTES} minutes' < ?::timestamptz THEN 'missed'
  ELSE 'not_due' END`;

/** Medication tasks are grouped by their medication, or by their name when they name none. */
const MEDICATION_KEY = `coalesce('id:' || medication_id, 'name:' || lower(btrim(name)))`;

interface LineRow {
  key: string;
  medication_id: string | null;
  name: string;
  scheduled: string;
  on_time: string;
  early: string;
  late: string;
  missed: string;
  not_due: string;
  removed: string;
}

const byName = (a: AdherenceLine, b: AdherenceLine) => a.name.localeCompare(b.name) || (a.medicationId ?? '').localeCompare(b.medicationId ?? '');

/** Lines named and dosed as the recipient's medications are now (a line of a deleted medication keeps its tasks' name). */
export function withMedicationNames(lines: AdherenceLine[], medications: readonly Pick<Medication, 'id' | 'name' | 'dosage'>[]): AdherenceLine[] {
  const byId = new Map(medications.map((m) => [m.id, m]));
  return lines
    .map((line) => {
      const medication = line.medicationId ? byId.get(line.medicationId) : undefined;
      return medication ? { ...line, name: medication.name, dosage: medication.dosage } : line;
    })
    .sort(byName);
}

/** Reads only report_tasks (set-based, through its (child, date) index). */
@Injectable()
export class ReportTasksQuery {
  constructor(private readonly em: EntityManager) {}

  /**
   * Per medication, the doses scheduled in the range (both ends included) by outcome, and the reasons
   * doses were removed. Two grouped statements over the range's rows, whatever the recipient's history.
   * Lines carry the tasks' own name and no dose: `withMedicationNames` names them from the recipient's medications.
   */
  async adherence(childId: string, from: string, to: string, now: Date): Promise<AdherenceLine[]> {
    const em = this.em.fork();
    const range = `child_id = ? AND scheduled_date BETWEEN ?::date AND ?::date AND category = 'medication'`;
    const lines: LineRow[] = await em.execute(
      `SELECT key, min(medication_id) AS medication_id, min(name) AS name, count(*) AS scheduled,
         count(*) FILTER (WHERE outcome = 'on_time') AS on_time, count(*) FILTER (WHERE outcome = 'early') AS early,
         count(*) FILTER (WHERE outcome = 'late') AS late, count(*) FILTER (WHERE outcome = 'missed') AS missed,
         count(*) FILTER (WHERE outcome = 'not_due') AS not_due, count(*) FILTER (WHERE outcome = 'removed') AS removed
       FROM (SELECT ${MEDICATION_KEY} AS key, medication_id, name, ${OUTCOME} AS outcome FROM report_tasks WHERE ${range}) t
       GROUP BY key`,
      [now.toISOString(), childId, from, to],
    );
    const reasons: { key: string; reason: string; n: string }[] = await em.execute(
      `SELECT ${MEDICATION_KEY} AS key, removed_reason AS reason, count(*) AS n FROM report_tasks
       WHERE ${range} AND status = 'removed' GROUP BY 1, 2 ORDER BY 3 DESC, 2`,
      [childId, from, to],
    );
    return lines
      .map((row): AdherenceLine => {
        return {
          medicationId: row.medication_id,
          name: row.name,
          dosage: null,
          scheduled: Number(row.scheduled),
          onTime: Number(row.on_time),
          early: Number(row.early),
          late: Number(row.late),
          missed: Number(row.missed),
          notDue: Number(row.not_due),
          removed: Number(row.removed),
          removedReasons: reasons.filter((r) => r.key === row.key).map((r) => ({ reason: r.reason ?? '', count: Number(r.n) })),
        };
      })
      .sort(byName);
  }

  /** A page of the recipient's tasks in the range, in day and time order, after `after`: at most `size` rows. */
  async historyPage(childId: string, from: string, to: string, now: Date, { after = null, size }: { after?: HistoryCursor | null; size: number }): Promise<{ rows: HistoryRow[]; next: HistoryCursor | null }> {
    const rows: (Omit<HistoryRow, 'completedAt' | 'removedAt'> & { completedAt: Date | null; removedAt: Date | null; scheduledTime: string })[] = await this.em.fork().execute(
      `SELECT task_id AS "taskId", to_char(scheduled_date, 'YYYY-MM-DD') AS "scheduledDate", local_time AS "localTime",
         to_char(scheduled_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "scheduledTime", name, category,
         ${OUTCOME} AS outcome, completed_at AS "completedAt", completed_by AS "completedBy", notes,
         removed_at AS "removedAt", removed_by AS "removedBy", removed_reason AS "removedReason"
       FROM report_tasks WHERE child_id = ? AND scheduled_date BETWEEN ?::date AND ?::date
         ${after ? 'AND (scheduled_date, scheduled_time, task_id) > (?::date, ?::timestamptz, ?::uuid)' : ''}
       ORDER BY scheduled_date, scheduled_time, task_id LIMIT ?`,
      [now.toISOString(), childId, from, to, ...(after ? [after.date, after.time, after.taskId] : []), size + 1],
    );
    const kept = rows.slice(0, size);
    const last = kept[kept.length - 1];
    return {
      rows: kept.map(({ scheduledTime: _time, completedAt, removedAt, ...row }) => ({
        ...row,
        completedAt: completedAt ? new Date(completedAt).toISOString() : null,
        removedAt: removedAt ? new Date(removedAt).toISOString() : null,
      })),
      next: rows.length > size ? { date: last.scheduledDate, time: last.scheduledTime, taskId: last.taskId } : null,
    };
  }

  /** A page of every task id of the recipient, oldest first (the export reads each one's events). */
  async taskIds(childId: string, { after = null, size }: { after?: HistoryCursor | null; size: number }): Promise<{ ids: string[]; next: HistoryCursor | null }> {
    const rows: { task_id: string; date: string; time: string }[] = await this.em.fork().execute(
      `SELECT task_id, to_char(scheduled_date, 'YYYY-MM-DD') AS date, to_char(scheduled_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS time
       FROM report_tasks WHERE child_id = ?
         ${after ? 'AND (scheduled_date, scheduled_time, task_id) > (?::date, ?::timestamptz, ?::uuid)' : ''}
       ORDER BY scheduled_date, scheduled_time, task_id LIMIT ?`,
      [childId, ...(after ? [after.date, after.time, after.taskId] : []), size + 1],
    );
    const kept = rows.slice(0, size);
    const last = kept[kept.length - 1];
    return { ids: kept.map((r) => r.task_id), next: rows.length > size ? { date: last.date, time: last.time, taskId: last.task_id } : null };
  }
}
