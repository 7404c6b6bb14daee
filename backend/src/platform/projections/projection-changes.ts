import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type { RecordedEvent } from '../event-store/event-store';
import { DATABASE_URL } from '../database/database.tokens';
import { PgChannelListener } from '../database/pg-channel-listener';
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
  private readonly channel: PgChannelListener;
  private flushTimer: NodeJS.Timeout | null = null;

  constructor(@Inject(DATABASE_URL) databaseUrl: string) {
    this.channel = new PgChannelListener({
      databaseUrl,
      channel: PROJECTION_CHANGES_CHANNEL,
      onPayload: (payload) => this.receive(payload),
      wanted: () => this.listeners.size > 0,
      log: this.log,
    });
  }

  /** Adds a listener; resolves once the channel is being listened to. Call the answer to unsubscribe. */
  async subscribe(listener: Listener): Promise<() => void> {
    this.listeners.add(listener);
    const unsubscribe = () => void this.listeners.delete(listener);
    try {
      await this.channel.listen();
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
    this.listeners.clear();
    if (this.flushTimer) clearTimeout(this.flushTimer);
    await this.channel.close();
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
