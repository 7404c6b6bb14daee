import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { ormConfig } from '../database/orm.config';
import type { EventMetadata, RecordedEvent } from '../platform/event-store/event-store';
import type { Projection } from '../platform/projections/projection';
import { createMigratedTestDatabase } from './database';
import { madeBeforeAll } from './describe-block';

/** A migrated test database and a way to feed a projection events, each in its own transaction. */
export async function projectionHarness() {
  const database = await createMigratedTestDatabase();
  const orm = await MikroORM.init(ormConfig(database.url));
  let position = 0n;
  const revisions = new Map<string, bigint>();

  const record = (streamId: string, event: { type: string; data: object }, metadata: Partial<EventMetadata> = {}): RecordedEvent => {
    const revision = (revisions.get(streamId) ?? -1n) + 1n;
    revisions.set(streamId, revision);
    return {
      id: randomUUID(),
      streamId,
      type: event.type,
      data: event.data as Record<string, unknown>,
      metadata: { actorId: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString(), ...metadata },
      revision,
      position: ++position,
    };
  };

  return {
    orm,
    em: () => orm.em.fork(),
    record,
    async apply(projection: Projection, events: RecordedEvent[]): Promise<void> {
      for (const event of events) {
        if (!projection.handles.includes(event.type)) continue;
        await orm.em.fork().transactional((em) => projection.apply(em, event));
      }
    },
    async rows(table: string): Promise<Record<string, unknown>[]> {
      return orm.em.fork().execute(`SELECT * FROM "${table}" ORDER BY 1`);
    },
    async close(): Promise<void> {
      await orm.close(true);
      await database.drop();
    },
  };
}

export type ProjectionHarness = Awaited<ReturnType<typeof projectionHarness>>;

/**
 * For a describe block: a harness made before its tests and closed after them (one migrated database
 * per block). What it answers stands for that harness: use it inside hooks or tests.
 */
export function useProjectionHarness(): ProjectionHarness {
  const made = madeBeforeAll('The projection harness', projectionHarness, (harness) => harness.close());
  return {
    get orm() {
      return made().orm;
    },
    em: () => made().em(),
    record: (...args) => made().record(...args),
    apply: (projection, events) => made().apply(projection, events),
    rows: (table) => made().rows(table),
    close: () => made().close(),
  };
}
