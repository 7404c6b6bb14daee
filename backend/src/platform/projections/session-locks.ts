import { Client } from 'pg';

/** Advisory-lock namespace for projectors (first key of the two-key form). */
const PROJECTOR_LOCK_NAMESPACE = 7301;
/** Advisory-lock namespace of pause requests: an online rebuild holds one per projection it takes over. */
const PAUSE_LOCK_NAMESPACE = 7302;
/** Rung when a pause is asked for or lifted, so projectors look at once instead of at their next tick. */
export const PROJECTION_PAUSE_CHANNEL = 'projection_pause';

/**
 * Session-level advisory locks held on ONE dedicated connection per runner, outside the pool: a
 * process running many projections must not pin a pooled connection for each of them. Queries on
 * the connection are serialised. When the connection drops, every lock it held is gone: `lost`
 * resolves and holders must stop; the next call opens a new connection.
 *
 * The same connection carries the hand-over of an online rebuild (ProjectionRunner.rebuildOnline):
 * the rebuild holds a pause lock per projection it takes over, and a projector's supervisor, which
 * LISTENs here, lets those projections go and takes none of them until the pause locks are released.
 */
export class SessionLocks {
  private client: Client | null = null;
  private connecting: Promise<Client> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private signalLost: (error: Error) => void = () => {};
  /** Resolves when the connection holding the current locks is lost. */
  lost: Promise<Error> = new Promise(() => {});

  constructor(
    private readonly connectionString: string,
    /** Called when a pause is asked for or lifted (a projector's locks listen; a rebuild's need not). */
    private readonly onPauseChanged?: () => void,
  ) {}

  tryLock(name: string): Promise<boolean> {
    return this.run(async (client) => {
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked', [
        PROJECTOR_LOCK_NAMESPACE,
        name,
      ]);
      return rows[0].locked;
    });
  }

  unlock(name: string): Promise<void> {
    if (!this.client) return Promise.resolve(); // the connection is gone, and the lock with it
    return this.run(async (client) => {
      await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [PROJECTOR_LOCK_NAMESPACE, name]);
    });
  }

  /**
   * An online rebuild's hand-over: asks the projectors (of every process) to let `names` go, until
   * resume() or until this connection ends, so a rebuild that dies never leaves a projection paused.
   */
  pause(names: readonly string[]): Promise<void> {
    return this.run(async (client) => {
      for (const name of names) {
        const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked', [PAUSE_LOCK_NAMESPACE, name]);
        if (!rows[0].locked) throw new Error(`projection ${name} is already paused by another rebuild`);
      }
      await client.query('SELECT pg_notify($1, $2)', [PROJECTION_PAUSE_CHANNEL, 'pause']);
    });
  }

  resume(names: readonly string[]): Promise<void> {
    if (!this.client) return Promise.resolve(); // the connection is gone, and the pauses with it
    return this.run(async (client) => {
      for (const name of names) await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [PAUSE_LOCK_NAMESPACE, name]);
      await client.query('SELECT pg_notify($1, $2)', [PROJECTION_PAUSE_CHANNEL, 'resume']);
    });
  }

  /**
   * Which of `names` a rebuild has paused in this database (pause locks are read from pg_locks, where
   * a two-key advisory lock shows its keys as classid and objid, the int4 keys as unsigned oids).
   */
  paused(names: readonly string[]): Promise<Set<string>> {
    return this.run(async (client) => {
      const { rows } = await client.query<{ name: string }>(
        `SELECT p.name FROM unnest($1::text[]) AS p(name)
          WHERE EXISTS (
            SELECT 1 FROM pg_locks l
             WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
               AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
               AND l.classid = $2::oid AND l.objid = (hashtext(p.name)::bigint & 4294967295)::oid)`,
        [names, PAUSE_LOCK_NAMESPACE],
      );
      return new Set(rows.map((row) => row.name));
    });
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private run<T>(work: (client: Client) => Promise<T>): Promise<T> {
    const result = this.queue.then(async () => work(await this.connection()));
    this.queue = result.catch(() => undefined);
    return result;
  }

  private async connection(): Promise<Client> {
    if (this.client) return this.client;
    this.connecting ??= (async () => {
      const client = new Client({ connectionString: this.connectionString });
      this.lost = new Promise((resolve) => (this.signalLost = resolve));
      const drop = (error?: Error) => {
        if (this.client !== client) return;
        this.client = null;
        this.signalLost(error ?? new Error('lock connection closed'));
      };
      client.on('error', drop);
      client.on('end', () => drop());
      await client.connect();
      if (this.onPauseChanged) {
        const onPauseChanged = this.onPauseChanged;
        client.on('notification', (message) => message.channel === PROJECTION_PAUSE_CHANNEL && onPauseChanged());
        await client.query(`LISTEN ${PROJECTION_PAUSE_CHANNEL}`).catch(async (error: Error) => {
          await client.end().catch(() => undefined);
          throw error;
        });
      }
      this.client = client;
      return client;
    })().finally(() => (this.connecting = null));
    return this.connecting;
  }
}
