import type { EntityManager } from '@mikro-orm/postgresql';
import { EARLY_COMPLETION_MINUTES, ON_TIME_GRACE_MINUTES } from '@carecircle/libs';
import type { CareRecipientEvent } from '../../../care-recipients';
import { BatchRows, type JsonRow } from '../../../../platform/projections/batch-rows';
import { deterministicId } from '../../../../platform/projections/deterministic-id';
import type { RecordedEventOf } from '../../../../platform/projections/projection';
import type { TaskEvent } from '../../domain/task';
import { achievementsEarnedOn, MONTHLY_CONSISTENCY_DAYS, MONTHLY_CONSISTENCY_MIN_RATE } from '../achievements/achievement-rules';

type Event = RecordedEventOf<TaskEvent | CareRecipientEvent>;
type EarnedBy = { userId: string | null; earnedAt: string };

const DAY_MS = 86_400_000;

/** The TIMING rule of the projection's SQL (libs' completionTiming). */
function timing(scheduledTime: string, completedAt: string | null): string | null {
  if (completedAt === null) return null;
  const before = Date.parse(scheduledTime) - Date.parse(completedAt);
  if (before > EARLY_COMPLETION_MINUTES * 60_000) return 'early';
  return -before <= ON_TIME_GRACE_MINUTES * 60_000 ? 'on_time' : 'late';
}

/** `round(completed * 100.0 / total, 2)` in hundredths (numeric rounds half away from zero). */
const hundredths = (completed: number, total: number): number => Math.floor((completed * 20_000 + total) / (2 * total));
const rateText = (completed: number, total: number): string => (hundredths(completed, total) / 100).toFixed(2);

/**
 * The progress projection's rebuild (Projection.applyBatch): the batch's task facts, their recipients'
 * days and achievements are read once, each event then does in memory what `apply` does in SQL
 * (a day recomputed from its tasks, a tick moving its day's counters and looking at streaks only when a
 * flag changed, streaks by consecutive dates, achievements of the days looked at, earned by that
 * event's actor at its time, the first award of a period kept), and the rows are written back in a
 * few multi-row statements. rebuild.e2e.spec.ts holds it to the rows `apply` leaves.
 */
export async function applyProgressBatch(em: EntityManager, events: Event[]): Promise<void> {
  const tasks = new BatchRows('progress_tasks', 'task_id');
  const days = new BatchRows('daily_progress', ['child_id', 'date']);
  const childIds = new Set(events.map((event) => event.data.childId));
  await tasks.load(em, 'child_id', childIds);
  await tasks.load(em, 'task_id', events.flatMap((event) => ('taskId' in event.data ? [event.data.taskId] : [])));
  await days.load(em, 'child_id', childIds);
  const awards = new Map<string, JsonRow>();
  const removedChildren = new Set<string>();

  const refresh = (childId: string, dates: string[], earnedBy: EarnedBy) => {
    const unique = [...new Set(dates)];
    for (const date of unique) {
      const list = tasks.filter((task) => task.child_id === childId && task.scheduled_date === date);
      if (list.length === 0) {
        days.delete({ child_id: childId, date });
        continue;
      }
      const completed = list.filter((task) => task.completed_at !== null).length;
      const before = days.get(days.keyOf({ child_id: childId, date }));
      days.put({
        child_id: childId,
        date,
        total_tasks: list.length,
        completed_tasks: completed,
        on_time_tasks: list.filter((task) => task.timing === 'on_time').length,
        completion_rate: rateText(completed, list.length),
        streak_days: before?.streak_days ?? 0,
        consistent_days: before?.consistent_days ?? 0,
        early_tasks: list.filter((task) => task.timing === 'early').length,
      });
    }
    restreak(childId, unique, earnedBy);
  };

  const restreak = (childId: string, dates: string[], earnedBy: EarnedBy) => {
    const rows = days.filter((day) => day.child_id === childId).sort((a, b) => String(a.date).localeCompare(String(b.date)));
    const rates = rows.map((day) => Math.round(Number(day.completion_rate) * 100));
    let previous: { date: number; streak: number; run: number } | null = null;
    rows.forEach((day, i) => {
      const date = Date.parse(String(day.date));
      const next = previous !== null && date - previous.date === DAY_MS ? previous : null;
      const streak = day.completed_tasks === day.total_tasks ? (next?.streak ?? 0) + 1 : 0;
      const run = rates[i] >= MONTHLY_CONSISTENCY_MIN_RATE * 100 ? (next?.run ?? 0) + 1 : 0;
      previous = { date, streak, run };
      const changed = day.streak_days !== streak || day.consistent_days !== run;
      if (changed) days.put({ ...day, streak_days: streak, consistent_days: run });
      if (!changed && !dates.includes(String(day.date))) return;
      const month = rates.slice(Math.max(0, i - MONTHLY_CONSISTENCY_DAYS + 1), i + 1);
      const earned = achievementsEarnedOn({
        date: String(day.date),
        totalTasks: Number(day.total_tasks),
        completedTasks: Number(day.completed_tasks),
        completionRate: rates[i] / 100,
        streakDays: streak,
        consistentDays: run,
        monthRate: month.reduce((sum, rate) => sum + rate, 0) / (month.length * 100),
      });
      for (const achievement of earned) {
        const key = `${childId}|${achievement.type}|${achievement.periodKey}`;
        if (awards.has(key)) continue;
        awards.set(key, {
          id: deterministicId('achievement', childId, achievement.type, achievement.periodKey),
          user_id: earnedBy.userId,
          child_id: childId,
          type: achievement.type,
          period_key: achievement.periodKey,
          title: achievement.title,
          description: achievement.description,
          earned_at: earnedBy.earnedAt,
          completion_rate: achievement.completionRate,
        });
      }
    });
  };

  for (const event of events) {
    const earnedBy = { userId: event.metadata.actorId, earnedAt: event.metadata.occurredAt };
    switch (event.type) {
      case 'TaskScheduled': {
        const { taskId, childId, scheduledDate, scheduledTime } = event.data;
        const before = tasks.get(taskId);
        const row: JsonRow = { ...(before ?? { task_id: taskId, completed_at: null }), child_id: childId, scheduled_date: scheduledDate, scheduled_time: scheduledTime };
        tasks.put({ ...row, timing: timing(scheduledTime, row.completed_at as string | null) });
        refresh(childId, [scheduledDate, ...(before ? [String(before.scheduled_date)] : [])], earnedBy);
        break;
      }
      case 'TaskCompleted':
      case 'TaskUncompleted': {
        const before = tasks.get(event.data.taskId);
        if (!before) break;
        const completedAt = event.type === 'TaskCompleted' ? event.data.completedAt : null;
        const after = { ...before, completed_at: completedAt, timing: timing(String(before.scheduled_time), completedAt) };
        tasks.put(after);
        const day = days.get(days.keyOf({ child_id: before.child_id, date: before.scheduled_date }));
        if (!day) break;
        const moved = (test: (task: JsonRow) => boolean) => Number(test(after)) - Number(test(before));
        const total = Number(day.total_tasks);
        const was = Number(day.completed_tasks);
        const now = was + moved((task) => task.completed_at !== null);
        days.put({
          ...day,
          completed_tasks: now,
          on_time_tasks: Number(day.on_time_tasks) + moved((task) => task.timing === 'on_time'),
          early_tasks: Number(day.early_tasks) + moved((task) => task.timing === 'early'),
          completion_rate: rateText(now, total),
        });
        const consistent = (completed: number) => hundredths(completed, total) >= MONTHLY_CONSISTENCY_MIN_RATE * 100;
        if (was === total !== (now === total) || consistent(was) !== consistent(now)) restreak(String(before.child_id), [String(before.scheduled_date)], earnedBy);
        break;
      }
      case 'TaskRemoved': {
        const before = tasks.get(event.data.taskId);
        if (!before) break;
        tasks.delete(before);
        refresh(String(before.child_id), [String(before.scheduled_date)], earnedBy);
        break;
      }
      case 'TaskUpdated':
      case 'AppointmentUpdated': {
        const { taskId, scheduledDate, scheduledTime } = event.data;
        if (scheduledDate === undefined && scheduledTime === undefined) break;
        const before = tasks.get(taskId);
        if (!before) break;
        const row: JsonRow = { ...before, scheduled_date: scheduledDate ?? before.scheduled_date, scheduled_time: scheduledTime ?? before.scheduled_time };
        tasks.put({ ...row, timing: timing(String(row.scheduled_time), row.completed_at as string | null) });
        refresh(String(before.child_id), [String(before.scheduled_date), ...(scheduledDate ? [scheduledDate] : [])], earnedBy);
        break;
      }
      case 'CareRecipientRemoved': {
        const { childId } = event.data;
        for (const task of tasks.filter((row) => row.child_id === childId)) tasks.delete(task);
        for (const day of days.filter((row) => row.child_id === childId)) days.delete(day);
        for (const [key, award] of awards) if (award.child_id === childId) awards.delete(key);
        removedChildren.add(childId);
        break;
      }
      case 'TaskBecameUrgentOverdue':
        break;
    }
  }

  await tasks.flush(em);
  await days.flush(em);
  if (removedChildren.size > 0) await em.execute('DELETE FROM achievements WHERE child_id IN (?)', [[...removedChildren]]);
  if (awards.size > 0) {
    const columns = 'id, user_id, child_id, type, period_key, title, description, earned_at, completion_rate';
    await em.execute(
      `INSERT INTO achievements (${columns}) SELECT ${columns} FROM jsonb_populate_recordset(NULL::achievements, ?::jsonb)
       ON CONFLICT (child_id, type, period_key) DO NOTHING`,
      [JSON.stringify([...awards.values()])],
    );
  }
}
