import { randomUUID } from 'node:crypto';
import {
  WrongExpectedVersionError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
  type Subscription,
} from './event-store';

export interface StoreUnderTest {
  store: EventStore;
  /** Closes the store and whatever was created for it. */
  close(): Promise<void>;
}

const metadata = (): EventMetadata => ({
  actorId: randomUUID(),
  correlationId: randomUUID(),
  causationId: randomUUID(),
  occurredAt: '2026-11-21T09:30:00.000-08:00',
});

export const testEvent = (type = 'Ticked', data: Record<string, unknown> = {}): NewEvent => ({ type, data, metadata: metadata() });

/** Stream ids are unique per test: an EventStoreDB server is shared with earlier runs. */
export const streamName = (label: string) => `${label}-${randomUUID()}`;

/** Retries `check` until it answers true; $all and subscriptions may show a committed event a moment late. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not reached within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const expectStrictlyIncreasing = (positions: bigint[]) => {
  for (let i = 1; i < positions.length; i++) expect(positions[i]).toBeGreaterThan(positions[i - 1]);
};

/** Records what a subscription delivers, in delivery order, keeping only the streams of this test. */
function collect(streams: Set<string>) {
  const delivered: RecordedEvent[] = [];
  return {
    delivered,
    handle: async (batch: RecordedEvent[]) => {
      delivered.push(...batch.filter((e) => streams.has(e.streamId)));
    },
  };
}

/**
 * The behaviour every EventStore adapter must show. Each test works on its own streams and reads
 * $all from a position it recorded itself, so the suite also runs against a store that holds other
 * events. $all may show a committed event a moment late (PostgreSQL shows it once every transaction
 * that started before it has ended, anywhere on the server), so $all reads retry until it shows.
 */
export function eventStoreContract(name: string, create: () => Promise<StoreUnderTest>): void {
  describe(`EventStore contract: ${name}`, () => {
    let underTest: StoreUnderTest;
    let store: EventStore;
    const subscriptions: Subscription[] = [];

    beforeAll(async () => {
      underTest = await create();
      store = underTest.store;
    });
    afterEach(async () => {
      await Promise.all(subscriptions.splice(0).map((s) => s.stop()));
    });
    afterAll(async () => {
      await underTest?.close();
    });

    /** Appends one event to a fresh stream and answers its position: a starting point for $all reads. */
    const mark = async () => (await store.append(streamName('marker'), [testEvent('Marked')], 'no_stream')).position;

    it('answers ping', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });

    it('round-trips events with their ids, data and metadata', async () => {
      const stream = streamName('round-trip');
      const first = { ...testEvent('CareRecipientAdded', { name: 'Ana', nested: { days: [1, 3], urgent: true } }), id: randomUUID() };
      const second = testEvent('MedicationAdded', { dosage: '5 mg', note: 'with "quotes" and \\ backslash' });

      const result = await store.append(stream, [first, second], 'no_stream');
      const events = await store.readStream(stream);

      expect(result.nextExpectedRevision).toBe(1n);
      expect(events.map((e) => ({ type: e.type, data: e.data, metadata: e.metadata, revision: e.revision, streamId: e.streamId }))).toEqual([
        { type: first.type, data: first.data, metadata: first.metadata, revision: 0n, streamId: stream },
        { type: second.type, data: second.data, metadata: second.metadata, revision: 1n, streamId: stream },
      ]);
      expect(events[0].id).toBe(first.id);
      expect(events[1].id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(events[1].position).toBe(result.position);
      expectStrictlyIncreasing(events.map((e) => e.position));
    });

    it('reads a slice of a stream: from a revision, at most a count', async () => {
      const stream = streamName('slice');
      await store.append(stream, [0, 1, 2, 3, 4].map((n) => testEvent('CareRecipientAdded', { n })), 'no_stream');
      const revisions = async (range: { fromRevision?: bigint; maxCount?: number }) => (await store.readStream(stream, range)).map((e) => e.revision);
      expect(await revisions({ fromRevision: 1n, maxCount: 2 })).toEqual([1n, 2n]);
      expect(await revisions({ fromRevision: 3n })).toEqual([3n, 4n]);
      expect(await revisions({ maxCount: 1 })).toEqual([0n]);
      expect(await revisions({ fromRevision: 9n, maxCount: 2 })).toEqual([]);
      expect(await store.readStream(streamName('missing-slice'), { fromRevision: 2n, maxCount: 2 })).toEqual([]);
    });

    it('reads a missing stream as empty', async () => {
      expect(await store.readStream(streamName('missing'))).toEqual([]);
    });

    it('reads several whole streams at once, each as readStream reads it; a missing one is absent', async () => {
      const [a, b, missing] = [streamName('many-a'), streamName('many-b'), streamName('many-missing')];
      await store.append(a, [0, 1, 2].map((n) => testEvent('CareRecipientAdded', { n })), 'no_stream');
      await store.append(b, [testEvent('MedicationAdded', { n: 0 })], 'no_stream');
      await store.append(a, [testEvent('CareRecipientAdded', { n: 3 })], 2n);
      const streams = await store.readStreams([b, missing, a, a]);
      expect([...streams.keys()].sort()).toEqual([a, b].sort());
      expect(streams.get(a)).toEqual(await store.readStream(a));
      expect(streams.get(a)!.map((e) => e.data.n)).toEqual([0, 1, 2, 3]);
      expect(streams.get(b)).toEqual(await store.readStream(b));
      expect(await store.readStreams([])).toEqual(new Map());
    });

    describe('expected revision', () => {
      const rejects = async (append: Promise<unknown>, expected: unknown, actual: bigint | 'no_stream') => {
        const error = await append.then(
          () => null,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(WrongExpectedVersionError);
        expect(error).toMatchObject({ code: 'EVENT_STORE.WRONG_EXPECTED_VERSION', expected, actual });
      };

      it('no_stream: creates a stream, refuses an existing one', async () => {
        const stream = streamName('no-stream');
        await store.append(stream, [testEvent()], 'no_stream');
        await rejects(store.append(stream, [testEvent()], 'no_stream'), 'no_stream', 0n);
        expect(await store.readStream(stream)).toHaveLength(1);
      });

      it('stream_exists: refuses a missing stream, extends an existing one', async () => {
        const stream = streamName('stream-exists');
        await rejects(store.append(stream, [testEvent()], 'stream_exists'), 'stream_exists', 'no_stream');
        expect(await store.readStream(stream)).toEqual([]);
        await store.append(stream, [testEvent()], 'any');
        const result = await store.append(stream, [testEvent()], 'stream_exists');
        expect(result.nextExpectedRevision).toBe(1n);
      });

      it('an exact revision: accepts the last revision only', async () => {
        const stream = streamName('exact');
        await rejects(store.append(stream, [testEvent()], 0n), 0n, 'no_stream');
        const created = await store.append(stream, [testEvent(), testEvent()], 'no_stream');
        expect(created.nextExpectedRevision).toBe(1n);
        await rejects(store.append(stream, [testEvent()], 0n), 0n, 1n);
        await rejects(store.append(stream, [testEvent()], 2n), 2n, 1n);
        const next = await store.append(stream, [testEvent()], created.nextExpectedRevision);
        expect(next.nextExpectedRevision).toBe(2n);
        expect((await store.readStream(stream)).map((e) => e.revision)).toEqual([0n, 1n, 2n]);
      });

      it('any: appends whether or not the stream exists', async () => {
        const stream = streamName('any');
        expect((await store.append(stream, [testEvent()], 'any')).nextExpectedRevision).toBe(0n);
        expect((await store.append(stream, [testEvent()], 'any')).nextExpectedRevision).toBe(1n);
      });
    });

    it('lets exactly one of 50 concurrent appends at one expected revision win', async () => {
      const stream = streamName('contended');
      const created = await store.append(stream, [testEvent()], 'no_stream');
      const writers = Array.from({ length: 50 }, (_, writer) =>
        store.append(stream, [testEvent('Ticked', { writer }), testEvent('Ticked', { writer })], created.nextExpectedRevision),
      );

      const outcomes = await Promise.allSettled(writers);

      const winners = outcomes.flatMap((o, writer) => (o.status === 'fulfilled' ? [writer] : []));
      const losers = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
      expect(winners).toHaveLength(1);
      expect(losers).toHaveLength(49);
      for (const error of losers) expect(error).toBeInstanceOf(WrongExpectedVersionError);
      const events = await store.readStream(stream);
      expect(events.map((e) => e.revision)).toEqual([0n, 1n, 2n]);
      expect(events.slice(1).map((e) => e.data)).toEqual([{ writer: winners[0] }, { writer: winners[0] }]);
    });

    describe('appendMany', () => {
      it('appends to several streams, each at its own expected revision, and answers each in order', async () => {
        const from = await mark();
        const [a, b, c] = ['many-a', 'many-b', 'many-c'].map(streamName);
        const existing = await store.append(b, [testEvent('Ticked', { n: 0 })], 'no_stream');

        const results = await store.appendMany([
          { streamId: a, events: [testEvent('Ticked', { n: 0 }), testEvent('Ticked', { n: 1 })], expectedRevision: 'no_stream' },
          { streamId: b, events: [testEvent('Ticked', { n: 1 })], expectedRevision: existing.nextExpectedRevision },
          { streamId: c, events: [testEvent('Ticked', { n: 0 })], expectedRevision: 'any' },
        ]);

        expect(results.map((r) => (r as AppendResult).nextExpectedRevision)).toEqual([1n, 1n, 0n]);
        let all: RecordedEvent[] = [];
        await eventually(async () => {
          all = (await store.readAll(from)).filter((e) => [a, b, c].includes(e.streamId));
          return all.length >= 4;
        });
        expectStrictlyIncreasing(all.map((e) => e.position));
        for (const [i, stream] of [a, b, c].entries()) {
          const events = await store.readStream(stream);
          expect(events.at(-1)!.position).toBe((results[i] as AppendResult).position);
          expect(events.filter((e) => all.some((f) => f.id === e.id))).toEqual(all.filter((e) => e.streamId === stream));
        }
        expect((await store.readStream(b)).map((e) => e.data.n)).toEqual([0, 1]);
      });

      it('refuses a stream whose revision is not the expected one, leaving it unchanged, and appends the others', async () => {
        const [taken, free] = ['many-taken', 'many-free'].map(streamName);
        await store.append(taken, [testEvent()], 'no_stream');

        const [refused, appended] = await store.appendMany([
          { streamId: taken, events: [testEvent('Late')], expectedRevision: 'no_stream' },
          { streamId: free, events: [testEvent('OnTime')], expectedRevision: 'no_stream' },
        ]);

        expect(refused).toBeInstanceOf(WrongExpectedVersionError);
        expect(refused).toMatchObject({ streamId: taken, expected: 'no_stream', actual: 0n });
        expect((await store.readStream(taken)).map((e) => e.type)).toEqual(['Ticked']);
        expect(appended).toMatchObject({ nextExpectedRevision: 0n });
        expect((await store.readStream(free)).map((e) => e.type)).toEqual(['OnTime']);
      });

      it('lets exactly one writer per stream win when calls share streams in opposite orders', async () => {
        const streams = ['many-x', 'many-y', 'many-z'].map(streamName);
        const calls = Array.from({ length: 12 }, (_, writer) => {
          const order = writer % 2 === 0 ? streams : [...streams].reverse();
          return store.appendMany(order.map((streamId) => ({ streamId, events: [testEvent('Ticked', { writer })], expectedRevision: 'no_stream' as const })));
        });

        const outcomes = (await Promise.all(calls)).flat();

        expect(outcomes.filter((o) => !(o instanceof WrongExpectedVersionError))).toHaveLength(3);
        for (const stream of streams) expect(await store.readStream(stream)).toHaveLength(1);
      });

      it('answers nothing for no appends, and refuses a stream named twice or an append without events', async () => {
        const stream = streamName('many-invalid');
        await expect(store.appendMany([])).resolves.toEqual([]);
        await expect(
          store.appendMany([
            { streamId: stream, events: [testEvent()], expectedRevision: 'any' },
            { streamId: stream, events: [testEvent()], expectedRevision: 'any' },
          ]),
        ).rejects.toThrow(RangeError);
        await expect(store.appendMany([{ streamId: stream, events: [], expectedRevision: 'any' }])).rejects.toThrow(RangeError);
        expect(await store.readStream(stream)).toEqual([]);
      });
    });

    it('orders events within a stream and across the store', async () => {
      const from = await mark();
      const streams = Array.from({ length: 5 }, (_, i) => streamName(`ordered-${i}`));
      // Concurrent writers, each appending three times in sequence to its own stream.
      await Promise.all(
        streams.map(async (stream) => {
          let revision = (await store.append(stream, [testEvent('Ticked', { n: 0 })], 'no_stream')).nextExpectedRevision;
          for (let n = 1; n < 3; n++) revision = (await store.append(stream, [testEvent('Ticked', { n })], revision)).nextExpectedRevision;
        }),
      );

      let all: RecordedEvent[] = [];
      await eventually(async () => {
        all = (await store.readAll(from)).filter((e) => streams.includes(e.streamId));
        return all.length >= 15;
      });

      expect(all).toHaveLength(15);
      expectStrictlyIncreasing(all.map((e) => e.position));
      for (const stream of streams) {
        const inAll = all.filter((e) => e.streamId === stream);
        expect(inAll.map((e) => [e.revision, e.data.n])).toEqual([[0n, 0], [1n, 1], [2n, 2]]);
        expect(await store.readStream(stream)).toEqual(inAll);
      }
    });

    it('pages through $all from a position, strictly after it', async () => {
      const from = await mark();
      const stream = streamName('paged');
      await store.append(stream, Array.from({ length: 7 }, (_, n) => testEvent('Ticked', { n })), 'no_stream');
      await store.append(stream, Array.from({ length: 3 }, (_, n) => testEvent('Ticked', { n: n + 7 })), 6n);

      const pages: RecordedEvent[][] = [];
      let position = from;
      let mine = 0;
      await eventually(async () => {
        const page = await store.readAll(position, 3);
        if (page.length === 0) return false; // not visible yet
        expect(page.length).toBeLessThanOrEqual(3);
        expect(page[0].position).toBeGreaterThan(position);
        pages.push(page);
        mine += page.filter((e) => e.streamId === stream).length;
        position = page[page.length - 1].position;
        return mine === 10;
      });

      const read = pages.flat();
      expectStrictlyIncreasing(read.map((e) => e.position));
      expect(read.filter((e) => e.streamId === stream).map((e) => e.data.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    });

    describe('catch-up subscription', () => {
      it('delivers existing events, then live ones, each exactly once and in order', async () => {
        const from = await mark();
        const streams = new Set([streamName('sub-a'), streamName('sub-b')]);
        const [a, b] = [...streams];
        await store.append(a, [testEvent('Ticked', { n: 1 }), testEvent('Ticked', { n: 2 })], 'no_stream');
        await store.append(b, [testEvent('Ticked', { n: 3 })], 'no_stream');
        const { delivered, handle } = collect(streams);

        subscriptions.push(store.subscribe(from, { handle, batchSize: 2 }));
        await eventually(() => delivered.length === 3);
        await store.append(a, [testEvent('Ticked', { n: 4 })], 1n);
        await Promise.all([store.append(b, [testEvent('Ticked', { n: 5 })], 0n), store.append(streamName('sub-other'), [testEvent()], 'any')]);
        // A later event as the fence: a duplicate of an earlier one would show up before it.
        await store.append(a, [testEvent('Ticked', { n: 6 })], 2n);
        await eventually(() => delivered.some((e) => e.data.n === 6));

        expect(delivered.map((e) => e.data.n)).toEqual([1, 2, 3, 4, 5, 6]);
        expectStrictlyIncreasing(delivered.map((e) => e.position));
      });

      it('hands over the next batch only after the previous one was handled, within batchSize', async () => {
        const from = await mark();
        const stream = streamName('sub-slow');
        await store.append(stream, Array.from({ length: 10 }, (_, n) => testEvent('Ticked', { n })), 'no_stream');
        let running = 0;
        let overlapped = false;
        const sizes: number[] = [];
        const seen: unknown[] = [];

        subscriptions.push(
          store.subscribe(from, {
            batchSize: 4,
            handle: async (batch) => {
              overlapped ||= running > 0;
              running++;
              sizes.push(batch.length);
              await new Promise((resolve) => setTimeout(resolve, 20));
              seen.push(...batch.filter((e) => e.streamId === stream).map((e) => e.data.n));
              running--;
            },
          }),
        );
        await eventually(() => seen.length === 10);

        expect(overlapped).toBe(false);
        expect(Math.max(...sizes)).toBeLessThanOrEqual(4);
        expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      });

      it('stop() waits for the running handler and delivers nothing afterwards', async () => {
        const from = await mark();
        const stream = streamName('sub-stop');
        await store.append(stream, [testEvent('Ticked', { n: 1 })], 'no_stream');
        const { delivered, handle } = collect(new Set([stream]));
        let entered = () => {};
        const handling = new Promise<void>((resolve) => (entered = resolve));
        let finished = false;
        const subscription = store.subscribe(from, {
          handle: async (batch) => {
            entered();
            await new Promise((resolve) => setTimeout(resolve, 100));
            await handle(batch);
            finished = true;
          },
        });
        await handling;

        await subscription.stop();
        expect(finished).toBe(true);
        await store.append(stream, [testEvent('Ticked', { n: 2 })], 0n);
        // A second subscription from the same place as the fence: once it has the new event, the
        // stopped one would have had it too.
        const fence = collect(new Set([stream]));
        subscriptions.push(store.subscribe(from, { handle: fence.handle }));
        await eventually(() => fence.delivered.length === 2);
        expect(delivered.map((e) => e.data.n)).toEqual([1]);
      });

      it('ends with `failed` when the handler throws', async () => {
        const from = await mark();
        await store.append(streamName('sub-fail'), [testEvent()], 'no_stream');
        const subscription = store.subscribe(from, {
          handle: async () => {
            throw new Error('projection bug');
          },
        });
        subscriptions.push(subscription);

        const error = await subscription.failed;
        expect(error).toBeInstanceOf(Error);
        expect(error.message).toBe('projection bug');
      });
    });
  });
}
