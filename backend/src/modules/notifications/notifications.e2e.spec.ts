import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { Client } from 'pg';
import type TestAgent from 'supertest/lib/agent';
import { addDays, DEFAULT_TIMEZONE, localDate, type AppNotification, type Task, type User } from '@carecircle/libs';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { ExecuteCareRecipientCommand } from '../care-recipients';
import { UrgentOverdueJob } from './workers/urgent-overdue.job';

/** Several sign-ups (argon2) and commands per test: generous under a loaded full run. */
jest.setTimeout(30_000);

describe('urgent-overdue notifications over HTTP', () => {
  let t: TestApp;
  let parent: { agent: TestAgent; user: User };
  let grandpa: { agent: TestAgent; user: User };
  let stranger: { agent: TestAgent; user: User };
  beforeAll(async () => {
    t = await startTestApp();
    parent = await t.signUp({ firstName: 'Parent' });
    grandpa = await t.signUp({ firstName: 'Grandpa' });
    stranger = await t.signUp({ firstName: 'Stranger' });
  });
  afterAll(() => t.close());

  const tomorrow = () => addDays(localDate(new Date(), DEFAULT_TIMEZONE), 1);
  const addChild = async () => (await parent.agent.post('/api/children').send({ firstName: 'Maya', lastName: 'Lopez' }).expect(201)).body as { id: string };
  const share = (childId: string, userId: string) =>
    t.app.get(CommandBus).execute(
      new ExecuteCareRecipientCommand(childId, {
        type: 'GrantCaregiverAccess',
        data: { userId, canEdit: false },
        metadata: { actorId: parent.user.id, correlationId: randomUUID(), occurredAt: new Date().toISOString() },
      }),
    );
  const addTask = async (childId: string, body: object) =>
    ((await parent.agent.post(`/api/children/${childId}/tasks`).send({ category: 'medication', scheduledDate: tomorrow(), ...body }).expect(201)).body as Task[])[0];
  const notifications = async (agent: TestAgent) => (await agent.get('/api/notifications').expect(200)).body as AppNotification[];
  const after = (task: Task, minutes: number) => new Date(Date.parse(task.scheduledTime) + minutes * 60_000);

  it('the job alerts every caregiver once per urgent overdue task; run twice, still one each', async () => {
    const child = await addChild();
    await share(child.id, grandpa.user.id);
    const urgent = await addTask(child.id, { name: 'Catheterization', scheduledTime: '08:00', isUrgent: true });
    const normal = await addTask(child.id, { name: 'Vitamins', scheduledTime: '08:00' });
    const done = await addTask(child.id, { name: 'Seizure meds', scheduledTime: '07:00', priority: 'high' });
    await parent.agent.put(`/api/tasks/${done.id}/complete`).send({}).expect(200);
    const job = t.app.get(UrgentOverdueJob);

    expect(await job.run(after(urgent, -1))).toBe(0); // not yet past its time
    expect(await job.run(after(urgent, 1))).toBe(1);
    expect(await job.run(after(urgent, 2))).toBe(0);

    for (const caregiver of [parent, grandpa]) {
      expect(await notifications(caregiver.agent)).toEqual([
        expect.objectContaining({
          taskId: urgent.id,
          type: 'urgent_overdue',
          title: 'Urgent task overdue: Catheterization',
          message: expect.stringContaining('Catheterization'),
          isRead: false,
        }),
      ]);
    }
    expect((await notifications(parent.agent)).map((n) => n.taskId)).not.toContain(normal.id);
    expect(await notifications(stranger.agent)).toEqual([]);
  });

  it('marks the user’s own notification read; anyone else’s is a 404; anonymous is a 401', async () => {
    const [mine] = await notifications(parent.agent);
    await stranger.agent.put(`/api/notifications/${mine.id}/read`).expect(404);
    await grandpa.agent.put(`/api/notifications/${mine.id}/read`).expect(404); // grandpa has his own copy
    await parent.agent.put(`/api/notifications/${randomUUID()}/read`).expect(404);
    await parent.agent.put('/api/notifications/not-a-uuid/read').expect(404);
    await t.agent().get('/api/notifications').expect(401);
    await t.agent().put(`/api/notifications/${mine.id}/read`).expect(401);

    expect((await parent.agent.put(`/api/notifications/${mine.id}/read`).expect(200)).body).toMatchObject({ id: mine.id, isRead: true });
    await parent.agent.put(`/api/notifications/${mine.id}/read`).expect(200); // idempotent
    expect((await notifications(parent.agent))[0].isRead).toBe(true);
    expect((await notifications(grandpa.agent))[0].isRead).toBe(false);
  });

  it('removing the recipient removes the notifications about its tasks', async () => {
    const child = await addChild();
    const urgent = await addTask(child.id, { name: 'Feeding tube', scheduledTime: '09:00', isUrgent: true });
    expect(await t.app.get(UrgentOverdueJob).run(after(urgent, 1))).toBe(1);
    expect((await notifications(parent.agent)).map((n) => n.taskId)).toContain(urgent.id);

    await parent.agent.delete(`/api/children/${child.id}`).expect(204);
    expect((await notifications(parent.agent)).map((n) => n.taskId)).not.toContain(urgent.id);
    const db = new Client({ connectionString: t.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query('SELECT count(*)::int AS n FROM notifications WHERE child_id = $1', [child.id]);
      expect(rows[0].n).toBe(0);
    } finally {
      await db.end();
    }
  });
});
