import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import type { TestDatabase } from '../../test-support/database';
import { storeOnFreshDatabase, type StoreOnFreshDatabase } from '../../test-support/store-database';
import { streamName } from '../event-store/event-store.contract';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import type { ProjectionRunner } from '../projections/projection-runner';
import type { CommandMetadata, Decider } from './decider';
import { EventSourcedStreams } from './event-sourced-streams';

/** A counter that refuses to go past 2: enough to see each command decided on its stream's own state. */
type Add = { type: 'Add'; metadata: CommandMetadata };
type Added = { type: 'Added'; data: { total: number } };
const counter: Decider<Add, Added, number> = {
  initialState: () => 0,
  evolve: (total) => total + 1,
  decide: (_command, total) => {
    if (total >= 2) throw new Error('full');
    return [{ type: 'Added', data: { total: total + 1 } }];
  },
};
const add = (): Add => ({ type: 'Add', metadata: { actorId: null, correlationId: randomUUID(), occurredAt: '2026-11-27T08:00:00.000Z' } });

async function openStore(database: TestDatabase) {
  const pool = new Pool({ connectionString: database.url, max: 5 });
  const store = new PostgresEventStore(pool);
  await store.init();
  return { pool, store };
}

describe('EventSourcedStreams.executeMany', () => {
  let opened: StoreOnFreshDatabase<Awaited<ReturnType<typeof openStore>>>;
  let streams: EventSourcedStreams;

  beforeAll(async () => {
    opened = await storeOnFreshDatabase(openStore);
    // executeMany never waits for the projections.
    streams = new EventSourcedStreams(opened.store, {} as ProjectionRunner);
  });
  afterAll(() => opened.close());

  const totals = async (ids: string[]) =>
    Promise.all(ids.map(async (id) => (await opened.store.readStream(id)).map((e) => e.data.total)));

  it('decides each stream on its own state, appends them together and answers each in order', async () => {
    const [fresh, once, full] = ['fresh', 'once', 'full'].map(streamName);
    await streams.execute(once, counter, add(), { awaitProjections: false });
    for (let i = 0; i < 2; i++) await streams.execute(full, counter, add(), { awaitProjections: false });
    const appendMany = jest.spyOn(opened.store, 'appendMany');

    const outcomes = await streams.executeMany(counter, [fresh, once, full].map((streamId) => ({ streamId, command: add() })));

    expect(outcomes.slice(0, 2)).toEqual([
      { status: 'fulfilled', value: [{ type: 'Added', data: { total: 1 } }] },
      { status: 'fulfilled', value: [{ type: 'Added', data: { total: 2 } }] },
    ]);
    expect(outcomes[2]).toMatchObject({ status: 'rejected', reason: new Error('full') });
    expect(appendMany).toHaveBeenCalledTimes(1);
    expect(await totals([fresh, once, full])).toEqual([[1], [1, 2], [1, 2]]);
    appendMany.mockRestore();
  });

  it('decides a stream again on its fresh state when another writer changed it between the read and the append', async () => {
    const [raced, calm] = ['raced', 'calm'].map(streamName);
    const appendMany = opened.store.appendMany.bind(opened.store);
    const spy = jest.spyOn(opened.store, 'appendMany').mockImplementationOnce(async (appends) => {
      await opened.store.append(raced, [{ type: 'Added', data: { total: 1 }, metadata: { ...add().metadata, causationId: null } }], 'no_stream');
      return appendMany(appends);
    });

    const outcomes = await streams.executeMany(counter, [raced, calm].map((streamId) => ({ streamId, command: add() })));

    expect(outcomes).toEqual([
      { status: 'fulfilled', value: [{ type: 'Added', data: { total: 2 } }] },
      { status: 'fulfilled', value: [{ type: 'Added', data: { total: 1 } }] },
    ]);
    expect(await totals([raced, calm])).toEqual([[1, 2], [1]]);
    spy.mockRestore();
  });

  it('fails only the appended commands when the append itself fails', async () => {
    const [full, fresh] = ['full', 'fresh'].map(streamName);
    for (let i = 0; i < 2; i++) await streams.execute(full, counter, add(), { awaitProjections: false });
    const spy = jest.spyOn(opened.store, 'appendMany').mockRejectedValueOnce(new Error('connection lost'));

    const outcomes = await streams.executeMany(counter, [full, fresh].map((streamId) => ({ streamId, command: add() })));

    expect(outcomes).toMatchObject([
      { status: 'rejected', reason: new Error('full') },
      { status: 'rejected', reason: new Error('connection lost') },
    ]);
    expect(await totals([fresh])).toEqual([[]]);
    spy.mockRestore();
  });
});
