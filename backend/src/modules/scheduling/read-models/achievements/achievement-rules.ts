import type { EntityManager } from '@mikro-orm/postgresql';
import type { Achievement } from '@carecircle/libs';
import { deterministicId } from '../../../../platform/projections/deterministic-id';

/**
 * Achievement rules (docs/scheduling.md). They read the recipient's daily_progress rows, which the
 * progress projection updates in the same transaction, so both read models stay in step:
 *
 * - daily_completion: every task of a day completed, and the day has at least 3 tasks.
 *   Once per recipient and day (period key: the date).
 * - weekly_streak: the day-streak reaches 7 (and again at 14, 21, ...): each full week of
 *   consecutive days with every task completed. Period key: the date the week was completed.
 * - monthly_consistency: 30 days in a row (and again at 60, 90, ...), each with tasks and a
 *   completion rate of at least 80%. Period key: the date the 30 days were completed.
 *
 * Earned is earned: unticking a task later does not take an achievement away. Inserting with the
 * period key's unique constraint makes awarding idempotent; ids are derived from the key, so a
 * rebuild reproduces them. Removing the recipient removes its achievements (progress projection).
 */
export const DAILY_COMPLETION_MIN_TASKS = 3;
export const WEEKLY_STREAK_DAYS = 7;
export const MONTHLY_CONSISTENCY_DAYS = 30;
export const MONTHLY_CONSISTENCY_MIN_RATE = 80;

export interface ProgressDay {
  date: string;
  totalTasks: number;
  completedTasks: number;
  completionRate: number;
  streakDays: number;
  consistentDays: number;
  /** Average completion rate of the MONTHLY_CONSISTENCY_DAYS days ending here. */
  monthRate: number;
}

export interface EarnedAchievement {
  type: Achievement['type'];
  periodKey: string;
  title: string;
  description: string;
  completionRate: number;
}

const shortDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** The achievements one day's progress earns (pure). */
export function achievementsEarnedOn(day: ProgressDay): EarnedAchievement[] {
  const earned: EarnedAchievement[] = [];
  if (day.totalTasks >= DAILY_COMPLETION_MIN_TASKS && day.completedTasks === day.totalTasks) {
    earned.push({
      type: 'daily_completion',
      periodKey: day.date,
      title: 'Perfect Day',
      description: `All ${day.totalTasks} tasks completed on ${shortDate(day.date)}`,
      completionRate: 100,
    });
  }
  if (day.streakDays > 0 && day.streakDays % WEEKLY_STREAK_DAYS === 0) {
    earned.push({
      type: 'weekly_streak',
      periodKey: day.date,
      title: day.streakDays === WEEKLY_STREAK_DAYS ? '7-Day Streak' : `${day.streakDays}-Day Streak`,
      description: `Every task completed ${day.streakDays} days in a row, through ${shortDate(day.date)}`,
      completionRate: 100,
    });
  }
  if (day.consistentDays > 0 && day.consistentDays % MONTHLY_CONSISTENCY_DAYS === 0) {
    earned.push({
      type: 'monthly_consistency',
      periodKey: day.date,
      title: 'Monthly Consistency',
      description: `At least ${MONTHLY_CONSISTENCY_MIN_RATE}% of tasks completed every day for ${MONTHLY_CONSISTENCY_DAYS} days, through ${shortDate(day.date)}`,
      completionRate: Math.round(day.monthRate * 100) / 100,
    });
  }
  return earned;
}

/** A daily_progress row as the award rules read it (month_rate: the window average, see ProgressDay). */
export interface ProgressDayRow {
  date: string;
  total_tasks: number;
  completed_tasks: number;
  completion_rate: string;
  streak_days: number;
  consistent_days: number;
  month_rate: string;
}

/** Awards what the given days of one recipient earn; days already awarded stay as they are. */
export async function awardAchievements(
  em: EntityManager,
  childId: string,
  dates: string[],
  earnedBy: { userId: string | null; earnedAt: string },
): Promise<void> {
  if (dates.length === 0) return;
  const rows: ProgressDayRow[] = await em.execute(
    `SELECT * FROM (
       SELECT to_char(date, 'YYYY-MM-DD') AS date, total_tasks, completed_tasks, completion_rate, streak_days, consistent_days,
              avg(completion_rate) OVER (ORDER BY date ROWS BETWEEN ${MONTHLY_CONSISTENCY_DAYS - 1} PRECEDING AND CURRENT ROW) AS month_rate
       FROM daily_progress WHERE child_id = ?
     ) days
     WHERE date IN (?)`,
    [childId, dates],
  );
  await awardEarned(em, childId, rows, earnedBy);
}

/** Awards what these days (already read) earn; days already awarded stay as they are. */
export async function awardEarned(
  em: EntityManager,
  childId: string,
  rows: ProgressDayRow[],
  earnedBy: { userId: string | null; earnedAt: string },
): Promise<void> {
  for (const row of rows) {
    const day: ProgressDay = {
      date: row.date,
      totalTasks: row.total_tasks,
      completedTasks: row.completed_tasks,
      completionRate: Number(row.completion_rate),
      streakDays: row.streak_days,
      consistentDays: row.consistent_days,
      monthRate: Number(row.month_rate),
    };
    for (const achievement of achievementsEarnedOn(day)) {
      await em.execute(
        `INSERT INTO achievements (id, user_id, child_id, type, period_key, title, description, earned_at, completion_rate)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (child_id, type, period_key) DO NOTHING`,
        [
          deterministicId('achievement', childId, achievement.type, achievement.periodKey),
          earnedBy.userId,
          childId,
          achievement.type,
          achievement.periodKey,
          achievement.title,
          achievement.description,
          earnedBy.earnedAt,
          achievement.completionRate,
        ],
      );
    }
  }
}
