import { randomUUID } from 'node:crypto';
import { instantToLocal, MEDICATION_REMINDER_LEAD_MINUTES } from '@carecircle/libs';
import { loadConfig } from '../../../../config/app-config';
import { projectionHarness } from '../../../../test-support/projection-harness';
import { EscalationPolicyQuery, NotificationPreferencesQuery } from '../../preferences';
import { AlertSettings } from '../../workers/alert-settings';
import { ReminderJobs } from '../../workers/reminder-jobs';
import { ReminderSync } from '../../workers/reminder-sync';
import { NotificationsProjection } from '../notifications/notifications.projection';
import { pendingInOutbox, recordInOutbox, removeFromOutbox } from './reminder-outbox';
import { ReminderTasksProjection } from './reminder-tasks.projection';
import { ReminderTasksQuery } from './reminder-tasks.query';
import { NO_TASK_DETAILS } from '../../../../test-support/task-details';

const ZONE = 'America/Los_Angeles';
const HOUR = 60 * 60_000;

/**
 * The reminder scheduler's read model on PostgreSQL, with its jobs in `reminder_jobs`: a task's row
 * and care team as a firing job reads them, and its jobs added, moved and cancelled as the task
 * changes; a replay of old history stores rows without adding jobs.
 */
describe('reminder tasks read model (PostgreSQL, its jobs in reminder_jobs)', () => {
  let h: Awaited<ReturnType<typeof projectionHarness>>;
  let jobs: ReminderJobs;
  let projection: ReminderTasksProjection;
  let query: ReminderTasksQuery;
  let sync: ReminderSync;
  /** The events applied, then the outbox applied to the jobs (what the workers do after the commit). */
  const apply = async (events: Parameters<typeof h.apply>[1]) => {
    await h.apply(projection, events);
    await sync.drain();
  };
  const team = new NotificationsProjection();
  const parent = randomUUID();
  const grandpa = randomUUID();
  const nanny = randomUUID();
  const maya = randomUUID();

  beforeAll(async () => {
    h = await projectionHarness();
    const config = loadConfig({}, { frontendDist: '/none' });
    jobs = new ReminderJobs(h.orm.em, config);
    query = new ReminderTasksQuery(h.orm.em);
    projection = new ReminderTasksProjection(query, config);
    sync = new ReminderSync(h.orm.em, query, new AlertSettings(new EscalationPolicyQuery(h.orm.em), new NotificationPreferencesQuery(h.orm.em)), jobs);
    await h.apply(team, [
      h.record(`care-recipient-${maya}`, {
        type: 'CareRecipientAdded',
        data: {
          childId: maya, primaryCaregiverId: parent, firstName: 'Maya', lastName: 'Lopez', dateOfBirth: null, medicalNotes: null, notes: null,
          gender: null, phone: null, email: null, profileImageUrl: null, addedAt: '2026-11-01T10:00:00Z',
        },
      }),
      h.record(`care-recipient-${maya}`, { type: 'CaregiverAccessGranted', data: { childId: maya, userId: nanny, canEdit: false, grantedAt: '2026-11-01T11:00:00Z' } }),
      h.record(`care-recipient-${maya}`, { type: 'CaregiverAccessGranted', data: { childId: maya, userId: grandpa, canEdit: true, grantedAt: '2026-11-01T11:00:00Z' } }),
    ]);
  });
  afterAll(async () => {
    await h.close();
  });

  const scheduled = (taskId: string, due: Date, extra: object = {}) => {
    const local = instantToLocal(due, ZONE);
    return h.record(`task-${taskId}`, {
      type: 'TaskScheduled',
      data: {
        taskId, childId: maya, templateId: null, name: 'Baclofen 5 mg', category: 'medication', priority: 'medium', isUrgent: false, ...NO_TASK_DETAILS,
        scheduledDate: local.date, localTime: local.time, timezone: ZONE, scheduledTime: due.toISOString(), scheduledBy: parent, scheduledAt: new Date().toISOString(),
        ...extra,
      },
    });
  };
  const jobIds = async () => ((await h.em().execute('SELECT id FROM reminder_jobs WHERE claim IS NULL')) as { id: string }[]).map((row) => row.id).sort();
  const fireAtOf = async (id: string) => (await jobs.byId(id))?.data.fireAt;

  it('stores the task for the workers, who read it with its care team in one query; its reminder is a job waiting for its time', async () => {
    const taskId = randomUUID();
    const due = new Date(Math.ceil((Date.now() + 2 * HOUR) / 60_000) * 60_000);
    const event = scheduled(taskId, due);
    await apply([event, event]); // idempotent
    expect(await h.em().execute('SELECT count(*)::int AS n FROM reminder_tasks WHERE task_id = ?', [taskId])).toEqual([{ n: 1 }]);
    expect(await query.withTeam(taskId)).toEqual({
      task: {
        taskId, childId: maya, name: 'Baclofen 5 mg', category: 'medication', isUrgent: false, status: 'pending',
        scheduledDate: instantToLocal(due, ZONE).date, scheduledTime: due.toISOString(), localTime: instantToLocal(due, ZONE).time, timezone: ZONE, appointmentReminders: [], acknowledgedFor: null,
      },
      team: { firstName: 'Maya', primaryUserId: parent, shared: [grandpa, nanny].sort().map((userId) => ({ userId, canEdit: userId === grandpa })) },
    });
    expect(await fireAtOf(`${taskId}.medication`)).toBe(due.getTime() - MEDICATION_REMINDER_LEAD_MINUTES * 60_000);
    expect((await jobs.byId(`${taskId}.medication`))?.dueAt).toBe(due.getTime() - MEDICATION_REMINDER_LEAD_MINUTES * 60_000);
    expect(await query.withTeam(randomUUID())).toBeNull();

    // Recorded in the outbox with the row, in the projection's transaction; the jobs change only when the sync runs.
    const other = randomUUID();
    await h.apply(projection, [scheduled(other, due)]);
    expect(await jobs.byId(`${other}.medication`)).toBeNull();
    expect(await h.em().execute('SELECT id, job FROM reminder_outbox')).toEqual([{ id: other, job: null }]);
    expect(await sync.drain()).toBe(1);
    expect(await jobs.byId(`${other}.medication`)).not.toBeNull();
    expect(await h.em().execute('SELECT id FROM reminder_outbox')).toEqual([]);
  });

  it('an entry recorded again while a sync runs stays for the next one', async () => {
    const taskId = randomUUID();
    await h.apply(projection, [scheduled(taskId, new Date(Date.now() + 2 * HOUR))]);
    const [entry] = await pendingInOutbox(h.em(), 10);
    await recordInOutbox(h.em(), taskId, null); // a newer change of the same task
    await removeFromOutbox(h.em(), [entry]); // the older run finishes
    expect(await h.em().execute('SELECT id FROM reminder_outbox')).toEqual([{ id: taskId }]);
    await sync.drain();
    expect(await h.em().execute('SELECT id FROM reminder_outbox')).toEqual([]);
  });

  it('a sync removing entries never waits for a scheduler transaction recording them again (no deadlock with it)', async () => {
    const [first, second] = [randomUUID(), randomUUID()];
    for (const id of [first, second]) await recordInOutbox(h.em(), id, null);
    const read = await pendingInOutbox(h.em(), 10);
    // The scheduler's transaction records `second` again and stays open, as while it applies more events.
    await h.em().transactional(async (scheduler) => {
      await recordInOutbox(scheduler, second, null);
      await removeFromOutbox(h.em(), read); // returns at once: `first` removed, `second` skipped
      expect(await h.em().execute('SELECT id FROM reminder_outbox')).toEqual([{ id: second }]);
    });
    expect(await h.em().execute('SELECT id FROM reminder_outbox')).toEqual([{ id: second }]);
    await sync.drain();
    expect(await h.em().execute('SELECT id FROM reminder_outbox')).toEqual([]);
  });

  it('moves the job with the task, cancels it on completion and removal, and brings it back on undo', async () => {
    const taskId = randomUUID();
    const due = new Date(Date.now() + 3 * HOUR);
    const later = new Date(due.getTime() + HOUR);
    const local = instantToLocal(later, ZONE);
    const event = (type: string, data: object = {}) => h.record(`task-${taskId}`, { type, data: { taskId, childId: maya, ...data } });
    const urgent = { isUrgent: true, category: 'catheterization' };

    await apply([scheduled(taskId, due, urgent)]);
    expect(await jobIds()).toContain(`${taskId}.escalation-0`);
    // A chain under way (a worker queued step 1): renaming the task keeps it; moving it starts a fresh one.
    const step1 = { kind: 'escalation' as const, taskId, step: 1, scheduledTime: due.toISOString(), fireAt: due.getTime() + 15 * 60_000 };
    await jobs.add([{ id: `${taskId}.escalation-1`, data: step1 }]);
    await apply([event('TaskUpdated', { name: 'Catheterization', updatedBy: parent, updatedAt: new Date().toISOString() })]);
    expect((await jobIds()).filter((id) => id.startsWith(taskId))).toEqual([`${taskId}.escalation-0`, `${taskId}.escalation-1`]);
    await apply([event('TaskUpdated', { scheduledTime: later.toISOString(), scheduledDate: local.date, localTime: local.time, updatedBy: parent, updatedAt: new Date().toISOString() })]);
    expect((await query.withTeam(taskId))?.task.scheduledTime).toBe(later.toISOString());
    expect(await fireAtOf(`${taskId}.escalation-0`)).toBe(later.getTime()); // the default policy's first step: at the time
    expect(await jobs.byId(`${taskId}.escalation-1`)).toBeNull(); // the old time's chain

    await apply([event('TaskCompleted', { completedBy: parent, completedAt: new Date().toISOString() })]);
    expect((await query.withTeam(taskId))?.task.status).toBe('completed');
    expect((await jobIds()).filter((id) => id.startsWith(taskId))).toEqual([]);
    await apply([event('TaskUncompleted', { uncompletedBy: parent, uncompletedAt: new Date().toISOString() })]);
    expect((await jobIds()).filter((id) => id.startsWith(taskId))).toEqual([`${taskId}.escalation-0`]);

    await apply([event('TaskAlertAcknowledged', { scheduledTime: later.toISOString(), acknowledgedBy: parent, acknowledgedAt: new Date().toISOString() })]);
    expect((await jobIds()).filter((id) => id.startsWith(taskId))).toEqual([]);
    await apply([event('TaskRemoved', { removedBy: parent, removedAt: new Date().toISOString() })]);
    expect(await query.withTeam(taskId)).toBeNull();
  });

  it('a fresh refill reminder gets a job that pushes it; an old one (a replay) does not', async () => {
    const low = (detectedAt: Date) =>
      h.record(`care-recipient-${maya}`, {
        type: 'MedicationStockLow',
        data: { childId: maya, medicationId: randomUUID(), name: 'Keppra', unit: 'tablets', stock: 2, daysLeft: 3, thresholdDays: 7, detectedAt: detectedAt.toISOString() },
      });
    const fresh = low(new Date());
    const old = low(new Date(Date.now() - 2 * HOUR));
    await apply([fresh, old]);
    expect((await jobs.byId(`refill-${fresh.id}`))?.data).toEqual({ kind: 'refill', childId: maya, eventId: fresh.id, fireAt: expect.any(Number) });
    expect(await jobs.byId(`refill-${old.id}`)).toBeNull();
  });

  it('a replay of old history stores rows but adds no jobs; a removed recipient takes its rows', async () => {
    const old = randomUUID();
    await apply([scheduled(old, new Date(Date.now() - 7 * 24 * HOUR), { isUrgent: true })]);
    expect((await query.withTeam(old))?.task.taskId).toBe(old);
    expect((await jobIds()).filter((id) => id.startsWith(old))).toEqual([]);

    await apply([h.record(`care-recipient-${maya}`, { type: 'CareRecipientRemoved', data: { childId: maya, removedBy: parent, removedAt: new Date().toISOString() } })]);
    expect(await h.em().execute('SELECT task_id FROM reminder_tasks WHERE child_id = ?', [maya])).toEqual([]);
  });
});
