import { randomUUID } from 'node:crypto';
import type TestAgent from 'supertest/lib/agent';
import { addDays, completionTiming, DEFAULT_TIMEZONE, localDate, localDateTimeToInstant, type Task } from '@carecircle/libs';
import { ProjectionRunner } from '../../../../platform/projections/projection-runner';
import { useTestApp } from '../../../../test-support/test-app';
import { allProjectionsCaughtUp } from '../../../../test-support/event-count';
import { ReminderWorker } from '../../../notifications';

/** Several sign-ups (argon2) and commands per test: generous under a loaded full run. */
jest.setTimeout(30_000);

describe('progress and achievements over HTTP', () => {
  let owner: TestAgent;
  let otherFamily: TestAgent;
  const t = useTestApp();
  beforeAll(async () => {
    [owner, otherFamily] = (await Promise.all([t.signUp({ firstName: 'Owner' }), t.signUp({ firstName: 'Other' })])).map((family) => family.agent);
  });

  const addChild = async (agent: TestAgent) => (await agent.post('/api/children').send({ firstName: 'Maya', lastName: 'Lopez' }).expect(201)).body as { id: string };
  /** Three tasks late today in the care team's zone (new users default to America/Los_Angeles). */
  const addTodaysTasks = async (agent: TestAgent, childId: string) =>
    (
      await agent
        .post(`/api/children/${childId}/tasks`)
        .send({ name: 'Meds', category: 'medication', scheduledTimes: ['23:57', '23:58', '23:59'], scheduledDate: localDate(new Date(), DEFAULT_TIMEZONE) })
        .expect(201)
    ).body as { id: string }[];

  /**
   * Completes the task now; answers its timing by the shared rule. Late-evening tasks completed
   * during the day are early, within the last hour on time: the rates below follow the clock.
   */
  const completeNow = async (agent: TestAgent, taskId: string) => {
    const task: Task = (await agent.put(`/api/tasks/${taskId}/complete`).send({}).expect(200)).body;
    return completionTiming(task.scheduledTime, task.completedAt!);
  };
  const rates = (timings: string[], total: number) => ({
    onTimeRate: Math.round((timings.filter((x) => x === 'on_time').length * 100) / total),
    earlyRate: Math.round((timings.filter((x) => x === 'early').length * 100) / total),
  });

  it('answers completion, on-time and streak for the recipient’s day, and earns a Perfect Day', async () => {
    const child = await addChild(owner);
    const tasks = await addTodaysTasks(owner, child.id);
    expect((await owner.get(`/api/progress?childId=${child.id}`).expect(200)).body).toEqual({ completionRate: 0, onTimeRate: 0, earlyRate: 0, streak: 0 });

    const timings = [await completeNow(owner, tasks[0].id), await completeNow(owner, tasks[1].id)];
    expect((await owner.get(`/api/progress?childId=${child.id}`).expect(200)).body).toEqual({ completionRate: 67, ...rates(timings, 3), streak: 0 });
    expect((await owner.get('/api/achievements').expect(200)).body).toEqual([]);

    timings.push(await completeNow(owner, tasks[2].id));
    expect((await owner.get(`/api/progress?childId=${child.id}`).expect(200)).body).toEqual({ completionRate: 100, ...rates(timings, 3), streak: 1 });
    const achievements = (await owner.get('/api/achievements').expect(200)).body;
    expect(achievements).toEqual([
      expect.objectContaining({ type: 'daily_completion', title: 'Perfect Day', childId: child.id, completionRate: 100, earnedAt: expect.any(String) }),
    ]);

    // Unticking lowers today's numbers; the achievement stays.
    await owner.put(`/api/tasks/${tasks[2].id}/uncomplete`).expect(200);
    expect((await owner.get(`/api/progress?childId=${child.id}`).expect(200)).body).toEqual({ completionRate: 67, ...rates(timings.slice(0, 2), 3), streak: 0 });
    expect((await owner.get('/api/achievements').expect(200)).body).toHaveLength(1);

    // Another family sees neither.
    await otherFamily.get(`/api/progress?childId=${child.id}`).expect(404);
    expect((await otherFamily.get('/api/achievements').expect(200)).body).toEqual([]);
  });

  it('a dose given hours before its time counts as completed and early, not on time; a Perfect Day all the same', async () => {
    const child = await addChild(owner);
    // Tomorrow 08:00 to 08:02 in the care team's zone: completing them now is always hours early.
    const tomorrow = addDays(localDate(new Date(), DEFAULT_TIMEZONE), 1);
    const tasks: Task[] = (
      await owner.post(`/api/children/${child.id}/tasks`).send({ name: 'Keppra', category: 'medication', scheduledTimes: ['08:00', '08:01', '08:02'], scheduledDate: tomorrow }).expect(201)
    ).body;
    expect(tasks[0].scheduledTime).toBe(localDateTimeToInstant(tomorrow, '08:00', DEFAULT_TIMEZONE));
    expect(await completeNow(owner, tasks[0].id)).toBe('early');
    expect((await owner.get(`/api/progress?childId=${child.id}&date=${tomorrow}`).expect(200)).body).toEqual({ completionRate: 33, onTimeRate: 0, earlyRate: 33, streak: 0 });
    for (const task of tasks.slice(1)) await completeNow(owner, task.id);
    expect((await owner.get(`/api/progress?childId=${child.id}&date=${tomorrow}`).expect(200)).body).toMatchObject({ completionRate: 100, onTimeRate: 0, earlyRate: 100 });
    // Achievements reward doses given, not punctuality: the early ones complete the day.
    const earned = (await owner.get('/api/achievements').expect(200)).body as { childId: string; type: string }[];
    expect(earned.filter((a) => a.childId === child.id).map((a) => a.type)).toEqual(['daily_completion']);
    // The history of the early dose names who gave it.
    const history = (await owner.get(`/api/tasks/${tasks[0].id}/history`).expect(200)).body.items as { type: string; actorName: string | null }[];
    expect(history.map((e) => [e.type, e.actorName])).toEqual([['TaskScheduled', 'Owner Silva'], ['TaskCompleted', 'Owner Silva']]);
  });

  it('refuses anonymous callers, missing or malformed ids, and unknown recipients', async () => {
    await t.agent().get(`/api/progress?childId=${randomUUID()}`).expect(401);
    await t.agent().get('/api/achievements').expect(401);
    await owner.get('/api/progress').expect(400);
    await owner.get('/api/progress?childId=not-a-uuid').expect(400);
    await owner.get(`/api/progress?childId=${randomUUID()}`).expect(404);
  });

  it('removing the recipient removes its progress and achievements', async () => {
    const child = await addChild(owner);
    const tasks = await addTodaysTasks(owner, child.id);
    for (const task of tasks) await owner.put(`/api/tasks/${task.id}/complete`).send({}).expect(200);
    expect((await owner.get('/api/achievements').expect(200)).body.map((a: { childId: string }) => a.childId)).toContain(child.id);

    await owner.delete(`/api/children/${child.id}`).expect(204);
    expect((await owner.get('/api/achievements').expect(200)).body.map((a: { childId: string }) => a.childId)).not.toContain(child.id);
    await owner.get(`/api/progress?childId=${child.id}`).expect(404);
    for (const table of ['daily_progress', 'progress_tasks', 'achievements']) {
      const { rows } = await t.sql(`SELECT count(*)::int AS n FROM ${table} WHERE child_id = $1`, [child.id]);
      expect(rows[0].n).toBe(0);
    }
  });

  it('a rebuild reproduces progress, achievements and notifications exactly (runs last: stops the projector)', async () => {
    const child = await addChild(owner);
    const tasks = await addTodaysTasks(owner, child.id);
    for (const task of tasks.slice(0, 2)) await owner.put(`/api/tasks/${task.id}/complete`).send({}).expect(200);
    const urgent = (
      await owner.post(`/api/children/${child.id}/tasks`).send({ name: 'Catheterization', category: 'catheterization', scheduledTime: '23:50', isUrgent: true }).expect(201)
    ).body[0] as { id: string; scheduledTime: string };
    await allProjectionsCaughtUp(t.app);
    const escalation = { kind: 'escalation' as const, taskId: urgent.id, step: 0, scheduledTime: urgent.scheduledTime, fireAt: Date.parse(urgent.scheduledTime) };
    expect(await t.app.get(ReminderWorker).run(escalation, new Date(Date.parse(urgent.scheduledTime) + 60_000))).toBe('sent');
    await allProjectionsCaughtUp(t.app);
    const [notification] = (await owner.get('/api/notifications').expect(200)).body.items;
    await owner.post(`/api/notifications/${notification.id}/read`).expect(204);

    const tables = ['progress_tasks', 'daily_progress', 'achievements', 'notifications', 'notification_children', 'notification_shares', 'reminder_tasks'];
    const snapshot = async () => {
      const rows: Record<string, unknown[]> = {};
      for (const table of tables) rows[table] = (await t.sql(`SELECT * FROM ${table} ORDER BY 1, 2`)).rows;
      return rows;
    };
    const live = await snapshot();
    expect(live.achievements.length).toBeGreaterThan(0);
    expect(live.notifications).toEqual([expect.objectContaining({ is_read: true })]);
    const runner = t.app.get(ProjectionRunner);
    await runner.stop();
    await runner.rebuild(['scheduling.daily-progress', 'notifications.in-app']);
    expect(await snapshot()).toEqual(live);
  });
});
