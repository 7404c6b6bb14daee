import { Client } from 'pg';

/** Advisory-lock namespace for projectors (first key of the two-key form). */
const PROJECTOR_LOCK_NAMESPACE = 7301;

/**
 * Session-level advisory locks held on ONE dedicated connection per runner, outside the pool: a
 * process running many projections must not pin a pooled connection for each of them. Queries on
 * the connection are serialised. When the connection drops, every lock it held is gone: `lost`
 * resolves and holders must stop; the next call opens a new connection.
 */
export class SessionLocks {
  private client: Client | null = null;
  private connecting: Promise<Client> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private signalLost: (error: Error) => void = () => {};
  /** Resolves when the connection holding the current locks is lost. */
  lost: Promise<Error> = new Promise(() => {});

  constructor(private readonly connectionString: string) {}

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
      this.client = client;
      return client;
    })().finally(() => (this.connecting = null));
    return this.connecting;
  }
}
