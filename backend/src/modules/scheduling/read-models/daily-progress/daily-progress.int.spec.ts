import { randomUUID } from 'node:crypto';
import { useProjectionHarness } from '../../../../test-support/projection-harness';
import { AchievementsQuery } from '../achievements/achievements.query';
import { DailyProgressProjection } from './daily-progress.projection';
import { DailyProgressQuery } from './daily-progress.query';
import { NO_TASK_DETAILS } from '../../../../test-support/task-details';

describe('daily progress and achievements read models (PostgreSQL)', () => {
  const h = useProjectionHarness();
  const projection = new DailyProgressProjection();

  const caregiver = '10000000-0000-4000-8000-000000000001';
  const newChild = () => randomUUID();
  const at = (date: string, time: string) => `${date}T${time}:00.000Z`;
  const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

  const schedule = (childId: string, date: string, time = '08:00', taskId = randomUUID()) => ({
    taskId,
    event: h.record(`task-${taskId}`, {
      type: 'TaskScheduled',
      data: {
        taskId, childId, templateId: null, scheduledBy: caregiver, scheduledAt: at(date, '00:00'), name: 'Meds',
        category: 'medication', priority: 'medium', isUrgent: false, ...NO_TASK_DETAILS,
        scheduledDate: date, localTime: time, timezone: 'UTC', scheduledTime: at(date, time),
      },
    }),
  });
  const complete = (childId: string, taskId: string, completedAt: string) =>
    h.record(`task-${taskId}`, { type: 'TaskCompleted', data: { taskId, childId, notes: null, completedBy: caregiver, completedAt } });
  const uncomplete = (childId: string, taskId: string) =>
    h.record(`task-${taskId}`, { type: 'TaskUncompleted', data: { taskId, childId, uncompletedBy: caregiver, uncompletedAt: new Date().toISOString() } });
  const remove = (childId: string, taskId: string) =>
    h.record(`task-${taskId}`, { type: 'TaskRemoved', data: { taskId, childId, reason: 'not needed', removedBy: caregiver, removedAt: new Date().toISOString() } });

  /** Schedules `count` tasks on `date` and completes `done` of them on time. */
  const day = async (childId: string, date: string, count: number, done = count) => {
    const tasks = Array.from({ length: count }, (_, i) => schedule(childId, date, `0${i}:00`.slice(-5)));
    await h.apply(projection, tasks.map((t) => t.event));
    await h.apply(projection, tasks.slice(0, done).map((t, i) => complete(childId, t.taskId, at(date, `0${i}:10`.slice(-5)))));
    return tasks.map((t) => t.taskId);
  };
  const progressRow = async (childId: string, date: string) =>
    (await h.em().execute(`SELECT total_tasks, completed_tasks, on_time_tasks, early_tasks, completion_rate, streak_days FROM daily_progress WHERE child_id = ? AND date = ?`, [childId, date]))[0];
  const query = () => new DailyProgressQuery(h.orm.em);
  const achievements = (childId: string) => new AchievementsQuery(h.orm.em).forChildren([childId]);

  it('counts totals, completions and on-time completions per day; uncomplete, remove and move adjust them', async () => {
    const child = newChild();
    const a = schedule(child, '2026-11-20', '08:00');
    const b = schedule(child, '2026-11-20', '09:00');
    const c = schedule(child, '2026-11-20', '10:00');
    const d = schedule(child, '2026-11-20', '11:00');
    await h.apply(projection, [a.event, b.event, c.event, d.event]);
    await h.apply(projection, [
      complete(child, a.taskId, at('2026-11-20', '07:45')), // 15 minutes before: on time
      complete(child, b.taskId, at('2026-11-20', '09:30')), // at the grace limit: on time
      complete(child, c.taskId, at('2026-11-20', '10:31')), // late
    ]);
    expect(await query().forDay(child, '2026-11-20')).toEqual({ completionRate: 75, onTimeRate: 50, earlyRate: 0, streak: 0 });

    await h.apply(projection, [uncomplete(child, a.taskId)]);
    expect(await query().forDay(child, '2026-11-20')).toMatchObject({ completionRate: 50, onTimeRate: 25 });

    await h.apply(projection, [remove(child, d.taskId)]);
    expect(await progressRow(child, '2026-11-20')).toMatchObject({ total_tasks: 3, completed_tasks: 2, completion_rate: '66.67' });

    // Moving a task to another day moves it between the days' counts.
    await h.apply(projection, [
      h.record(`task-${c.taskId}`, {
        type: 'TaskUpdated',
        data: { taskId: c.taskId, childId: child, scheduledDate: '2026-11-21', localTime: '10:00', timezone: 'UTC', scheduledTime: at('2026-11-21', '10:00'), updatedBy: caregiver, updatedAt: new Date().toISOString() },
      }),
    ]);
    expect(await progressRow(child, '2026-11-20')).toMatchObject({ total_tasks: 2, completed_tasks: 1 });
    // Done the day before its new time: early, not on time (the timing follows the task's time).
    expect(await progressRow(child, '2026-11-21')).toMatchObject({ total_tasks: 1, completed_tasks: 1, on_time_tasks: 0, early_tasks: 1 });

    // A day left without tasks has no row.
    await h.apply(projection, [remove(child, c.taskId)]);
    expect(await progressRow(child, '2026-11-21')).toBeUndefined();
    expect(await query().forDay(child, '2026-11-21')).toEqual({ completionRate: 0, onTimeRate: 0, earlyRate: 0, streak: 0 });
  });

  it('an early completion (more than an hour before) counts as completed and early, not on time; moving the task re-times it', async () => {
    const child = newChild();
    const early = schedule(child, '2026-11-10', '20:00');
    const hourBefore = schedule(child, '2026-11-10', '12:00');
    const pending = schedule(child, '2026-11-10', '22:00');
    await h.apply(projection, [early.event, hourBefore.event, pending.event]);
    await h.apply(projection, [
      complete(child, early.taskId, at('2026-11-10', '08:05')), // 12 hours before
      complete(child, hourBefore.taskId, at('2026-11-10', '11:00')), // exactly an hour before: on time
    ]);
    expect(await query().forDay(child, '2026-11-10')).toEqual({ completionRate: 67, onTimeRate: 33, earlyRate: 33, streak: 0 });
    const timing = async (taskId: string) => (await h.em().execute(`SELECT timing FROM progress_tasks WHERE task_id = ?`, [taskId]))[0].timing;
    expect(await timing(early.taskId)).toBe('early');
    expect(await timing(pending.taskId)).toBeNull();

    // The dose's time moved to the morning: the same completion is now on time.
    await h.apply(projection, [
      h.record(`task-${early.taskId}`, {
        type: 'TaskUpdated',
        data: { taskId: early.taskId, childId: child, localTime: '08:00', scheduledTime: at('2026-11-10', '08:00'), updatedBy: caregiver, updatedAt: at('2026-11-10', '09:00') },
      }),
    ]);
    expect(await query().forDay(child, '2026-11-10')).toMatchObject({ onTimeRate: 67, earlyRate: 0 });

    // Unticked: neither.
    await h.apply(projection, [uncomplete(child, hourBefore.taskId)]);
    expect(await timing(hourBefore.taskId)).toBeNull();
    expect(await query().forDay(child, '2026-11-10')).toMatchObject({ completionRate: 33, onTimeRate: 33, earlyRate: 0 });
  });

  it('streak: days in a row up to yesterday with every task done, plus today once complete; a gap or an unfinished day breaks it', async () => {
    const child = newChild();
    await day(child, '2026-11-01', 2);
    await day(child, '2026-11-02', 2, 1); // unfinished: breaks
    await day(child, '2026-11-03', 1);
    await day(child, '2026-11-04', 2);
    await day(child, '2026-11-05', 1);
    const today = await day(child, '2026-11-06', 2, 1);
    expect(await query().forDay(child, '2026-11-06')).toMatchObject({ streak: 3, completionRate: 50 });
    await h.apply(projection, [complete(child, today[1], at('2026-11-06', '01:05'))]);
    expect(await query().forDay(child, '2026-11-06')).toEqual({ completionRate: 100, onTimeRate: 100, earlyRate: 0, streak: 4 });

    // Finishing the old unfinished day joins the two streaks.
    const rows: { task_id: string }[] = await h.em().execute(
      `SELECT task_id FROM progress_tasks WHERE child_id = ? AND scheduled_date = '2026-11-02' AND completed_at IS NULL`,
      [child],
    );
    await h.apply(projection, [complete(child, rows[0].task_id, at('2026-11-02', '01:05'))]);
    expect(await query().forDay(child, '2026-11-06')).toMatchObject({ streak: 6 });
    // A day without tasks (Nov 8) breaks it; today in progress keeps yesterday's streak.
    await day(child, '2026-11-09', 1, 0);
    expect(await query().forDay(child, '2026-11-09')).toMatchObject({ streak: 0 });
    expect(await query().forDay(child, '2026-11-07')).toMatchObject({ streak: 6 });
  });

  it('daily_completion needs every task of a day done and at least 3 tasks, once per day', async () => {
    const child = newChild();
    await day(child, '2026-10-01', 2);
    expect(await achievements(child)).toEqual([]);
    const tasks = await day(child, '2026-10-02', 3);
    expect((await achievements(child)).map((a) => [a.type, a.title, a.description, a.completionRate])).toEqual([
      ['daily_completion', 'Perfect Day', 'All 3 tasks completed on Oct 2, 2026', 100],
    ]);
    // Unticking and ticking again earns nothing new; earned is earned.
    await h.apply(projection, [uncomplete(child, tasks[0])]);
    await h.apply(projection, [complete(child, tasks[0], at('2026-10-02', '00:20'))]);
    expect(await achievements(child)).toHaveLength(1);
  });

  it('weekly_streak at 7 days in a row, monthly_consistency at 30 days of at least 80%', async () => {
    const child = newChild();
    const start = '2026-06-01';
    for (let i = 0; i < 30; i++) {
      const date = addDays(start, i);
      if (i < 7) await day(child, date, 1);
      else await day(child, date, 5, 4); // 80%: consistent, not complete
    }
    const list = await achievements(child);
    expect(list.map((a) => a.type).sort()).toEqual(['monthly_consistency', 'weekly_streak']);
    const monthly = list.find((a) => a.type === 'monthly_consistency')!;
    expect(monthly).toMatchObject({ title: 'Monthly Consistency', completionRate: 84.67 }); // (7 x 100 + 23 x 80) / 30
    expect(list.find((a) => a.type === 'weekly_streak')).toMatchObject({ title: '7-Day Streak' });
  }, 20_000); // 30 days of events one transaction each: near 5 s on a loaded 2-core machine

  it('is idempotent: applying the same events again changes nothing', async () => {
    const child = newChild();
    const t = schedule(child, '2026-09-01');
    const events = [t.event, complete(child, t.taskId, at('2026-09-01', '08:05'))];
    await h.apply(projection, events);
    const snapshot = async () => [await h.rows('progress_tasks'), await h.rows('daily_progress'), await h.rows('achievements')];
    const before = await snapshot();
    await h.apply(projection, events);
    expect(await snapshot()).toEqual(before);
  });

  it('removing the recipient removes its progress and achievements only', async () => {
    const child = newChild();
    const other = newChild();
    await day(child, '2026-08-01', 3);
    await day(other, '2026-08-01', 3);
    await h.apply(projection, [h.record(`care-recipient-${child}`, { type: 'CareRecipientRemoved', data: { childId: child, removedAt: new Date().toISOString() } })]);
    for (const table of ['progress_tasks', 'daily_progress', 'achievements']) {
      expect(await h.em().execute(`SELECT * FROM ${table} WHERE child_id = ?`, [child])).toEqual([]);
    }
    expect(await achievements(other)).toHaveLength(1);
    expect(await progressRow(other, '2026-08-01')).toMatchObject({ total_tasks: 3 });
  });
});
