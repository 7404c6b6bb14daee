import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Client } from 'pg';
import type { RecordedEvent } from '../event-store/event-store';
import { DATABASE_URL } from '../database/database.tokens';
import type { Projection } from './projection';

/**
 * Live updates, the publishing half: after a projection applies events, its worker announces on this
 * PostgreSQL channel which care recipients' read models changed, once the batch has committed (so a
 * rolled-back batch announces nothing). Every API process LISTENs (ProjectionChangeFeed below) and
 * fans the changes out to its server-sent-event clients, so it works when the projector and the API
 * run in different processes.
 */
export const PROJECTION_CHANGES_CHANNEL = 'projection_changes';

/** pg_notify payloads must stay under 8000 bytes: a UUID costs about 40 in JSON. */
const CHILD_IDS_PER_MESSAGE = 150;
/** Announcements arriving within this window are merged into one message per recipient. */
const FLUSH_MS = 100;
const RECONNECT_MS = 1000;

interface Announcement {
  /** projection name */
  p: string;
  /** live topic */
  t: string;
  /** child ids */
  c: string[];
}

export interface ChildChanges {
  childId: string;
  /** Live topics of the projections that changed, e.g. ['daily-tasks', 'progress']. */
  changed: string[];
}

export const liveTopicOf = (projection: Pick<Projection, 'name' | 'liveTopic'>): string =>
  projection.liveTopic ?? projection.name.slice(projection.name.lastIndexOf('.') + 1);

/** The distinct `data.childId` values of the events a batch applied. */
export function changedChildren(events: RecordedEvent[]): string[] {
  const ids = new Set<string>();
  for (const event of events) {
    const childId = (event.data as { childId?: unknown }).childId;
    if (typeof childId === 'string') ids.add(childId);
  }
  return [...ids];
}

/** The pg_notify payloads announcing `childIds` for one projection (none when nothing changed). */
export function projectionChangeMessages(projection: Pick<Projection, 'name' | 'liveTopic'>, childIds: string[]): string[] {
  const messages: string[] = [];
  for (let i = 0; i < childIds.length; i += CHILD_IDS_PER_MESSAGE) {
    const announcement: Announcement = { p: projection.name, t: liveTopicOf(projection), c: childIds.slice(i, i + CHILD_IDS_PER_MESSAGE) };
    messages.push(JSON.stringify(announcement));
  }
  return messages;
}

type Listener = (changes: ChildChanges[]) => void;

/**
 * The listening half, one PostgreSQL connection per process, opened when the first subscriber
 * (an SSE client) arrives and reconnected when it drops. Merges announcements over FLUSH_MS so one
 * command that touches several projections reaches a client as one message per recipient.
 */
@Injectable()
export class ProjectionChangeFeed implements OnApplicationShutdown {
  private readonly log = new Logger(ProjectionChangeFeed.name);
  private readonly listeners = new Set<Listener>();
  private readonly pending = new Map<string, Set<string>>();
  private client: Client | null = null;
  private connecting: Promise<void> | null = null;
  private flushTimer: NodeJS.Timeout | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(@Inject(DATABASE_URL) private readonly databaseUrl: string) {}

  /** Adds a listener; resolves once the channel is being listened to. Call the answer to unsubscribe. */
  async subscribe(listener: Listener): Promise<() => void> {
    this.listeners.add(listener);
    const unsubscribe = () => void this.listeners.delete(listener);
    try {
      await this.listen();
    } catch (error) {
      unsubscribe();
      throw error;
    }
    return unsubscribe;
  }

  /** How many listeners are subscribed (open streams in this process). */
  get subscriberCount(): number {
    return this.listeners.size;
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    if (this.flushTimer) clearTimeout(this.flushTimer);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private listen(): Promise<void> {
    if (this.client) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => (this.connecting = null));
    return this.connecting;
  }

  private async connect(): Promise<void> {
    if (this.closed) throw new Error('the live-update feed is shut down');
    const client = new Client({ connectionString: this.databaseUrl });
    client.on('notification', (message) => {
      if (message.channel === PROJECTION_CHANGES_CHANNEL && message.payload) this.receive(message.payload);
    });
    client.on('error', (error) => this.dropped(client, error));
    client.on('end', () => this.dropped(client, new Error('connection ended')));
    await client.connect();
    await client.query(`LISTEN ${PROJECTION_CHANGES_CHANNEL}`);
    if (this.closed) {
      await client.end();
      throw new Error('the live-update feed is shut down');
    }
    this.client = client;
  }

  private dropped(client: Client, error: Error): void {
    if (this.client !== client) return;
    this.client = null;
    client.end().catch(() => undefined);
    if (this.closed) return;
    this.log.warn(`live-update listener lost its connection (${error.message}); reconnecting`);
    this.reconnectTimer = setTimeout(() => {
      if (this.listeners.size > 0) this.listen().catch((e: Error) => this.log.error(`live-update listener: ${e.message}`));
    }, RECONNECT_MS);
  }

  private receive(payload: string): void {
    let announcement: Announcement;
    try {
      announcement = JSON.parse(payload) as Announcement;
    } catch {
      return;
    }
    for (const childId of announcement.c ?? []) {
      const topics = this.pending.get(childId) ?? new Set<string>();
      topics.add(announcement.t);
      this.pending.set(childId, topics);
    }
    this.flushTimer ??= setTimeout(() => this.flush(), FLUSH_MS);
  }

  private flush(): void {
    this.flushTimer = null;
    const changes = [...this.pending].map(([childId, topics]) => ({ childId, changed: [...topics].sort() }));
    this.pending.clear();
    if (changes.length === 0) return;
    for (const listener of this.listeners) {
      try {
        listener(changes);
      } catch (error) {
        this.log.error(`live-update listener failed: ${(error as Error).message}`);
      }
    }
  }
}
