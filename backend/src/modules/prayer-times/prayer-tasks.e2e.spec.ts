import { randomUUID } from 'node:crypto';
import type TestAgent from 'supertest/lib/agent';
import { addDays, instantToLocal, localDate, type Task } from '@carecircle/libs';
import { signUpFamilyAndStranger, type FamilyAndStranger } from '../../test-support/family-and-stranger';
import { useTestApp } from '../../test-support/test-app';
import { until } from '../../test-support/until';
import { allProjectionsCaughtUp } from '../../test-support/event-count';
import type { Redis } from 'ioredis';
import { ProjectionRunner } from '../../platform/projections/projection-runner';
import { REDIS } from '../../platform/queue/queue.module';
import { prayerDay } from './domain/prayer-day';
import { PrayerTasksJob } from './workers/prayer-tasks.job';

const PRAYERS = ['Fajr', 'Dhuhr', 'Asr', 'Maghrib', 'Isha'];
const PASSWORD = 'correct horse battery';

/**
 * A fixed-offset zone where it is now between midnight and 1 am, so all five of today's prayers are
 * still ahead whatever hour the test runs at, and a location whose sun matches that zone (longitude
 * 15 degrees an hour), so the prayers fall on that local date.
 */
function justAfterMidnight(now = new Date()): { timezone: string; latitude: number; longitude: number } {
  const hour = now.getUTCHours();
  const offset = hour <= 12 ? -hour : 24 - hour; // UTC-12 .. UTC+11
  const timezone = offset === 0 ? 'Etc/UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
  // Not exactly -180 at UTC-12 (noon UTC): adhan reads that meridian as +180, the day after's sun (the
  // server's tasks are right there, the test's own expectation from timesOn would not be).
  return { timezone, latitude: 21.42248712, longitude: Math.max(-179.5, Math.min(180, offset * 15)) };
}

/** The fixed-offset zone one hour east of `zone` (an Etc/GMT zone or Etc/UTC). */
function zoneEastOf(zone: string): string {
  const offset = Number(zone.replace('Etc/GMT', '').replace('Etc/UTC', '0')) * -1;
  return offset + 1 === 0 ? 'Etc/UTC' : `Etc/GMT${offset + 1 > 0 ? '-' : '+'}${Math.abs(offset + 1)}`;
}

describe('prayer tasks (issue 24) over HTTP', () => {
  let f: FamilyAndStranger;
  let place: ReturnType<typeof justAfterMidnight>;
  let today: string;
  let secondChildId: string;

  const prayerTasks = async (agent: TestAgent, childId: string, date = today): Promise<Task[]> =>
    ((await agent.get(`/api/children/${childId}/tasks`).query({ date }).expect(200)).body as Task[])
      .filter((task) => task.category === 'prayer')
      .sort((a, b) => a.scheduledTime.localeCompare(b.scheduledTime));
  const expectTimes = (tasks: Task[], method: number, date = today) => {
    const { times } = prayerDay({ ...place, method, date, now: new Date() });
    expect(tasks.map((task) => task.name)).toEqual(PRAYERS);
    for (const task of tasks) {
      const expected = times.find((time) => time.name === task.name)!.time;
      expect(Math.abs(Date.parse(task.scheduledTime) - expected.getTime())).toBeLessThan(60_000);
      expect(task).toMatchObject({ category: 'prayer', status: 'pending', timezone: place.timezone, scheduledDate: date, templateId: null });
      expect(instantToLocal(task.scheduledTime, place.timezone)).toEqual({ date, time: task.localTime });
    }
  };

  const t = useTestApp({}, 60_000);
  beforeAll(async () => {
    f = await signUpFamilyAndStranger(t);
    place = justAfterMidnight();
    today = localDate(new Date(), place.timezone);
    await f.as.owner.patch('/api/user/timezone').send({ timezone: place.timezone }).expect(200);
    await f.as.editor.patch('/api/user/timezone').send({ timezone: place.timezone }).expect(200);
    secondChildId = (await f.as.owner.post('/api/children').send({ firstName: 'Noor', lastName: 'Lopez' }).expect(201)).body.id;
  }, 60_000);

  it('refuses half a location and coordinates out of range with a 400 naming the field, and changes nothing', async () => {
    const cases: [object, string][] = [
      [{ latitude: 10 }, 'latitude and longitude go together: give both or neither'],
      [{ enablePrayerTasks: true, longitude: 10 }, 'latitude and longitude go together: give both or neither'],
      [{ latitude: 90.01, longitude: 0 }, 'latitude must be a number from -90 to 90'],
      [{ latitude: 0, longitude: -180.5 }, 'longitude must be a number from -180 to 180'],
      [{ latitude: '10', longitude: '20' }, 'latitude must be a number from -90 to 90'],
      [{ latitude: null, longitude: 20 }, 'latitude and longitude go together: give both or neither'],
    ];
    for (const [body, message] of cases) {
      const res = await f.as.owner.patch('/api/user/prayer-settings').send(body).expect(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    expect((await f.as.owner.get('/api/auth/user').expect(200)).body).toMatchObject({ enablePrayerTasks: false, latitude: null, longitude: null });
    const events = await t.sql(`SELECT count(*)::int AS n FROM es_events WHERE stream_id = $1 AND type = 'PrayerSettingsChanged'`, [`user-${f.owner.id}`]);
    expect(events.rows[0].n).toBe(0);
    expect(await prayerTasks(f.as.owner, f.childId)).toEqual([]);
  });

  it("turned on: the five prayers at the computed times in the user's zone, on each of their own recipients only", async () => {
    const res = await f.as.owner
      .patch('/api/user/prayer-settings')
      .send({ enablePrayerTasks: true, latitude: place.latitude, longitude: place.longitude })
      .expect(200);
    expect(res.body).toMatchObject({ enablePrayerTasks: true, prayerCalculationMethod: 2, latitude: '21.42248712', longitude: `${place.longitude.toFixed(8)}` });
    // Answered once the tasks are there (read-your-writes): today's and tomorrow's, nothing further.
    expectTimes(await prayerTasks(f.as.owner, f.childId), 2);
    expectTimes(await prayerTasks(f.as.owner, secondChildId), 2);
    expectTimes(await prayerTasks(f.as.owner, f.childId, addDays(today, 1)), 2, addDays(today, 1));
    expect(await prayerTasks(f.as.owner, f.childId, addDays(today, 2))).toEqual([]);
    // The family sees them on the shared recipient; the other family has none.
    expect((await prayerTasks(f.as.editor, f.childId)).map((task) => task.name)).toEqual(PRAYERS);
    expect(await prayerTasks(f.as.stranger, f.strangerChildId)).toEqual([]);
    await f.as.stranger.get(`/api/children/${f.childId}/tasks`).query({ date: today }).expect(404);
    // The location is personal data: encrypted in the event.
    const stored = await t.sql(`SELECT data::text AS data FROM es_events WHERE stream_id = $1 AND type = 'PrayerSettingsChanged'`, [`user-${f.owner.id}`]);
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0].data).not.toContain('21.42248712');
  });

  it("a secondary caregiver's setting writes into no other family's recipient, and re-running makes nothing twice", async () => {
    await f.as.editor.patch('/api/user/prayer-settings').send({ enablePrayerTasks: true }).expect(200);
    expect((await prayerTasks(f.as.owner, f.childId)).map((task) => task.name)).toEqual(PRAYERS);
    const before = (await t.sql(`SELECT count(*)::int AS n FROM es_events WHERE type = 'TaskScheduled'`)).rows[0].n;
    const swept = await t.app.get(PrayerTasksJob).sweep(new Date());
    expect(swept).toMatchObject({ scheduled: 0, moved: 0, removed: 0, failed: 0 });
    await f.as.owner.patch('/api/user/prayer-settings').send({ enablePrayerTasks: true }).expect(200);
    expect((await t.sql(`SELECT count(*)::int AS n FROM es_events WHERE type = 'TaskScheduled'`)).rows[0].n).toBe(before);
    expect(await prayerTasks(f.as.owner, secondChildId)).toHaveLength(5);
  });

  it('a change of method moves the pending ones to the new times; the same tasks, History says so', async () => {
    const before = await prayerTasks(f.as.owner, f.childId);
    await f.as.owner.patch('/api/user/prayer-settings').send({ prayerCalculationMethod: 1 }).expect(200);
    const after = await prayerTasks(f.as.owner, f.childId);
    expectTimes(after, 1);
    expect(after.map((task) => task.id)).toEqual(before.map((task) => task.id));
    const fajr = after[0];
    expect(fajr.localTime).not.toBe(before[0].localTime); // Karachi's Fajr angle is 18 degrees, North America's 15
    const history = (await f.as.owner.get(`/api/tasks/${fajr.id}/history`).expect(200)).body.items as { type: string }[];
    expect(history.map((entry) => entry.type)).toEqual(['TaskScheduled', 'TaskUpdated']);
  });

  it('a new recipient of a user with prayer tasks on gets them too', async () => {
    const childId = (await f.as.owner.post('/api/children').send({ firstName: 'Sami', lastName: 'Lopez' }).expect(201)).body.id;
    const tasks = await until('the new recipient’s prayer tasks', async () => {
      const found = await prayerTasks(f.as.owner, childId);
      return found.length === 5 && found;
    });
    expectTimes(tasks, 1);
  });

  it('turned off: the pending ones ahead are removed with a reason; a completed one keeps its history', async () => {
    const [fajr, dhuhr] = await prayerTasks(f.as.owner, f.childId);
    await f.as.owner.put(`/api/tasks/${fajr.id}/complete`).send({}).expect(200);
    await f.as.owner.patch('/api/user/prayer-settings').send({ enablePrayerTasks: false }).expect(200);
    const left = await prayerTasks(f.as.owner, f.childId);
    expect(left.map((task) => [task.name, task.status])).toEqual([['Fajr', 'completed']]);
    expect(await prayerTasks(f.as.owner, secondChildId)).toEqual([]);
    expect(await prayerTasks(f.as.owner, f.childId, addDays(today, 1))).toEqual([]);
    const history = (await f.as.owner.get(`/api/tasks/${dhuhr.id}/history`).expect(200)).body.items as { type: string; data: { reason?: string } }[];
    expect(history.at(-1)).toMatchObject({ type: 'TaskRemoved', data: { reason: 'Prayer tasks turned off' } });
    // Nothing comes back while off.
    expect(await t.app.get(PrayerTasksJob).sweep(new Date())).toMatchObject({ scheduled: 0 });
    expect(await prayerTasks(f.as.owner, secondChildId)).toEqual([]);
  });

  it('turned on again: the day’s remaining prayers are made again (a new period of tasks)', async () => {
    await f.as.owner.patch('/api/user/prayer-settings').send({ enablePrayerTasks: true }).expect(200);
    expectTimes(await prayerTasks(f.as.owner, secondChildId), 1);
    // Fajr, completed before they were turned off, is not made a second time.
    const again = await prayerTasks(f.as.owner, f.childId);
    expect(again.map((task) => [task.name, task.status])).toEqual([['Fajr', 'completed'], ...PRAYERS.slice(1).map((name) => [name, 'pending'])]);
  });

  it("a change of time zone moves the pending ones at once: PATCH /api/user/timezone answers once they are at the new zone's times", async () => {
    const user = await t.signUp();
    const childId = (await user.agent.post('/api/children').send({ firstName: 'Yusuf', lastName: 'Ali' }).expect(201)).body.id;
    await user.agent.patch('/api/user/timezone').send({ timezone: place.timezone }).expect(200);
    await user.agent.patch('/api/user/prayer-settings').send({ enablePrayerTasks: true, latitude: place.latitude, longitude: place.longitude }).expect(200);
    const before = await prayerTasks(user.agent, childId);
    expectTimes(before, 2);
    // One hour further east (a zone of the same date: it is 1 am there).
    const east = zoneEastOf(place.timezone);
    expect((await user.agent.patch('/api/user/timezone').send({ timezone: east }).expect(200)).body.timezone).toBe(east);
    // Read right after the answer, without waiting: the tasks are already in the new zone.
    const after = await prayerTasks(user.agent, childId);
    const { times } = prayerDay({ ...place, timezone: east, method: 2, date: today, now: new Date() });
    expect(after.map((task) => task.id)).toEqual(before.map((task) => task.id));
    for (const task of after) {
      const expected = times.find((time) => time.name === task.name)!.time;
      expect(Math.abs(Date.parse(task.scheduledTime) - expected.getTime())).toBeLessThan(60_000);
      expect(task).toMatchObject({ status: 'pending', timezone: east, scheduledDate: today });
      expect(instantToLocal(task.scheduledTime, east)).toEqual({ date: today, time: task.localTime });
    }
    // Tomorrow's moved with them.
    const tomorrow = addDays(today, 1);
    expect((await prayerTasks(user.agent, childId, tomorrow)).map((task) => [task.name, task.timezone, task.scheduledDate])).toEqual(PRAYERS.map((name) => [name, east, tomorrow]));
    // Nothing was left for the 15-minute job to do.
    const metadata = { actorId: null, correlationId: randomUUID(), occurredAt: new Date().toISOString() };
    expect(await t.app.get(PrayerTasksJob).sync(user.user.id, metadata)).toEqual({ scheduled: 0, moved: 0, removed: 0 });
  });

  it('the 15-minute job running beside zone changes makes nothing twice and leaves every task at the last zone', async () => {
    const user = await t.signUp();
    const childId = (await user.agent.post('/api/children').send({ firstName: 'Amina', lastName: 'Ali' }).expect(201)).body.id;
    await user.agent.patch('/api/user/timezone').send({ timezone: place.timezone }).expect(200);
    await user.agent.patch('/api/user/prayer-settings').send({ enablePrayerTasks: true, latitude: place.latitude, longitude: place.longitude }).expect(200);
    const job = t.app.get(PrayerTasksJob);
    const east = zoneEastOf(place.timezone);
    // Back and forth, each change side by side with a sweep and a run of the job for this user.
    for (const timezone of [east, place.timezone, east]) {
      const metadata = { actorId: null, correlationId: randomUUID(), occurredAt: new Date().toISOString() };
      const [changed, swept] = await Promise.all([user.agent.patch('/api/user/timezone').send({ timezone }), job.sweep(new Date()), job.sync(user.user.id, metadata)]);
      expect(changed.status).toBe(200);
      expect(swept.failed).toBe(0);
    }
    // Once the job's own writes are read: today's five and tomorrow's five, each made once, all in the last zone.
    await allProjectionsCaughtUp(t.app);
    const scheduled = await t.sql(`SELECT stream_id, count(*)::int AS n FROM es_events WHERE type = 'TaskScheduled' AND data->>'childId' = $1 GROUP BY stream_id`, [childId]);
    expect(scheduled.rows).toHaveLength(10);
    expect(scheduled.rows.every((row) => row.n === 1)).toBe(true);
    for (const date of [today, addDays(today, 1)]) {
      expect((await prayerTasks(user.agent, childId, date)).map((task) => [task.name, task.timezone, task.scheduledDate])).toEqual(PRAYERS.map((name) => [name, east, date]));
    }
    const metadata = { actorId: null, correlationId: randomUUID(), occurredAt: new Date().toISOString() };
    expect(await job.sync(user.user.id, metadata)).toEqual({ scheduled: 0, moved: 0, removed: 0 });
  });

  it("one sync of a user at a time: while another process holds the user's sync, the job waits for it, then does its part", async () => {
    const user = await t.signUp();
    await user.agent.post('/api/children').send({ firstName: 'Zaid', lastName: 'Ali' }).expect(201);
    await user.agent.patch('/api/user/prayer-settings').send({ latitude: place.latitude, longitude: place.longitude }).expect(200);
    const redis = t.app.get<Redis>(REDIS);
    const key = `prayer-task-sync:${user.user.id}`;
    await redis.set(key, 'another-process', 'PX', 30_000);
    const tries = jest.spyOn(redis, 'set');
    try {
      let settled = false;
      const metadata = { actorId: null, correlationId: randomUUID(), occurredAt: new Date().toISOString() };
      const run = t.app.get(PrayerTasksJob).sync(user.user.id, metadata).finally(() => (settled = true));
      await until('the job tried the held lock twice', async () => tries.mock.calls.filter((call) => (call as unknown[])[0] === key).length >= 2);
      expect(settled).toBe(false);
      await redis.del(key);
      await run;
      expect(await redis.get(key)).toBeNull(); // released
    } finally {
      tries.mockRestore();
    }
  });

  it('erasing the user destroys the key of the location, and removes the row that held it', async () => {
    const user = await t.signUp({ email: 'prayer-erase@example.com', password: PASSWORD });
    await user.agent.patch('/api/user/prayer-settings').send({ latitude: 33.12345678, longitude: 44.5 }).expect(200);
    expect((await t.sql('SELECT latitude::text AS latitude FROM users WHERE id = $1', [user.user.id])).rows).toEqual([{ latitude: '33.12345678' }]);
    await user.agent.delete('/api/user').send({ password: PASSWORD }).expect(204);
    expect((await t.sql('SELECT id FROM users WHERE id = $1', [user.user.id])).rows).toEqual([]);
    expect((await t.sql('SELECT key FROM data_keys WHERE subject_id = $1', [user.user.id])).rows).toEqual([{ key: null }]);
    const stored = await t.sql(`SELECT data::text AS data FROM es_events WHERE stream_id = $1`, [`user-${user.user.id}`]);
    for (const row of stored.rows) expect(row.data).not.toContain('33.12345678');
  });

  it('projections:rebuild gives the same prayer task rows as the live run (moves, removals and periods included)', async () => {
    const snapshot = async () => (await t.sql(`SELECT * FROM daily_tasks WHERE category = 'prayer' ORDER BY id`)).rows;
    await allProjectionsCaughtUp(t.app);
    const live = await snapshot();
    expect(live.length).toBeGreaterThan(20);
    const runner = t.app.get(ProjectionRunner);
    await runner.stop(); // the rebuild needs the live projector stopped (the last test of this app)
    await runner.rebuild();
    expect(await snapshot()).toEqual(live);
  });
});
