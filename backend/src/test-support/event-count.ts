import type { EventStore } from '../platform/event-store/event-store';
import type { INestApplication } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../platform/database/database.tokens';
import { ProjectionRunner } from '../platform/projections/projection-runner';

/**
 * The number of events `readAll` shows once it shows at least `atLeast`. readAll stops below any
 * transaction still in flight (no gaps for subscribers), so events a test appended directly can stay
 * out of sight for a moment while a projection's transaction runs on a loaded machine.
 */
export async function settledEventCount(store: EventStore, atLeast: number, timeoutMs = 5000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const count = (await store.readAll(null)).length;
    if (count >= atLeast || Date.now() > deadline) return count;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Waits until every projection has applied every event appended so far (background ones included).
 * The head is read from the table: readAll could still hide a committed event behind another
 * transaction in flight anywhere on the server.
 */
export async function allProjectionsCaughtUp(app: INestApplication): Promise<void> {
  const { rows } = await app.get<Pool>(PG_POOL).query<{ head: string | null }>('SELECT max(global_position)::text AS head FROM es_events');
  if (rows[0].head !== null) await app.get(ProjectionRunner).waitFor(BigInt(rows[0].head));
}
