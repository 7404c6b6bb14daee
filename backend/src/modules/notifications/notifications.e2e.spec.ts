import { randomUUID } from 'node:crypto';
import type TestAgent from 'supertest/lib/agent';
import { addDays, DEFAULT_TIMEZONE, localDate, PAGE_LIMITS, PAGE_TEXT, type AppNotification, type Page, type Task, type TaskHistoryEntry, type User } from '@carecircle/libs';
import { encodeCursor } from '../../platform/http/page';
import { allProjectionsCaughtUp } from '../../test-support/event-count';
import { useTestApp } from '../../test-support/test-app';
import { ONLY_TASK_ALERTS } from './commands/acknowledge-notification/acknowledge-notification.handler';
import { ReminderWorker } from './workers/reminders.worker';

/** Several sign-ups (argon2) and commands per test: generous under a loaded full run. */
jest.setTimeout(30_000);

/**
 * Alerts over HTTP: the reminder worker's runs (at given times; the Bull timing is reminders.e2e.spec.ts)
 * become notifications of exactly the caregivers they went to; reading, reading all and
 * acknowledging are the user's own, and an acknowledgement stops the escalation and shows in History.
 */
describe('notifications over HTTP', () => {
  let parent: { agent: TestAgent; user: User };
  let grandpa: { agent: TestAgent; user: User };
  let nanny: { agent: TestAgent; user: User };
  let stranger: { agent: TestAgent; user: User };
  const t = useTestApp();
  beforeAll(async () => {
    parent = await t.signUp({ firstName: 'Parent' });
    grandpa = await t.signUp({ firstName: 'Grandpa' });
    nanny = await t.signUp({ firstName: 'Nanny' });
    stranger = await t.signUp({ firstName: 'Stranger' });
  });

  const tomorrow = () => addDays(localDate(new Date(), DEFAULT_TIMEZONE), 1);
  const addChild = async () => (await parent.agent.post('/api/children').send({ firstName: 'Maya', lastName: 'Lopez' }).expect(201)).body as { id: string };
  const share = (childId: string, userId: string, canEdit: boolean) =>
    t.grantAccess(childId, parent.user.id, userId, canEdit);
  const addTask = async (childId: string, body: object) => {
    const [task] = (await parent.agent.post(`/api/children/${childId}/tasks`).send({ category: 'medication', scheduledDate: tomorrow(), ...body }).expect(201)).body as Task[];
    await allProjectionsCaughtUp(t.app);
    return task;
  };
  const notifications = async (agent: TestAgent, query = '') => (await agent.get(`/api/notifications${query}`).expect(200)).body.items as AppNotification[];
  const at = (task: Task, minutes: number) => new Date(Date.parse(task.scheduledTime) + minutes * 60_000);
  const worker = () => t.app.get(ReminderWorker);
  const escalation = (task: Task, step: number) => ({ kind: 'escalation' as const, taskId: task.id, step, scheduledTime: task.scheduledTime, fireAt: at(task, step === 0 ? 0 : 15).getTime() });
  const medicationReminder = (task: Task) => ({ kind: 'reminder' as const, taskId: task.id, reminder: { kind: 'medication' as const, offset: null }, scheduledTime: task.scheduledTime, fireAt: at(task, -15).getTime() });

  it('a medication reminder goes to the primary caregiver and caregivers who may give it, once', async () => {
    const child = await addChild();
    await share(child.id, grandpa.user.id, true);
    await share(child.id, nanny.user.id, false);
    const dose = await addTask(child.id, { name: 'Baclofen 5 mg', scheduledTime: '08:00' });
    expect(await worker().run(medicationReminder(dose), at(dose, -15))).toBe('sent');
    expect(await worker().run(medicationReminder(dose), at(dose, -14))).toBe('not-due');
    await allProjectionsCaughtUp(t.app);
    for (const caregiver of [parent, grandpa]) {
      expect((await notifications(caregiver.agent)).filter((n) => n.taskId === dose.id)).toEqual([
        expect.objectContaining({ type: 'medication_reminder', title: 'Due at 8:00 AM: Baclofen 5 mg', message: `Maya's "Baclofen 5 mg" is due at 8:00 AM.`, acknowledgedAt: null }),
      ]);
    }
    expect((await notifications(nanny.agent)).filter((n) => n.taskId === dose.id)).toEqual([]);
    expect(await notifications(stranger.agent)).toEqual([]);
  });

  it('an urgent task escalates: the primary at its time, then everyone it is shared with; a done task not at all', async () => {
    const child = await addChild();
    await share(child.id, grandpa.user.id, false);
    const urgent = await addTask(child.id, { name: 'Catheterization', scheduledTime: '08:00', isUrgent: true });
    const done = await addTask(child.id, { name: 'Seizure meds', scheduledTime: '07:00', priority: 'high' });
    await parent.agent.put(`/api/tasks/${done.id}/complete`).send({}).expect(200);

    expect(await worker().run(escalation(urgent, 0), at(urgent, -1))).toBe('not-due'); // not yet its time
    expect(await worker().run(escalation(urgent, 0), at(urgent, 0))).toBe('sent');
    expect(await worker().run(escalation(urgent, 0), at(urgent, 1))).toBe('not-due');
    expect(await worker().run(escalation(done, 0), at(done, 1))).toBe('not-due');
    await allProjectionsCaughtUp(t.app);
    const about = (list: AppNotification[]) => list.filter((n) => n.childId === child.id);
    expect(about(await notifications(parent.agent))).toEqual([
      expect.objectContaining({ taskId: urgent.id, type: 'urgent_overdue', title: 'Urgent task overdue: Catheterization', isRead: false }),
    ]);
    expect(about(await notifications(grandpa.agent))).toEqual([]);

    expect(await worker().run(escalation(urgent, 1), at(urgent, 15))).toBe('sent');
    await allProjectionsCaughtUp(t.app);
    expect(about(await notifications(grandpa.agent))).toEqual([
      expect.objectContaining({ taskId: urgent.id, type: 'escalation', title: 'Still not done: Catheterization' }),
    ]);
  });

  it('acknowledging stops the escalation and shows in the task’s History; only one’s own, only task alerts', async () => {
    const child = await addChild();
    await share(child.id, grandpa.user.id, true);
    const urgent = await addTask(child.id, { name: 'Oxygen check', scheduledTime: '09:00', isUrgent: true });
    await worker().run(escalation(urgent, 0), at(urgent, 0));
    await allProjectionsCaughtUp(t.app);
    const [alert] = (await notifications(parent.agent)).filter((n) => n.taskId === urgent.id);

    await stranger.agent.post(`/api/notifications/${alert.id}/acknowledge`).expect(404);
    await grandpa.agent.post(`/api/notifications/${alert.id}/acknowledge`).expect(404);
    await t.agent().post(`/api/notifications/${alert.id}/acknowledge`).expect(401);
    await parent.agent.post('/api/notifications/not-a-uuid/acknowledge').expect(404);
    await parent.agent.post(`/api/notifications/${alert.id}/acknowledge`).expect(204);
    await parent.agent.post(`/api/notifications/${alert.id}/acknowledge`).expect(204); // once is enough
    const [acknowledged] = (await notifications(parent.agent)).filter((n) => n.taskId === urgent.id);
    expect(acknowledged).toMatchObject({ isRead: true, acknowledgedAt: expect.any(String) });

    expect(await worker().run(escalation(urgent, 1), at(urgent, 15))).toBe('not-due');
    const history = (await parent.agent.get(`/api/tasks/${urgent.id}/history`).expect(200)).body.items as TaskHistoryEntry[];
    expect(history.map((e) => e.type)).toEqual(['TaskScheduled', 'TaskEscalationStepReached', 'TaskAlertAcknowledged']);
    expect(history[1].data).toMatchObject({ step: 0, notify: 'primary', deliveries: [{ userId: parent.user.id, channels: ['push', 'email', 'in_app'] }] });
    expect(history[1].alertedNames).toEqual({ [parent.user.id]: 'Parent Silva' });
    expect(history[2]).toMatchObject({ actorId: parent.user.id, data: { acknowledgedBy: parent.user.id } });

    // A care update's notification is not an alert about a task.
    await grandpa.agent.post(`/api/children/${child.id}/updates`).send({ text: 'Fever 39', important: true }).expect(201);
    const update = (await notifications(parent.agent)).find((n) => n.type === 'care_update')!;
    expect((await parent.agent.post(`/api/notifications/${update.id}/acknowledge`).expect(400)).body.message).toBe(ONLY_TASK_ALERTS);
  });

  it('follows the family’s policy and each caregiver’s preferences, quiet hours included', async () => {
    const child = await addChild();
    await share(child.id, grandpa.user.id, true);
    await parent.agent
      .put('/api/user/escalation-policy')
      .send({ steps: [{ afterMinutes: 5, notify: 'secondary_caregivers', channels: ['push', 'email', 'in_app'] }] })
      .expect(200);
    await grandpa.agent.put('/api/user/notification-preferences').send({ emailOverdue: false, emailAchievements: true, pushReminders: true, quietHours: { start: '00:00', end: '23:59' } }).expect(200);
    const urgent = await addTask(child.id, { name: 'Suction', scheduledTime: '10:00', isUrgent: true });
    const dose = await addTask(child.id, { name: 'Iron drops', scheduledTime: '10:00' });
    expect(await worker().run(escalation(urgent, 0), at(urgent, 5))).toBe('sent');
    expect(await worker().run(medicationReminder(dose), at(dose, -15))).toBe('sent');
    const [step] = ((await parent.agent.get(`/api/tasks/${urgent.id}/history`).expect(200)).body.items as TaskHistoryEntry[]).filter((e) => e.type === 'TaskEscalationStepReached');
    // Urgent: push despite quiet hours; no email (opted out).
    expect(step.data).toMatchObject({ step: 0, notify: 'secondary_caregivers', deliveries: [{ userId: grandpa.user.id, channels: ['push', 'in_app'] }] });
    const [reminder] = ((await parent.agent.get(`/api/tasks/${dose.id}/history`).expect(200)).body.items as TaskHistoryEntry[]).filter((e) => e.type === 'TaskReminderSent');
    // Not urgent, in grandpa's quiet hours: in the app only.
    expect(reminder.data.deliveries).toEqual([
      { userId: parent.user.id, channels: ['in_app', 'push'] },
      { userId: grandpa.user.id, channels: ['in_app'] },
    ]);
    await parent.agent.put('/api/user/escalation-policy').send({ steps: [{ afterMinutes: 0, notify: 'primary', channels: ['push', 'email', 'in_app'] }, { afterMinutes: 15, notify: 'secondary_caregivers', channels: ['push', 'email', 'in_app'] }, { afterMinutes: 45, notify: 'emergency_contacts', channels: ['email'] }] }).expect(200);
    await grandpa.agent.put('/api/user/notification-preferences').send({ emailOverdue: true, emailAchievements: true, pushReminders: true, quietHours: null }).expect(200);
  });

  it('reads one, all, or the unread ones: one’s own only', async () => {
    const mine = await notifications(parent.agent);
    expect(mine.length).toBeGreaterThan(2);
    const unread = await notifications(parent.agent, '?unread=true');
    expect(unread.every((n) => !n.isRead)).toBe(true);
    await parent.agent.get('/api/notifications?unread=yes').expect(400);
    await stranger.agent.post(`/api/notifications/${unread[0].id}/read`).expect(404);
    await parent.agent.post(`/api/notifications/${randomUUID()}/read`).expect(404);
    await t.agent().post(`/api/notifications/${unread[0].id}/read`).expect(401);
    await t.agent().post('/api/notifications/read-all').expect(401);
    await parent.agent.post(`/api/notifications/${unread[0].id}/read`).expect(204);
    await parent.agent.put(`/api/notifications/${unread[1].id}/read`).expect(404); // the first screens' PUT form is gone
    expect((await notifications(parent.agent, '?unread=true')).map((n) => n.id)).not.toContain(unread[0].id);

    const grandpaUnread = (await notifications(grandpa.agent, '?unread=true')).length;
    await stranger.agent.post('/api/notifications/read-all').expect(204); // has none: nothing happens
    await parent.agent.post('/api/notifications/read-all').expect(204);
    expect(await notifications(parent.agent, '?unread=true')).toEqual([]);
    expect((await notifications(grandpa.agent, '?unread=true')).length).toBe(grandpaUnread);
  });

  it('removing the recipient removes the notifications about its tasks', async () => {
    const child = await addChild();
    const urgent = await addTask(child.id, { name: 'Feeding tube', scheduledTime: '09:00', isUrgent: true });
    expect(await worker().run(escalation(urgent, 0), at(urgent, 1))).toBe('sent');
    await allProjectionsCaughtUp(t.app);
    expect((await notifications(parent.agent)).map((n) => n.taskId)).toContain(urgent.id);

    await parent.agent.delete(`/api/children/${child.id}`).expect(204);
    expect((await notifications(parent.agent)).map((n) => n.taskId)).not.toContain(urgent.id);
    await allProjectionsCaughtUp(t.app); // reminder_tasks is one commands do not wait for (it may be a moment behind)
    for (const table of ['notifications', 'reminder_tasks']) {
      const { rows } = await t.sql(`SELECT count(*)::int AS n FROM ${table} WHERE child_id = $1`, [child.id]);
      expect(rows[0].n).toBe(0);
    }
  });

  describe('pages (?cursor=&limit=)', () => {
    it('walk all or the unread ones newest first, with no gaps or repeats while new ones arrive; limit 1..max; a bad cursor is a 400', async () => {
      const owner = await t.signUp({ firstName: 'Pia' });
      const helper = await t.signUp({ firstName: 'Hal' });
      const child = (await owner.agent.post('/api/children').send({ firstName: 'Noa', lastName: 'Lind' }).expect(201)).body as { id: string };
      await t.grantAccess(child.id, owner.user.id, helper.user.id, true);
      /** An important update by the helper: a notification of the owner. */
      const notify = async (text: string) => {
        await helper.agent.post(`/api/children/${child.id}/updates`).send({ text, important: true }).expect(201);
        await allProjectionsCaughtUp(t.app);
      };
      for (let i = 0; i < 7; i++) await notify(`Note ${i}`);
      const page = async (query: Record<string, string | number>, agent = owner.agent) => (await agent.get('/api/notifications').query(query).expect(200)).body as Page<AppNotification>;
      const all = await page({ limit: PAGE_LIMITS.max });
      expect(all.next).toBeNull();
      expect(all.items.map((n) => n.message)).toEqual(Array.from({ length: 7 }, (_, i) => expect.stringContaining(`Note ${6 - i}`)));

      const walk = async (query: Record<string, string>, between: () => Promise<unknown>) => {
        const seen: AppNotification[] = [];
        let cursor: string | null = null;
        do {
          const { items, next }: Page<AppNotification> = await page({ ...query, limit: 3, ...(cursor ? { cursor } : {}) });
          expect(items.length).toBeLessThanOrEqual(3);
          seen.push(...items);
          if (seen.length === 3) await between();
          cursor = next;
        } while (cursor);
        return seen.map((n) => n.id);
      };
      // A newer notification between pages is not in this walk; the walk has every older one once.
      expect(await walk({}, () => notify('Newer'))).toEqual(all.items.map((n) => n.id));
      await owner.agent.post(`/api/notifications/${all.items[1].id}/read`).expect(204);
      const unread = (await page({ unread: 'true', limit: PAGE_LIMITS.max })).items.map((n) => n.id);
      expect(unread).toHaveLength(7);
      expect(await walk({ unread: 'true' }, () => notify('Newest'))).toEqual(unread);

      for (const limit of ['0', String(PAGE_LIMITS.max + 1), '2.5', 'many']) {
        expect((await owner.agent.get('/api/notifications').query({ limit }).expect(400)).body).toMatchObject({ statusCode: 400, errors: [{ field: 'limit', message: PAGE_TEXT.badLimit }] });
      }
      const forged = [
        'not-a-cursor', encodeCursor(['2026-11-27T08:00:00.000000Z']), encodeCursor(['2026-02-30T08:00:00.000000Z', randomUUID()]),
        encodeCursor(['2026-11-27T08:00:00Z', randomUUID()]), encodeCursor(['2026-11-27T08:00:00.000000Z', 'x; DROP TABLE notifications']),
      ];
      for (const cursor of forged) {
        expect((await owner.agent.get('/api/notifications').query({ cursor }).expect(400)).body).toMatchObject({ statusCode: 400, errors: [{ field: 'cursor', message: PAGE_TEXT.badCursor }] });
      }
      // The owner's cursor elsewhere: another user reads only their own (none here); anonymous 401.
      const first = await page({ limit: 1 });
      expect((await page({ cursor: first.next! }, stranger.agent)).items.every((n) => !n.message.includes('Note'))).toBe(true);
      expect((await page({ cursor: encodeCursor(['2100-01-01T00:00:00.000000Z', randomUUID()]) }, helper.agent)).items).toEqual([]);
      await t.agent().get('/api/notifications').query({ cursor: first.next! }).expect(401);
    });
  });
});
