import { Client, Pool } from 'pg';
import type { TestDatabase } from '../../test-support/database';
import { storeOnFreshDatabase, type StoreOnFreshDatabase } from '../../test-support/store-database';
import type { RecordedEvent, Subscription } from './event-store';
import { eventStoreContract, eventually, streamName, testEvent } from './event-store.contract';
import { PostgresEventStore } from './postgres-event-store';

async function openStore(database: TestDatabase) {
  const pool = new Pool({ connectionString: database.url, max: 20 });
  const store = new PostgresEventStore(pool);
  await store.init();
  return { pool, store };
}

eventStoreContract('PostgreSQL', () => storeOnFreshDatabase(openStore));

describe('PostgresEventStore', () => {
  let opened: StoreOnFreshDatabase<Awaited<ReturnType<typeof openStore>>> | undefined;
  let database: TestDatabase;
  let pool: Pool;
  let store: PostgresEventStore;
  /** A connection of the test's own; ending it after each test drops its locks and open transaction. */
  let raw: Client;
  let subscription: Subscription | undefined;

  beforeAll(async () => {
    opened = await storeOnFreshDatabase(openStore);
    ({ database, pool, store } = opened);
    // Counts the store's finished reads (a subscription's every look at the store is one): the tests
    // below wait for the subscriber to have looked again, not for a fixed time.
    const readAll = store.readAll.bind(store);
    store.readAll = async (...args: Parameters<PostgresEventStore['readAll']>) => {
      const batch = await readAll(...args);
      readsFinished += 1;
      return batch;
    };
  });
  beforeEach(async () => {
    raw = new Client({ connectionString: database.url });
    await raw.connect();
  });
  afterEach(async () => {
    await raw.end();
    await subscription?.stop();
    subscription = undefined;
  });
  afterAll(() => opened?.close());

  const follow = () => {
    const delivered: RecordedEvent[] = [];
    subscription = store.subscribe(null, { handle: async (batch) => void delivered.push(...batch) });
    return delivered;
  };
  let readsFinished = 0;
  /** Resolves once `rounds` reads of the store that began after this call have finished. */
  const readRounds = async (rounds: number) => {
    // A read in flight now may have begun before: it is not counted.
    const target = readsFinished + 1 + rounds;
    await eventually(() => readsFinished >= target);
  };

  it('creates its schema idempotently, also from concurrent callers', async () => {
    await Promise.all([store.init(), store.init(), new PostgresEventStore(pool).init()]);
    const { rows } = await pool.query(`SELECT table_name FROM information_schema.tables WHERE table_name LIKE 'es\\_%' ORDER BY 1`);
    expect(rows.map((r) => r.table_name)).toEqual(['es_events', 'es_streams']);
  });

  /**
   * The global-ordering gap. One append takes its positions first but commits last; meanwhile many
   * later-numbered appends commit. A reader that only filtered by position would deliver those later
   * events and move past the held ones for good. The hold runs the real append path: a trigger on
   * es_streams (written after the events, before COMMIT) waits for an advisory lock the test holds.
   */
  it('delivers an append that commits after later-numbered ones in position order, none skipped', async () => {
    const HOLD_KEY = 7399;
    await raw.query(`
      CREATE FUNCTION test_hold_commit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_advisory_xact_lock_shared(${HOLD_KEY}); RETURN NEW; END $$;
      CREATE TRIGGER test_hold_commit BEFORE INSERT OR UPDATE ON es_streams
      FOR EACH ROW WHEN (NEW.stream_id LIKE 'held-%') EXECUTE FUNCTION test_hold_commit();`);
    const before = await Promise.all([1, 2, 3].map(() => store.append(streamName('before'), [testEvent()], 'no_stream')));
    const delivered = follow();
    await eventually(() => delivered.length === 3);

    await raw.query('SELECT pg_advisory_lock($1)', [HOLD_KEY]);
    const held = store.append(streamName('held'), [testEvent(), testEvent()], 'no_stream');
    // The held append has inserted its events (xid and positions taken) and waits in the trigger.
    await eventually(async () => {
      const { rowCount } = await raw.query(`SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND NOT granted`, [HOLD_KEY]);
      return rowCount === 1;
    });
    // These commit while the held one is open: the append-order lock is not held until commit.
    const later = await Promise.all(
      Array.from({ length: 30 }, (_, i) => store.append(streamName('later'), [testEvent('Ticked', { i })], 'no_stream')),
    );
    // The later appends notified at commit: the subscriber looks three more times, and still may not deliver them.
    await readRounds(3);
    expect(delivered.map((e) => e.position)).toEqual(before.map((r) => r.position).sort((x, y) => (x < y ? -1 : 1)));

    await raw.query('SELECT pg_advisory_unlock($1)', [HOLD_KEY]);
    const heldResult = await held;
    await eventually(() => delivered.length === 3 + 2 + 30);
    await readRounds(2); // two more looks, where a duplicate would show up

    const positions = delivered.map((e) => e.position);
    expect(new Set(positions).size).toBe(positions.length);
    for (let i = 1; i < positions.length; i++) expect(positions[i]).toBeGreaterThan(positions[i - 1]);
    // The scenario really happened: the held events are numbered before every later one.
    expect(heldResult.position).toBeLessThan(later.reduce((low, r) => (r.position < low ? r.position : low), later[0].position));
    const all = await store.readAll(null);
    expect(delivered).toEqual(all);
  });

  it('delivers events held back by a transaction that ends without notifying (polling)', async () => {
    const delivered = follow();
    await readRounds(1); // the subscriber is running before the transaction begins
    await raw.query('BEGIN');
    await raw.query('SELECT pg_current_xact_id()'); // an xid older than the appends below
    const appended = await Promise.all([1, 2, 3].map(() => store.append(streamName('polled'), [testEvent()], 'no_stream')));
    const positions = new Set(appended.map((r) => r.position));
    await readRounds(3); // the subscriber looks three times while the transaction hides them
    expect(delivered.filter((e) => positions.has(e.position))).toEqual([]);

    await raw.query('ROLLBACK');

    await eventually(() => delivered.filter((e) => positions.has(e.position)).length === 3);
  });

  it('reports a conflict, not a unique violation, when a writer bypasses the stream lock', async () => {
    const stream = streamName('bypassed');
    await store.append(stream, [testEvent()], 'no_stream');
    // Another writer already took revision 1 but es_streams still says 0 (as a writer without the lock could).
    await raw.query(
      `INSERT INTO es_events (transaction_id, stream_id, revision, event_id, type, data, metadata)
       VALUES (pg_current_xact_id(), $1, 1, gen_random_uuid(), 'Ticked', '{}', '{}')`,
      [stream],
    );

    await expect(store.append(stream, [testEvent()], 0n)).rejects.toMatchObject({ name: 'WrongExpectedVersionError', actual: 0n });
    // The failed append left neither a transaction nor the append-order lock behind.
    await expect(store.append(streamName('after'), [testEvent()], 'no_stream')).resolves.toBeDefined();
    // pg_locks is the whole server's: count this database's only (other jest workers append meanwhile).
    const { rows } = await raw.query(
      `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND classid = 7311 AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    expect(rows[0].n).toBe(0);
  });
});
