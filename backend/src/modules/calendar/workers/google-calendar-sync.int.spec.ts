import { randomUUID } from 'node:crypto';
import Bull, { type Queue } from 'bull';
import { until } from '../../../test-support/until';
import { enqueueSync, GOOGLE_CALENDAR_SYNC_QUEUE, SYNC_JOB } from './google-calendar-sync.job';

jest.setTimeout(30_000);

describe('background Google sync jobs, coalesced per user (Bull on Redis)', () => {
  let queue: Queue;
  beforeEach(() => {
    queue = new Bull(GOOGLE_CALENDAR_SYNC_QUEUE, process.env.REDIS_URL || 'redis://127.0.0.1:6379', { prefix: `cc-test-${randomUUID()}` });
  });
  afterEach(async () => {
    await queue.obliterate({ force: true });
    await queue.close();
  });

  const waitingIds = async () => (await queue.getJobs(['delayed', 'waiting'])).map((job) => String(job.id)).sort();

  it('changes while a job waits are taken by it: one job per user', async () => {
    await enqueueSync(queue, 'ana');
    await enqueueSync(queue, 'ana');
    await enqueueSync(queue, 'ben');
    await enqueueSync(queue, 'ana');
    expect(await waitingIds()).toEqual(['ana', 'ben']);
  });

  it('a change during a running sync queues one follow-up, which runs after it', async () => {
    const runs: string[] = [];
    let release!: () => void;
    const firstRunHeld = new Promise<void>((resolve) => (release = resolve));
    void queue.process(SYNC_JOB, 1, async (job) => {
      runs.push(String(job.id));
      if (runs.length === 1) await firstRunHeld;
    });
    await enqueueSync(queue, 'ana');
    await until('the first sync running', () => runs.length === 1);

    await enqueueSync(queue, 'ana');
    await enqueueSync(queue, 'ana');
    expect(await waitingIds()).toEqual(['ana:again']);

    release();
    await until('the follow-up run', () => runs.length === 2);
    expect(runs).toEqual(['ana', 'ana:again']);
    await until('nothing left', async () => {
      const { delayed, waiting, active } = await queue.getJobCounts();
      return delayed + waiting + active === 0;
    });
    // Done jobs are removed: the next change starts again from the user's own id.
    await enqueueSync(queue, 'ana');
    expect(await waitingIds()).toEqual(['ana']);
  });
});
