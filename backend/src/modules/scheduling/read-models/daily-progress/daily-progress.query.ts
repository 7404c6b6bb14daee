import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Progress } from '@carecircle/libs';

interface DayRow {
  date: string;
  total_tasks: number;
  completed_tasks: number;
  on_time_tasks: number;
  early_tasks: number;
  streak_days: number;
}

const previousDate = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part * 100) / whole));

/**
 * The progress strip for one recipient's day (docs/scheduling.md):
 * - completionRate: completed tasks of the day, as a whole percentage of its tasks (0 without tasks);
 * - onTimeRate: tasks completed on time (libs' completionTiming: from an hour before their time to
 *   ON_TIME_GRACE_MINUTES after), same base; earlyRate: those completed more than an hour before;
 * - streak: the days in a row up to yesterday with every task completed, plus today once today's
 *   tasks are all completed (today still in progress does not break it).
 */
@Injectable()
export class DailyProgressQuery {
  constructor(private readonly em: EntityManager) {}

  async forDay(childId: string, today: string): Promise<Progress> {
    const yesterday = previousDate(today);
    const rows: DayRow[] = await this.em.fork().execute(
      `SELECT to_char(date, 'YYYY-MM-DD') AS date, total_tasks, completed_tasks, on_time_tasks, early_tasks, streak_days
       FROM daily_progress WHERE child_id = ? AND date IN (?, ?)`,
      [childId, today, yesterday],
    );
    const day = rows.find((r) => r.date === today);
    const before = rows.find((r) => r.date === yesterday);
    const todayComplete = day !== undefined && day.completed_tasks === day.total_tasks;
    return {
      completionRate: day ? percent(day.completed_tasks, day.total_tasks) : 0,
      onTimeRate: day ? percent(day.on_time_tasks, day.total_tasks) : 0,
      earlyRate: day ? percent(day.early_tasks, day.total_tasks) : 0,
      streak: todayComplete ? day.streak_days : (before?.streak_days ?? 0),
    };
  }
}
