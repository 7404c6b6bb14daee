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

/**
 * pg_notify payloads must stay under 8000 bytes: a UUID costs about 40 in JSON. A longer key (a
 * group's, below) counts as one more id per 40 characters.
 */
const CHILD_IDS_PER_MESSAGE = 150;
const idWeight = (id: string) => Math.max(1, Math.ceil(id.length / 40));
/** Announcements arriving within this window are merged into one message per recipient. */
const FLUSH_MS = 100;

export interface Announcement {
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

/**
 * Support groups (docs/community.md) are announced on the same channel under keys of their own:
 * `group:<groupId>`, `group:<groupId>/<postId>` when one post changed, or
 * `group:<groupId>/member:<userId>` when one member's standing changed (joined, left, role, muted).
 * GET /api/live sends them as `{groupId, changed, postId?}`, each topic only to whom it concerns; a
 * member key never leaves the server (only that member is told, without the id).
 */
const GROUP_KEY = /^group:([0-9a-f-]{36})(?:\/([0-9a-f-]{36})|\/member:([0-9a-f-]{36}))?$/;
export const groupChangeKey = (groupId: string, postId?: string | null) => `group:${groupId}${postId ? `/${postId}` : ''}`;
export const groupMemberChangeKey = (groupId: string, userId: string) => `group:${groupId}/member:${userId}`;
export function parseGroupChangeKey(key: string): { groupId: string; postId?: string; userId?: string } | null {
  const match = GROUP_KEY.exec(key);
  return match ? { groupId: match[1], ...(match[2] ? { postId: match[2] } : {}), ...(match[3] ? { userId: match[3] } : {}) } : null;
}

/**
 * The distinct `data.childId` values of the events a batch applied, and the groups their
 * `data.groupId` names: with the post (`data.postId`), else with the member (`data.userId`).
 */
export function changedChildren(events: RecordedEvent[]): string[] {
  const ids = new Set<string>();
  for (const event of events) {
    const { childId, groupId, postId, userId } = event.data as { childId?: unknown; groupId?: unknown; postId?: unknown; userId?: unknown };
    if (typeof childId === 'string') ids.add(childId);
    if (typeof groupId !== 'string') continue;
    if (typeof postId === 'string') ids.add(groupChangeKey(groupId, postId));
    else if (typeof userId === 'string') ids.add(groupMemberChangeKey(groupId, userId));
    else ids.add(groupChangeKey(groupId));
  }
  return [...ids];
}

/** Announcements made within this window by one process's projectors go out together. */
const PUBLISH_MS = 10;

/**
 * The pg_notify payloads for announcements (a JSON array of them): as few as the payload limit
 * allows, a projection's recipients split over several when they are more than fit in one.
 */
export function projectionChangeMessages(announcements: Announcement[]): string[] {
  const messages: string[] = [];
  let message: Announcement[] = [];
  let ids = 0;
  for (const { p, t, c } of announcements) {
    for (let i = 0; i < c.length; ) {
      if (ids + idWeight(c[i]) > CHILD_IDS_PER_MESSAGE) {
        messages.push(JSON.stringify(message));
        [message, ids] = [[], 0];
      }
      const part: string[] = [];
      while (i < c.length && (ids + idWeight(c[i]) <= CHILD_IDS_PER_MESSAGE || ids === 0)) {
        part.push(c[i]);
        ids += idWeight(c[i]);
        i++;
      }
      message.push({ p, t, c: part });
    }
  }
  if (message.length > 0) messages.push(JSON.stringify(message));
  return messages;
}

/**
 * The publishing half in one process: its projection workers (and a rebuild's hand-over) announce
 * the recipients a committed batch changed; what is announced within PUBLISH_MS goes out in one
 * pg_notify (a completion is applied by five projections, each committing on its own), not one per
 * projection and batch.
 */
export class ProjectionChangePublisher {
  private pending: Announcement[] = [];
  private timer: NodeJS.Timeout | null = null;
  private sending: Promise<void> = Promise.resolve();

  constructor(
    private readonly notify: (payload: string) => Promise<unknown>,
    private readonly log: Pick<Logger, 'warn'>,
  ) {}

  announce(projection: Pick<Projection, 'name' | 'liveTopic'>, childIds: string[]): void {
    if (childIds.length === 0) return;
    this.pending.push({ p: projection.name, t: liveTopicOf(projection), c: childIds });
    this.timer ??= setTimeout(() => void this.flush(), PUBLISH_MS);
  }

  /** Sends what is pending now; resolves when everything announced so far has been sent (or failed). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const messages = projectionChangeMessages(this.pending);
    this.pending = [];
    this.sending = this.sending.then(async () => {
      for (const message of messages) {
        await this.notify(message).catch((error: Error) => this.log.warn(`live update not sent: ${error.message}`));
      }
    });
    return this.sending;
  }
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
    return this.channel.listenFor(() => void this.listeners.delete(listener));
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

  /** A payload holds one announcement or, from ProjectionChangePublisher, an array of them. */
  private receive(payload: string): void {
    let announcements: Announcement[];
    try {
      const parsed = JSON.parse(payload) as Announcement | Announcement[];
      announcements = Array.isArray(parsed) ? parsed : [parsed];
    } catch {
      return;
    }
    for (const announcement of announcements) {
      for (const childId of announcement?.c ?? []) {
        const topics = this.pending.get(childId) ?? new Set<string>();
        topics.add(announcement.t);
        this.pending.set(childId, topics);
      }
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
