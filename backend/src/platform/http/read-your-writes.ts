import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';
import type { Request, RequestHandler, Response } from 'express';
import type { Pool } from 'pg';
import { prepared } from '../database/prepared';
import type { Appended, ProjectionRunner } from '../projections/projection-runner';

/**
 * Read-your-writes without making a command wait for other modules. A command whose answer comes from
 * its decided state (complete and undo a task) may leave its projections' wait to the session's next
 * request: it records the position it appended and its event types in `session_writes` (loaded with
 * the session, session.ts), and the session's next request, through whichever API process, waits
 * until the projections handling those types have passed that position before it runs. Requests of
 * other sessions never wait for it; a request without a session has nothing to wait for.
 */
/** What a signed-in session wrote last without waiting (session.ts loads it with the session). */
export interface SessionWritten {
  position: string;
  types: string[];
}

/** Without waiting for the WAL flush: lost only with a PostgreSQL crash, which loses what the next
 * request would wait for anyway (the projections catch up from their checkpoints). */
const REMEMBER = `INSERT INTO session_writes (sid, position, types)
  SELECT $1, $2, $3 FROM (SELECT set_config('synchronous_commit', 'off', true)) AS unflushed
  ON CONFLICT (sid) DO UPDATE SET position = greatest(session_writes.position, excluded.position),
    types = ARRAY(SELECT DISTINCT t FROM unnest(session_writes.types || excluded.types) AS t ORDER BY t)`;

const requests = new AsyncLocalStorage<{ remember: ((appended: Appended) => Promise<void>) | null }>();
const waited = new WeakMap<Request, readonly string[]>();

/**
 * The event types of the session's last writes the request waited for (none when it did not wait):
 * what was loaded with the session (`alongside`) may predate them where they project into it.
 */
export const waitedForWrites = (req: Request): readonly string[] => waited.get(req) ?? [];

/**
 * Called by a command after its append instead of waiting for the projections: true once the
 * session's next request will wait instead; false outside a signed-in request (workers, CLI) or when
 * the position could not be recorded, and then the caller waits as before.
 */
export async function leaveWaitToNextRequest(appended: Appended): Promise<boolean> {
  const remember = requests.getStore()?.remember;
  if (!remember) return false;
  try {
    await remember(appended);
    return true;
  } catch {
    return false;
  }
}

/**
 * Waits for what the request's session wrote last, then runs the rest of the request where a command
 * can leave its own wait to the next request. A position once reached is remembered in the process,
 * so later requests of that session cost nothing. 503 (the command's lag message) when the
 * projections do not get there in time.
 */
export function readYourWrites(projections: ProjectionRunner, pool: Pool, fail: (error: unknown, res: Response) => void): RequestHandler {
  // By event types: the highest position the projections handling them are known to have passed, and when that became known.
  const reached = new Map<string, { position: bigint; at: number }>();
  return (req, res, next) => {
    const sid = req.session?.userId ? req.sessionID : null;
    const remember = sid
      ? async ({ position, types }: Appended) => {
          await pool.query(prepared(REMEMBER, [sid, position.toString(), [...new Set(types)]]));
        }
      : null;
    const proceed = () => requests.run({ remember }, next);
    const written = req.session?.written;
    if (!written) return proceed();
    const position = BigInt(written.position);
    const key = written.types.join(',');
    const known = reached.get(key);
    if (known && position <= known.position) {
      // Known only after the session's statement was sent (another request of the session waited meanwhile):
      // what that statement loaded with the session may predate the projections, so it counts as waited for.
      if (known.at > (req.session?.loadedAt ?? -Infinity)) waited.set(req, written.types);
      return proceed();
    }
    projections.waitFor({ position, types: written.types, eventIds: [] }).then(
      () => {
        if (position > (reached.get(key)?.position ?? -1n)) reached.set(key, { position, at: performance.now() });
        waited.set(req, written.types);
        proceed();
      },
      (error) => fail(error, res),
    );
  };
}
