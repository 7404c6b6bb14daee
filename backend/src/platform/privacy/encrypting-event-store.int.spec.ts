import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import type { TestDatabase } from '../../test-support/database';
import { storeOnFreshDatabase, type StoreOnFreshDatabase } from '../../test-support/store-database';
import { eventStoreContract, eventually, streamName, testEvent } from '../event-store/event-store.contract';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import { DataKeys } from './data-keys';
import { EncryptingEventStore, SubjectErasedError } from './encrypting-event-store';
import { ERASED, PersonalData } from './personal-data';

type Noted = { type: 'Noted'; data: { subjectId: string; note: string | null; birthday: string | null; email: string; count: number } };

function personalData(): PersonalData {
  const declared = new PersonalData();
  declared.declare<Noted>({ Noted: { subject: 'subjectId', fields: { note: ERASED, birthday: null, email: (id) => `erased-${id}@erased.invalid` } } });
  return declared;
}

async function open(database: TestDatabase, secret: string | null = null) {
  const pool = new Pool({ connectionString: database.url, max: 10 });
  const inner = new PostgresEventStore(pool);
  await inner.init();
  const keys = new DataKeys(pool, secret);
  await keys.init();
  return { pool, inner, keys, store: new EncryptingEventStore(inner, keys, personalData()) };
}

// The encrypting store is an EventStore like any adapter: the whole contract holds through it.
eventStoreContract('PostgreSQL with encryption', () => storeOnFreshDatabase(open));

describe('EncryptingEventStore', () => {
  let opened: StoreOnFreshDatabase<Awaited<ReturnType<typeof open>>>;
  const secret = 's'.repeat(32);
  const noted = (subjectId: string, note: string | null = 'Maya has spina bifida') =>
    testEvent('Noted', { subjectId, note, birthday: '2018-03-04', email: 'maya@example.com', count: 3 });
  const stored = async (streamId: string) =>
    (await opened.pool.query<{ data: string }>('SELECT data::text FROM es_events WHERE stream_id = $1', [streamId])).rows.map((r) => r.data).join('\n');

  beforeAll(async () => {
    opened = await storeOnFreshDatabase((database) => open(database, secret));
  });
  afterAll(() => opened.close());

  it('stores declared personal fields sealed and hands them back in plaintext on every read', async () => {
    const subject = randomUUID();
    const stream = streamName('noted');
    await opened.store.append(stream, [noted(subject)], 'no_stream');

    const raw = await stored(stream);
    expect(raw).not.toMatch(/spina bifida|2018-03-04|maya@example\.com/);
    expect(raw).toContain(subject); // ids stay readable
    expect(raw).toContain('"count": 3'); // undeclared fields stay readable

    const expected = { subjectId: subject, note: 'Maya has spina bifida', birthday: '2018-03-04', email: 'maya@example.com', count: 3 };
    expect((await opened.store.readStream(stream))[0].data).toEqual(expected);
    // $all may show a committed event a moment late (see the contract suite).
    await eventually(async () => (await opened.store.readAll(null, 10_000)).some((e) => e.streamId === stream));
    expect((await opened.store.readAll(null, 10_000)).find((e) => e.streamId === stream)?.data).toEqual(expected);
  });

  it('seals the personal fields of every stream in appendMany, each with its subject key', async () => {
    const [first, second] = [randomUUID(), randomUUID()];
    const [a, b] = ['noted-many', 'noted-many'].map(streamName);
    await opened.store.appendMany([
      { streamId: a, events: [noted(first, 'first note')], expectedRevision: 'no_stream' },
      { streamId: b, events: [noted(second, 'second note'), noted(second, 'third note')], expectedRevision: 'no_stream' },
    ]);

    expect((await stored(a)) + (await stored(b))).not.toMatch(/first note|second note|third note|maya@example\.com/);
    expect((await opened.store.readStream(a)).map((e) => e.data.note)).toEqual(['first note']);
    expect((await opened.store.readStream(b)).map((e) => e.data.note)).toEqual(['second note', 'third note']);
  });

  it('keeps null as null and leaves events of undeclared types alone', async () => {
    const stream = streamName('plain');
    await opened.store.append(stream, [noted(randomUUID(), null), testEvent('Ticked', { note: 'not personal' })], 'no_stream');
    expect(await stored(stream)).toMatch(/"note": null[\s\S]*"note": "not personal"/);
  });

  it('reads events written before encryption as plaintext', async () => {
    const stream = streamName('old');
    const subject = randomUUID();
    await opened.inner.append(stream, [noted(subject)], 'no_stream');
    expect((await opened.store.readStream(stream))[0].data).toMatchObject({ note: 'Maya has spina bifida' });
  });

  it('reads an erased subject as its declared erased values and refuses new personal data about it', async () => {
    const subject = randomUUID();
    const other = randomUUID();
    const stream = streamName('erased');
    await opened.store.append(stream, [noted(subject), noted(other)], 'no_stream');
    await opened.keys.destroy([subject]);

    const [erased, kept] = await opened.store.readStream(stream);
    expect(erased.data).toEqual({ subjectId: subject, note: ERASED, birthday: null, email: `erased-${subject}@erased.invalid`, count: 3 });
    expect(kept.data).toMatchObject({ note: 'Maya has spina bifida' });
    // Another process (a fresh cache) sees the same.
    const fresh = new EncryptingEventStore(opened.inner, new DataKeys(opened.pool, secret), personalData());
    expect((await fresh.readStream(stream))[0].data).toMatchObject({ note: ERASED });

    await expect(opened.store.append(stream, [noted(subject)], 'any')).rejects.toBeInstanceOf(SubjectErasedError);
    await opened.store.append(stream, [testEvent('Noted', { subjectId: subject, count: 4 })], 'any'); // nothing personal: allowed
    const keyRow = await opened.pool.query('SELECT key, destroyed_at FROM data_keys WHERE subject_id = $1', [subject]);
    expect(keyRow.rows[0]).toMatchObject({ key: null, destroyed_at: expect.any(Date) });
  });

  it('wraps stored keys with DATA_KEY_SECRET: without it they cannot be used', async () => {
    const subject = randomUUID();
    const stream = streamName('wrapped');
    await opened.store.append(stream, [noted(subject)], 'no_stream');
    const { rows } = await opened.pool.query<{ wrapped: boolean; key: string }>('SELECT wrapped, key FROM data_keys WHERE subject_id = $1', [subject]);
    expect(rows[0].wrapped).toBe(true);
    expect(Buffer.from(rows[0].key, 'base64').length).toBeGreaterThan(32); // iv + tag + sealed key

    const withoutSecret = new EncryptingEventStore(opened.inner, new DataKeys(opened.pool, null), personalData());
    await expect(withoutSecret.readStream(stream)).rejects.toThrow('DATA_KEY_SECRET must be set');
    const wrongSecret = new EncryptingEventStore(opened.inner, new DataKeys(opened.pool, 'w'.repeat(32)), personalData());
    await expect(wrongSecret.readStream(stream)).rejects.toThrow();
  });

  it('refuses a sealed value moved to another field', async () => {
    const subject = randomUUID();
    const stream = streamName('moved');
    await opened.store.append(stream, [noted(subject)], 'no_stream');
    await opened.pool.query(`UPDATE es_events SET data = jsonb_set(data, '{birthday}', data->'note') WHERE stream_id = $1`, [stream]);
    await expect(new EncryptingEventStore(opened.inner, opened.keys, personalData()).readStream(stream)).rejects.toThrow();
  });
});
