import { randomUUID } from 'node:crypto';
import Bull from 'bull';
import { Client } from 'pg';
import { loadConfig } from '../../../config/app-config';
import { projectionHarness } from '../../../test-support/projection-harness';
import type { PlannedJob, ReminderJobData } from '../domain/reminder-plan';
import { LegacyReminderJobs } from './legacy-reminder-jobs';
import { REMINDERS_QUEUE, ReminderJobs } from './reminder-jobs';

const reminder = (taskId: string, fireAt: number): PlannedJob => ({
  id: `${taskId}.medication`,
  data: { kind: 'reminder', taskId, reminder: { kind: 'medication', offset: null }, scheduledTime: new Date(fireAt + 15 * 60_000).toISOString(), fireAt },
});

/**
 * reminder_jobs on PostgreSQL: claims of due jobs in batches that never overlap, the lease that
 * gives a dead worker's claim to another, retries, replans beside a claim, and the jobs an older
 * version left in Bull moved into the table.
 */
describe('reminder jobs (PostgreSQL)', () => {
  let h: Awaited<ReturnType<typeof projectionHarness>>;
  let jobs: ReminderJobs;
  beforeAll(async () => {
    h = await projectionHarness();
    jobs = new ReminderJobs(h.orm.em, loadConfig({}, { frontendDist: '/none' }));
  });
  afterAll(() => h.close());
  beforeEach(() => h.em().execute('DELETE FROM reminder_jobs'));

  it('claims only due jobs, oldest first; claims made at once take each job once', async () => {
    const now = Date.now();
    const due = Array.from({ length: 300 }, (_, i) => reminder(randomUUID(), now - 1000 + i));
    const later = reminder(randomUUID(), now + 60_000);
    await jobs.add([...due, later]);
    await jobs.add([{ ...due[0], data: { ...due[0].data, fireAt: now - 5000 } }]); // a known id keeps its job

    const claims = await Promise.all(Array.from({ length: 4 }, () => jobs.claim(100, now, 30_000)));
    const claimed = claims.flatMap((claim) => claim.jobs.map((job) => job.id));
    expect(claimed).toHaveLength(300);
    expect(new Set(claimed)).toEqual(new Set(due.map((job) => job.id)));
    expect((await jobs.claim(100, now, 30_000)).jobs).toEqual([]);
    expect((await jobs.byId(due[0].id))?.data).toEqual(due[0].data);
    // Oldest first: a claim of one takes the earliest due job.
    await h.em().execute('DELETE FROM reminder_jobs');
    await jobs.add([reminder(randomUUID(), now - 10), due[5]]);
    expect((await jobs.claim(1, now, 30_000)).jobs.map((job) => job.id)).toEqual([due[5].id]);
  });

  it('a claim whose worker died is taken again when its lease ends, and that worker can no longer finish it', async () => {
    const now = Date.now();
    const job = reminder(randomUUID(), now - 1000);
    await jobs.add([job]);
    // The first worker claims the job and is killed before it finishes: nothing releases the claim.
    const dead = await jobs.claim(10, now, 5_000);
    expect(dead.jobs.map((claimed) => [claimed.id, claimed.attempts])).toEqual([[job.id, 1]]);
    expect(await jobs.byId(job.id)).toEqual({ data: job.data, dueAt: now + 5_000, claimed: true });
    expect(await jobs.nextDue()).toBe(now + 5_000); // a sleeping worker wakes when the lease ends
    // Within the lease, no other worker takes it; after it, the next claim does.
    expect((await jobs.claim(10, now + 4_999, 5_000)).jobs).toEqual([]);
    const second = await jobs.claim(10, now + 5_000, 5_000);
    expect(second.jobs.map((claimed) => [claimed.id, claimed.attempts, claimed.data])).toEqual([[job.id, 2, job.data]]);
    // The first claim finishing late changes nothing; the second removes the job.
    await jobs.finish(dead.claim, [job.id], [], now + 6_000);
    expect((await jobs.byId(job.id))?.claimed).toBe(true);
    await jobs.finish(second.claim, [job.id], [], now + 6_000);
    expect(await jobs.byId(job.id)).toBeNull();
  });

  it('a failed job is claimed again a second later, and given up after its fourth attempt', async () => {
    const now = Date.now();
    const job = reminder(randomUUID(), now);
    await jobs.add([job]);
    for (let attempt = 1; attempt <= 3; attempt++) {
      const { claim, jobs: claimed } = await jobs.claim(10, now + attempt * 1000, 30_000);
      expect(claimed.map((c) => c.attempts)).toEqual([attempt]);
      expect(await jobs.finish(claim, [], [job.id], now + attempt * 1000)).toEqual([]);
      expect(await jobs.byId(job.id)).toEqual({ data: job.data, dueAt: now + attempt * 1000 + 1000, claimed: false });
    }
    const last = await jobs.claim(10, now + 4000, 30_000);
    expect(await jobs.finish(last.claim, [], [job.id], now + 4000)).toEqual([job.id]);
    expect(await jobs.byId(job.id)).toBeNull();
  });

  it('a replan while a job is claimed: an unchanged job stays claimed, a moved one is a new job the old claim cannot remove', async () => {
    const now = Date.now();
    const [same, moved] = [reminder(randomUUID(), now - 1000), reminder(randomUUID(), now - 1000)];
    await jobs.add([same, moved]);
    const { claim } = await jobs.claim(10, now, 30_000);
    const movedAgain = reminder(moved.data.kind === 'reminder' ? moved.data.taskId : '', now + 60_000);
    await jobs.write({ plans: [{ taskId: (same.data as { taskId: string }).taskId, jobs: [same] }, { taskId: (moved.data as { taskId: string }).taskId, jobs: [movedAgain] }] });
    expect((await jobs.byId(same.id))?.claimed).toBe(true);
    expect(await jobs.byId(moved.id)).toEqual({ data: movedAgain.data, dueAt: now + 60_000, claimed: false });
    await jobs.finish(claim, [same.id, moved.id], [], now);
    expect(await jobs.byId(same.id)).toBeNull();
    expect((await jobs.byId(moved.id))?.data).toEqual(movedAgain.data);
    // An empty plan cancels the task's jobs.
    await jobs.write({ plans: [{ taskId: (moved.data as { taskId: string }).taskId, jobs: [] }] });
    expect(await jobs.byId(moved.id)).toBeNull();
  });

  it('announces added jobs after the commit, with the earliest time, on the reminder_jobs channel', async () => {
    const listener = new Client({ connectionString: h.orm.config.get('clientUrl') });
    await listener.connect();
    try {
      await listener.query('LISTEN reminder_jobs');
      const heard = new Promise<string>((resolve) => listener.once('notification', (message) => resolve(message.payload!)));
      const at = Date.now() + 60_000;
      await jobs.add([reminder(randomUUID(), at + 5), reminder(randomUUID(), at)]);
      expect(Number(await heard)).toBe(at);
    } finally {
      await listener.end();
    }
  });

  it('moves the jobs an older version left in Bull into the table, once', async () => {
    const config = loadConfig({ QUEUE_PREFIX: `cc-int-${randomUUID()}` }, { frontendDist: '/none' });
    const bull = new Bull(REMINDERS_QUEUE, config.redisUrl, { prefix: config.queuePrefix });
    try {
      const now = Date.now();
      const waiting = Array.from({ length: 3 }, () => reminder(randomUUID(), now + 60_000));
      const refill: PlannedJob = { id: `refill-${randomUUID()}`, data: { kind: 'refill', childId: randomUUID(), eventId: randomUUID(), fireAt: now } };
      for (const { id, data } of [...waiting, refill]) await bull.add(data.kind, data, { jobId: id, delay: Math.max(0, data.fireAt - now) });
      const drain = new LegacyReminderJobs(bull, jobs);
      expect(await drain.drain()).toBe(4);
      for (const { id, data } of [...waiting, refill]) expect((await jobs.byId(id))?.data).toEqual(data as ReminderJobData);
      expect(await bull.getJobCounts()).toMatchObject({ waiting: 0, delayed: 0 });
      expect(await drain.drain()).toBe(0);
    } finally {
      await bull.obliterate({ force: true });
      await bull.close();
    }
  });
});
