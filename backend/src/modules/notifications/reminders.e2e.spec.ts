import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Pool } from 'pg';
import type TestAgent from 'supertest/lib/agent';
import { DEFAULT_TIMEZONE, instantToLocal, type AppNotification, type Task, type TaskHistoryEntry, type User } from '@carecircle/libs';
import { PG_POOL } from '../../platform/database/database.tokens';
import { EVENT_STORE, type EventStore } from '../../platform/event-store/event-store';
import { allProjectionsCaughtUp } from '../../test-support/event-count';
import { makeBrowserKeys, makeSelfSignedCertificate, startPushReceiver, type PushReceiver } from '../../test-support/push-receiver';
import { startSmtpInbox, type SmtpInbox } from '../../test-support/smtp-inbox';
import { scheduleMedicationBurst } from '../../test-support/medication-burst';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { until } from '../../test-support/until';
import { RefillReminderJob } from '../care-recipients';
import type { ReminderJobData, TaskJobData } from './domain/reminder-plan';
import { ReminderClaims } from './workers/reminder-claims';
import { ReminderJobs } from './workers/reminder-jobs';
import { AchievementAlerts } from './workers/achievement-alerts';
import { ReminderWorker, TaskNotProjectedYet } from './workers/reminders.worker';

/** A "minute" of reminder times lasts 300 ms here: the medication reminder comes 4.5 s before, escalation steps 4.5 s and 13.5 s after. */
const MINUTE_MS = 300;
jest.setTimeout(150_000);

/**
 * The reminder workers on `reminder_jobs` in PostgreSQL, in real time: tasks due at the next clock
 * minute get their reminder once (two claimers on the table, as two worker processes), a task
 * completed first gets none, a moved task is reminded for its new time only, an urgent task escalates
 * step by step (with email through a local SMTP server) and stops when acknowledged. Jobs are rows,
 * where another connection sees them.
 */
describe('reminder jobs claimed from PostgreSQL (real time)', () => {
  let t: TestApp;
  let inbox: SmtpInbox;
  let pushes: PushReceiver;
  let parent: { agent: TestAgent; user: User };
  let grandpa: { agent: TestAgent; user: User };
  let secondClaimer: ReminderClaims;
  let jobs: ReminderJobs;
  let certDir: string;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    certDir = mkdtempSync(join(tmpdir(), 'carecircle-push-e2e-'));
    const certificate = makeSelfSignedCertificate(certDir);
    pushes = await startPushReceiver(certificate);
    t = await startTestApp({
      REMINDER_MINUTE_MS: String(MINUTE_MS),
      SMTP_URL: inbox.url,
      MAIL_FROM: 'CareCircle <alerts@care.example.org>',
      PUSH_ALLOW_LOOPBACK: 'true',
      NODE_EXTRA_CA_CERTS: certificate.certFile,
    });
    parent = await t.signUp({ firstName: 'Parent', email: `parent-${randomUUID()}@example.com` });
    grandpa = await t.signUp({ firstName: 'Grandpa', email: `grandpa-${randomUUID()}@example.com` });
    const phone = makeBrowserKeys();
    await parent.agent.post('/api/notifications/subscribe').send({ endpoint: pushes.endpoint('/parent-phone', phone), expirationTime: null, keys: phone.keys }).expect(201);
    // A second worker process's claimer on the same table (its own LISTEN connection and claims).
    jobs = t.app.get(ReminderJobs);
    secondClaimer = new ReminderClaims(jobs, t.app.get(ReminderWorker), t.databaseUrl, t.config);
    await secondClaimer.start();
  });
  afterAll(async () => {
    await secondClaimer.stop();
    await t.close();
    await inbox.close();
    await pushes.close();
    rmSync(certDir, { recursive: true, force: true });
  });

  const history = async (taskId: string) => (await parent.agent.get(`/api/tasks/${taskId}/history`).expect(200)).body.items as TaskHistoryEntry[];
  const ofType = async (taskId: string, type: string) => (await history(taskId)).filter((e) => e.type === type);
  const notifications = async (agent: TestAgent) => (await agent.get('/api/notifications').expect(200)).body.items as AppNotification[];

  it('reminds once, not after completion, at the new time after a move; escalates in order and stops on acknowledgement', async () => {
    const child = (await parent.agent.post('/api/children').send({ firstName: 'Maya', lastName: 'Lopez' }).expect(201)).body as { id: string };
    await t.grantAccess(child.id, parent.user.id, grandpa.user.id, true);
    const contact = (await parent.agent.post('/api/emergency-contacts').send({ name: 'Aunt Rosa', phoneNumber: '+12025550143', email: 'rosa@example.org' }).expect(201)).body as { id: string };
    // The next clock minute at least 15 s away, in the care team's zone.
    const due = new Date(Math.ceil((Date.now() + 15_000) / 60_000) * 60_000);
    const { date, time } = instantToLocal(due, DEFAULT_TIMEZONE);
    const later = instantToLocal(new Date(due.getTime() + 60_000), DEFAULT_TIMEZONE);
    const add = async (name: string, extra: object = {}) =>
      ((await parent.agent.post(`/api/children/${child.id}/tasks`).send({ name, category: 'medication', scheduledDate: date, scheduledTime: time, ...extra }).expect(201)).body as Task[])[0];
    const reminded = await add('Baclofen 5 mg');
    const doneEarly = await add('Vitamin D');
    const moved = await add('Melatonin');
    const urgent = await add('Catheterization', { category: 'catheterization', isUrgent: true });
    const acknowledged = await add('Oxygen check', { category: 'other', isUrgent: true });
    await parent.agent.put(`/api/tasks/${doneEarly.id}/complete`).send({}).expect(200);
    await parent.agent.put(`/api/tasks/${moved.id}`).send({ scheduledTime: later.time, scheduledDate: later.date }).expect(200);

    // The jobs are rows: another connection sees them, waiting for their time (so they outlive this process).
    const job = await until('the moved job', async () => {
      const { rows } = await t.sql<{ data: TaskJobData; due_at: Date; claim: string | null }>('SELECT data, due_at, claim FROM reminder_jobs WHERE id = $1', [`${moved.id}.medication`]);
      return rows[0] && rows[0].data.scheduledTime !== moved.scheduledTime ? rows[0] : undefined;
    });
    expect(job.claim).toBeNull();
    expect(job.due_at.getTime()).toBe(due.getTime() + 60_000 - 15 * MINUTE_MS);
    expect(job.data.fireAt).toBe(due.getTime() + 60_000 - 15 * MINUTE_MS);
    await until('the reminder job', () => jobs.byId(`${reminded.id}.medication`));
    expect(await jobs.byId(`${doneEarly.id}.medication`)).toBeNull();

    // Due: the reminder comes 15 "minutes" before, once, to the primary and the caregiver who can give it.
    // The due minute may be over a minute away: wait from the reminder's time, not from now.
    const reminderAt = due.getTime() - 15 * MINUTE_MS;
    const [sent] = await until(
      'the reminder',
      async () => {
        const events = await ofType(reminded.id, 'TaskReminderSent');
        return events.length > 0 && events;
      },
      reminderAt - Date.now() + 30_000,
    );
    expect(Date.parse(sent.occurredAt)).toBeGreaterThanOrEqual(due.getTime() - 15 * MINUTE_MS);
    expect(Date.parse(sent.occurredAt)).toBeLessThan(due.getTime());
    expect(sent.data.deliveries).toEqual([
      { userId: parent.user.id, channels: ['in_app', 'push'] },
      { userId: grandpa.user.id, channels: ['in_app', 'push'] },
    ]);

    // The parent's phone gets the reminder by web push: name, task, time and the task's link, nothing more.
    const push = await until('the reminder push', async () => pushes.received.find((r) => (r.message?.url as string | undefined) === `/tasks/${reminded.id}`));
    expect(push.message).toEqual({ title: expect.stringMatching(/^Due at \d{1,2}:\d{2} [AP]M: Baclofen 5 mg$/), body: expect.stringContaining(`Maya's "Baclofen 5 mg" is due at`), url: `/tasks/${reminded.id}`, tag: `task-${reminded.id}` });

    // The urgent tasks: step 0 (the primary) at the time; acknowledge one of them.
    const alert = await until('the overdue alert', async () => (await notifications(parent.agent)).find((n) => n.taskId === acknowledged.id));
    expect(alert.type).toBe('urgent_overdue');
    await parent.agent.post(`/api/notifications/${alert.id}/acknowledge`).expect(204);
    const mail = await until('the overdue email', async () => inbox.messages.find((m) => m.subject === 'Urgent task overdue: Catheterization'));
    expect(mail.to).toEqual([parent.user.email]);
    expect(mail.text).toContain(`/tasks/${urgent.id}`);

    // Step 1 (secondary caregivers) for the other one, then step 2 (emergency contacts, by email).
    const steps = await until('all escalation steps', async () => {
      const events = await ofType(urgent.id, 'TaskEscalationStepReached');
      return events.length === 3 && events;
    });
    expect(steps.map((e) => [e.data.step, e.data.notify])).toEqual([[0, 'primary'], [1, 'secondary_caregivers'], [2, 'emergency_contacts']]);
    expect(Date.parse(steps[1].occurredAt)).toBeGreaterThanOrEqual(due.getTime() + 15 * MINUTE_MS);
    expect(steps[1].data.deliveries).toEqual([{ userId: grandpa.user.id, channels: ['push', 'email', 'in_app'] }]);
    expect(steps[2].data.deliveries).toEqual([{ contactId: contact.id, channels: ['email'] }]);
    const toContact = await until('the emergency contact email', async () => inbox.messages.find((m) => m.to[0] === 'rosa@example.org'));
    expect(toContact.subject).toBe('Still not done: Catheterization');
    expect(toContact.text).toContain('emergency contact');
    expect(toContact.text).not.toContain('/tasks/');
    expect((await notifications(grandpa.agent)).filter((n) => n.taskId === urgent.id).map((n) => n.type)).toEqual(['escalation']);
    await until('the escalation email', async () => inbox.messages.find((m) => m.subject === 'Still not done: Catheterization' && m.to[0] === grandpa.user.email));

    // Settled: no job is left for these tasks (the acknowledged task's next step has run and found it
    // acknowledged), so nothing more can come. The moved task's job waits for its new time.
    const settled = new Set([reminded.id, doneEarly.id, urgent.id, acknowledged.id]);
    await until('no job left for the settled tasks', async () => (await jobs.idsOf([...settled])).length === 0);
    expect((await ofType(acknowledged.id, 'TaskEscalationStepReached')).map((e) => e.data.step)).toEqual([0]);
    expect((await ofType(acknowledged.id, 'TaskAlertAcknowledged')).map((e) => e.actorId)).toEqual([parent.user.id]);
    expect(await ofType(reminded.id, 'TaskReminderSent')).toHaveLength(1);
    expect((await notifications(parent.agent)).filter((n) => n.taskId === reminded.id)).toHaveLength(1);
    expect(await ofType(doneEarly.id, 'TaskReminderSent')).toEqual([]);
    expect(await ofType(moved.id, 'TaskReminderSent')).toEqual([]); // its new time is a minute later
    expect(inbox.messages.filter((m) => m.subject.includes('Baclofen'))).toEqual([]); // reminders do not email
    expect(inbox.messages.filter((m) => m.to[0] === 'rosa@example.org')).toHaveLength(1); // not for the acknowledged task
  });

  it('a refill reminder reaches the primary caregiver\'s phone too, opening the recipient\'s Today', async () => {
    const child = (await parent.agent.post('/api/children').send({ firstName: 'Noa', lastName: 'Lopez' }).expect(201)).body as { id: string };
    const medication = (await parent.agent.post(`/api/children/${child.id}/medications`).send({ name: 'Keppra', dosage: '250 mg', stock: 1, refillThresholdDays: 7 }).expect(201)).body as { id: string };
    const tomorrow = instantToLocal(new Date(Date.now() + 36 * 60 * 60_000), DEFAULT_TIMEZONE).date;
    await parent.agent.post(`/api/children/${child.id}/tasks`).send({ name: 'Keppra', category: 'medication', medicationId: medication.id, scheduledTimes: ['08:00', '20:00'], scheduledDate: tomorrow }).expect(201);
    await allProjectionsCaughtUp(t.app);
    await t.app.get(RefillReminderJob).check(child.id, new Date()); // the worker also runs it on its own; recorded once either way

    const push = await until('the refill push', async () => pushes.received.find((r) => r.message?.url === `/?child=${child.id}`));
    expect(push.message).toEqual({ title: 'Refill soon: Keppra', body: expect.stringMatching(/^Noa's Keppra: about \d+ days? left \(1 tablet\)$/), url: `/?child=${child.id}`, tag: expect.stringMatching(/^refill-/) });
    const inApp = (await notifications(parent.agent)).filter((n) => n.type === 'refill_reminder' && n.childId === child.id);
    expect(inApp.map((n) => [n.title, n.message])).toEqual([[push.message!.title, push.message!.body]]);
    expect(pushes.received.filter((r) => r.message?.url === `/?child=${child.id}`)).toHaveLength(1);
  });

  it('a Perfect Day reaches the primary caregiver by push and email, once', async () => {
    const child = (await parent.agent.post('/api/children').send({ firstName: 'Ivy', lastName: 'Lopez' }).expect(201)).body as { id: string };
    const today = instantToLocal(new Date(), DEFAULT_TIMEZONE).date;
    const tasks = (await parent.agent.post(`/api/children/${child.id}/tasks`).send({ name: 'Stretches', category: 'other', scheduledTimes: ['00:00', '00:01', '00:02'], scheduledDate: today }).expect(201))
      .body as Task[];
    for (const task of tasks) await parent.agent.put(`/api/tasks/${task.id}/complete`).send({}).expect(200);

    const mail = await until('the achievement email', async () => inbox.messages.find((m) => m.subject === 'Ivy: Perfect Day'));
    expect(mail.to).toEqual([parent.user.email]);
    expect(mail.text).toMatch(/^All 3 tasks completed on \w{3} \d{1,2}, \d{4}\. Well done!/);
    const push = await until('the achievement push', async () => pushes.received.find((r) => r.message?.title === 'Ivy: Perfect Day'));
    expect(push.message).toMatchObject({ url: `/?child=${child.id}`, tag: expect.stringMatching(/^achievement-/) });
    // Checked again (another worker, a later change): told once.
    expect(await t.app.get(AchievementAlerts).check(child.id)).toBe(0);
    expect(inbox.messages.filter((m) => m.subject === 'Ivy: Perfect Day')).toHaveLength(1);
  });

  it('two workers running the same reminder at once record and send it once', async () => {
    const child = (await parent.agent.post('/api/children').send({ firstName: 'Sam', lastName: 'Lopez' }).expect(201)).body as { id: string };
    const in10 = instantToLocal(new Date(Date.now() + 10 * 60_000), DEFAULT_TIMEZONE);
    const [task] = (await parent.agent.post(`/api/children/${child.id}/tasks`).send({ name: 'Keppra', category: 'medication', scheduledDate: in10.date, scheduledTime: in10.time }).expect(201))
      .body as Task[];
    const worker = t.app.get(ReminderWorker);
    const job: ReminderJobData = { kind: 'reminder', taskId: task.id, reminder: { kind: 'medication', offset: null }, scheduledTime: task.scheduledTime, fireAt: Date.now() };
    await allProjectionsCaughtUp(t.app);
    const outcomes = await Promise.all([worker.run(job), worker.run(job), worker.run(job)]);
    expect(outcomes.sort()).toEqual(['not-due', 'not-due', 'sent']);
    expect(await ofType(task.id, 'TaskReminderSent')).toHaveLength(1);
  });

  it('an escalation step run again after a crash (already recorded) still leaves the next step queued', async () => {
    const child = (await parent.agent.post('/api/children').send({ firstName: 'Leo', lastName: 'Lopez' }).expect(201)).body as { id: string };
    const in10 = instantToLocal(new Date(Date.now() + 10 * 60_000), DEFAULT_TIMEZONE);
    const [task] = (
      await parent.agent.post(`/api/children/${child.id}/tasks`).send({ name: 'Suction', category: 'other', isUrgent: true, scheduledDate: in10.date, scheduledTime: in10.time }).expect(201)
    ).body as Task[];
    const atTheTime = new Date(Date.parse(task.scheduledTime)); // the worker runs as if then
    await allProjectionsCaughtUp(t.app);
    await until('the step 0 job', () => jobs.byId(`${task.id}.escalation-0`));
    await jobs.remove(`${task.id}.escalation-0`); // this test runs the step itself
    const worker = t.app.get(ReminderWorker);
    const step0: ReminderJobData = { kind: 'escalation', taskId: task.id, step: 0, scheduledTime: task.scheduledTime, fireAt: Date.now() };
    expect(await worker.run(step0, atTheTime)).toBe('sent');
    const next = `${task.id}.escalation-1`;
    expect((await jobs.byId(next))?.data.fireAt).toBe(Date.parse(task.scheduledTime) + 15 * MINUTE_MS);
    // The process died after recording step 0 and before its job was done: the job is claimed again when the lease ends.
    await jobs.remove(next);
    expect(await worker.run(step0, atTheTime)).toBe('not-due');
    expect(await jobs.byId(next)).not.toBeNull();
    expect((await ofType(task.id, 'TaskEscalationStepReached')).map((e) => e.data.step)).toEqual([0]);
  });

  it('an urgent task added long after its time alerts the primary at once, and the next step only the policy\'s interval later', async () => {
    const child = (await parent.agent.post('/api/children').send({ firstName: 'Ona', lastName: 'Lopez' }).expect(201)).body as { id: string };
    const past = instantToLocal(new Date(Date.now() - 10 * 60_000), DEFAULT_TIMEZONE);
    const [task] = (
      await parent.agent.post(`/api/children/${child.id}/tasks`).send({ name: 'Suction', category: 'other', isUrgent: true, scheduledDate: past.date, scheduledTime: past.time }).expect(201)
    ).body as Task[];
    const step0 = await until('the first step', async () => (await ofType(task.id, 'TaskEscalationStepReached')).find((e) => e.data.step === 0));
    // 10 minutes late is 2,000 "minutes" at this test's 300 ms: the whole default chain is long past, yet step 1 waits 15 of them.
    const next = await until('the next step queued', async () => (await jobs.byId(`${task.id}.escalation-1`)) ?? undefined);
    expect((next.data as ReminderJobData).fireAt).toBeGreaterThanOrEqual(Date.parse(step0.occurredAt) + 15 * MINUTE_MS);
    await parent.agent.put(`/api/tasks/${task.id}/complete`).send({}).expect(200);
  });

  it('a burst due at one instant is recorded and pushed once per task, with two worker processes and a batch run again', async () => {
    const COUNT = 300;
    const child = (await parent.agent.post('/api/children').send({ firstName: 'Ada', lastName: 'Lopez' }).expect(201)).body as { id: string };
    await t.grantAccess(child.id, parent.user.id, grandpa.user.id, true);
    // COUNT medication tasks at the same instant (a region's 8:00), scheduled as occurrences are: TaskScheduled on each stream.
    const due = new Date(Math.ceil((Date.now() + 20_000 + 15 * MINUTE_MS) / 1000) * 1000);
    const taskIds = await scheduleMedicationBurst(t.app.get<EventStore>(EVENT_STORE), { childId: child.id, actorId: parent.user.id, due, count: COUNT });
    const pool = t.app.get<Pool>(PG_POOL);
    const recorded = async () =>
      (await pool.query<{ task_id: string; n: number }>(
        `SELECT data->>'taskId' AS task_id, count(*)::int AS n FROM es_events WHERE type = 'TaskReminderSent' AND data->>'taskId' = ANY($1) GROUP BY 1`,
        [taskIds],
      )).rows;

    // Both worker processes take the jobs as they come due; a third run of the whole batch (a batch
    // retried after a crash) starts as soon as the first reminder is recorded, racing them.
    await until('the first reminder of the burst', async () => (await recorded()).length > 0, due.getTime() - Date.now() + 30_000);
    const worker = t.app.get(ReminderWorker);
    const jobs: ReminderJobData[] = taskIds.map((taskId) => ({ kind: 'reminder', taskId, reminder: { kind: 'medication', offset: null }, scheduledTime: due.toISOString(), fireAt: due.getTime() - 15 * MINUTE_MS }));
    const raced = await worker.runBatch(jobs);
    // A task the read model does not show yet fails alone (its job would be claimed again); nothing else fails.
    expect(raced.filter((outcome) => outcome.status === 'rejected' && !(outcome.reason instanceof TaskNotProjectedYet))).toEqual([]);

    // Every job done by both claimers (a job leaves the table once its alert is sent): each task recorded once, pushed once.
    await until('every reminder job done', async () => (await t.app.get(ReminderJobs).idsOf(taskIds)).length === 0, 60_000);
    const counts = await recorded();
    expect(counts).toHaveLength(COUNT);
    expect(counts.filter((row) => row.n !== 1)).toEqual([]);
    const urls = new Set(taskIds.map((id) => `/tasks/${id}`));
    const pushed = () => pushes.received.filter((r) => urls.has(r.message?.url as string));
    expect(pushed()).toHaveLength(COUNT);
    expect(new Set(pushed().map((r) => r.message?.url)).size).toBe(COUNT);

    // The batch run again afterwards records and sends nothing.
    expect((await worker.runBatch(jobs)).map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : 'failed'))).toEqual(jobs.map(() => 'not-due'));
    expect((await recorded()).filter((row) => row.n !== 1)).toEqual([]);
    expect(pushed()).toHaveLength(COUNT);
  });
});
