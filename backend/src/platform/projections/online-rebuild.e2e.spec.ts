import type { Client } from 'pg';
import { useTestApp } from '../../test-support/test-app';
import { ProjectionRunner } from './projection-runner';
import { PROJECTION_CHANGES_CHANNEL } from './projection-changes';

/**
 * `npm run projections:rebuild` online: the read models are rebuilt into shadow tables while the app
 * serves reads and records commands, then switched in with their checkpoints. Reads answer the old
 * model until the switch and the new one after it; nothing recorded meanwhile is lost or applied
 * twice (the tables equal an offline replay of the whole store afterwards).
 */
describe('projections:rebuild, online', () => {
  let listener: Client;
  const t = useTestApp();
  beforeAll(async () => {
    listener = await t.connection();
    // The projector has taken every projection (its advisory locks) before the first command, so a
    // slow start on a busy machine is not counted against the command's 5 s wait.
    const projections = t.app.get(ProjectionRunner).names.length;
    const held = async () =>
      (
        await t.sql<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND granted AND classid = 7301
              AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
        )
      ).rows[0].n;
    while ((await held()) < projections) {
      // until the projector holds them all (a condition, not a pause)
    }
  });

  it('replays into shadow tables while the app serves, and switches them in without losing an event', async () => {
    const { agent } = await t.signUp({ firstName: 'Online' });
    const maya = (await agent.post('/api/children').send({ firstName: 'Maya', lastName: 'Lopez', dateOfBirth: '2018-03-04' }).expect(201)).body;
    const leo = (await agent.post('/api/children').send({ name: 'Leo Park' }).expect(201)).body;
    await agent.post(`/api/children/${maya.id}/medications`).send({ name: 'Oxybutynin', dosage: '0.5 ml' }).expect(201);
    const tasks = (await agent.post(`/api/children/${maya.id}/tasks`).send({ name: 'Cath', category: 'catheterization', scheduledTimes: ['06:00', '09:00', '12:00', '15:00', '18:00', '21:00'] }).expect(201)).body;
    await agent.put(`/api/tasks/${tasks[0].id}/complete`).send({ notes: 'ok' }).expect(200);
    await agent.put(`/api/tasks/${tasks[1].id}`).send({ name: 'Cath (morning)', scheduledTime: '09:30' }).expect(200);
    await agent.delete(`/api/tasks/${tasks[5].id}`).send({ reason: 'Doctor changed the plan' }).expect(204);
    await agent.post(`/api/children/${leo.id}/tasks`).send({ name: 'Keppra', category: 'medication', scheduledTimes: ['08:00', '20:00'] }).expect(201);
    const contact = (await agent.post('/api/emergency-contacts').send({ name: 'Grandma', phoneNumber: '(202) 555-0143' }).expect(201)).body;
    await agent.post(`/api/children/${maya.id}/updates`).send({ text: 'Good day', important: true }).expect(201);

    const runner = t.app.get(ProjectionRunner);
    const tables = runner.tables;
    const snapshot = async () =>
      Object.fromEntries(await Promise.all(tables.map(async (table) => [table, (await t.sql(`SELECT * FROM ${table} ORDER BY 1`)).rows])));
    const schemaObjects = async () =>
      (
        await t.sql(
          `SELECT c.relname AS table, i.relname AS index, pg_get_indexdef(i.oid) AS definition
             FROM pg_index x JOIN pg_class c ON c.oid = x.indrelid JOIN pg_class i ON i.oid = x.indexrelid
            WHERE c.relnamespace = 'public'::regnamespace AND c.relname = ANY($1)
           UNION ALL
           SELECT c.relname, con.conname, pg_get_constraintdef(con.oid) FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid
            WHERE c.relnamespace = 'public'::regnamespace AND c.relname = ANY($1)
           ORDER BY 1, 2, 3`,
          [tables],
        )
      ).rows;
    const namesBefore = await schemaObjects();
    // What a faulty projection left in the live model, and a parked event of it: the rebuild corrects both.
    await t.sql(`UPDATE children SET name = 'Stale name' WHERE id = $1`, [maya.id]);
    await t.sql(
      `INSERT INTO projection_failures (projection, position, event_id, stream_id, revision, event_type, error, attempts, first_seen_at, last_seen_at)
       SELECT 'care-recipients.children', global_position, event_id, stream_id, revision, type, 'a defect since fixed', 4, now(), now()
         FROM es_events WHERE type = 'CareRecipientAdded' ORDER BY global_position LIMIT 1`,
    );

    // Reads through the whole rebuild: always the whole list, the old name until the switch, then the new one.
    const seen: string[] = [];
    let rebuilding = true;
    const reader = (async () => {
      while (rebuilding) {
        const res = await agent.get('/api/children').expect(200);
        const names = (res.body as { id: string; name: string }[]).map((child) => child.name).sort();
        expect(names).toContain('Leo Park');
        seen.push(names.find((name) => name !== 'Leo Park' && name !== 'Nora Lopez')!);
      }
    })();

    const announced: { p: string; c: string[] }[] = [];
    // A notification holds an array of announcements (ProjectionChangePublisher).
    listener.on('notification', (message) => announced.push(...[JSON.parse(message.payload!)].flat()));
    await listener.query(`LISTEN ${PROJECTION_CHANGES_CHANNEL}`);

    const completions = async () => (await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM es_events WHERE type = 'TaskCompleted'`)).rows[0].n;
    let recordedDuringReplay = false;
    let duringHandOver: Promise<unknown> | null = null;
    let liveWhileReplaying: string | null = null;
    try {
      const { events, handOverMs } = await runner.rebuildOnline(runner.names, {
        batchSize: 10,
        progress: async (phase) => {
          if (phase === 'replaying' && !recordedDuringReplay) {
            recordedDuringReplay = true;
            // Commands answer during the replay: the live projectors apply them to the live tables.
            await agent.put(`/api/tasks/${tasks[2].id}/complete`).send({ notes: 'during the replay' }).expect(200);
            const nora = (await agent.post('/api/children').send({ firstName: 'Nora', lastName: 'Lopez' }).expect(201)).body;
            await agent.post(`/api/children/${nora.id}/medications`).send({ name: 'Iron', dosage: '1 ml' }).expect(201);
            await agent.put(`/api/emergency-contacts/${contact.id}`).send({ name: 'Grandma Rosa', phoneNumber: '202 555 0143' }).expect(200);
            liveWhileReplaying = (await t.sql<{ name: string }>('SELECT name FROM children WHERE id = $1', [maya.id])).rows[0].name;
          }
          if (phase === 'paused') {
            // A command during the hand-over: appended now, applied by the hand-over, answered after the switch.
            await listener.query('SELECT 1'); // what the projectors announced before they let go has arrived
            announced.length = 0;
            const before = await completions();
            duringHandOver = agent.put(`/api/tasks/${tasks[3].id}/complete`).send({ notes: 'during the hand-over' }).then((res) => res);
            while ((await completions()) === before) {
              // until its event is in the store (a condition, not a pause)
            }
          }
        },
      });
      expect(events).toBeGreaterThan(0);
      expect(handOverMs).toBeLessThan(5000);
    } finally {
      rebuilding = false;
      await reader;
    }
    expect(recordedDuringReplay).toBe(true);
    expect(liveWhileReplaying).toBe('Stale name'); // the replay wrote its own tables, not the live ones
    expect(((await duringHandOver!) as { status: number }).status).toBe(200);

    // Reads saw the old model, then the rebuilt one, and nothing in between.
    expect(seen[0]).toBe('Stale name');
    expect(seen[seen.length - 1]).toBe('Maya Lopez');
    const switchedAt = seen.indexOf('Maya Lopez');
    expect(seen.slice(0, switchedAt).every((name) => name === 'Stale name')).toBe(true);
    expect(seen.slice(switchedAt).every((name) => name === 'Maya Lopez')).toBe(true);

    // Every projection goes on from the switched checkpoint: wait until all have passed the store's head.
    const head = BigInt((await t.sql<{ head: string }>('SELECT max(global_position)::text AS head FROM es_events')).rows[0].head);
    await runner.waitFor(head);
    const online = await snapshot();
    expect(online.children.map((row: { name: string }) => row.name).sort()).toEqual(['Leo Park', 'Maya Lopez', 'Nora Lopez']);
    expect((await t.sql('SELECT * FROM projection_failures')).rows).toEqual([]);
    expect((await t.sql(`SELECT 1 FROM pg_namespace WHERE nspname = 'projection_rebuild'`)).rows).toEqual([]);
    expect(await schemaObjects()).toEqual(namesBefore); // the names the migrations gave, so later migrations still apply
    // The hand-over announced what it applied (the projectors, paused, never saw that event).
    await listener.query('SELECT 1'); // notifications sent before this round trip have arrived
    expect(announced.some((a) => a.p === 'scheduling.daily-tasks' && a.c.includes(maya.id))).toBe(true);

    // The same rows as a replay of the whole store with the projectors stopped: nothing lost or applied twice.
    await runner.stop();
    await runner.rebuild();
    expect(await snapshot()).toEqual(online);
  }, 60_000);
});
