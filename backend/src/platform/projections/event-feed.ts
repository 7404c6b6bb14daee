import { EventEmitter } from 'node:events';
import type { EventStore, RecordedEvent, Subscription } from '../event-store/event-store';

/** Events kept in memory for the projections of this process; the reader pauses when it is full. */
const WINDOW_CAPACITY = 5000;

/**
 * The one event-store reader of a projector process. A single catch-up subscription fills a window
 * of recent events; every projection worker reads the window from its own cursor, so N projections
 * cost one read of the store, not N. The reader never waits for a worker to apply anything: it
 * pauses only while the window is full of events an attached worker still needs. A worker that
 * falls behind the window (a restart, a retry back-off, a newly taken-over projection) detaches and
 * reads the store itself until it reaches the window again, so one slow or failing projection never
 * holds the others.
 */
export class EventFeed {
  private readonly window: RecordedEvent[] = [];
  /** Everything at or below this position has left the window (null: from the start of the store). */
  private start: bigint | null;
  private readonly changed = new EventEmitter().setMaxListeners(0);
  private subscription: Subscription | null = null;
  /** Cursors of the workers reading the window; they decide what may be dropped. */
  private readonly attached = new Map<string, bigint | null>();

  constructor(
    private readonly store: EventStore,
    from: bigint | null,
  ) {
    this.start = from;
  }

  /** Position of the last event read from the store. */
  get head(): bigint | null {
    return this.window.length > 0 ? this.window[this.window.length - 1].position : this.start;
  }

  /** Starts reading; `failed` resolves when the subscription ends with an error. */
  open(): Promise<Error> {
    this.subscription = this.store.subscribe(this.start, {
      handle: async (batch) => {
        while (this.window.length >= WINDOW_CAPACITY && !this.trim()) await this.next(1000);
        this.window.push(...batch);
        this.changed.emit('changed');
      },
    });
    return this.subscription.failed;
  }

  async close(): Promise<void> {
    this.changed.emit('changed');
    await this.subscription?.stop();
  }

  /**
   * Up to `max` events after `cursor` from the window: [] when there is nothing new yet, null when
   * the window no longer holds what follows `cursor` (the caller reads the store instead).
   */
  after(cursor: bigint | null, max: number): RecordedEvent[] | null {
    if (!covers(this.start, cursor)) return null;
    let from = 0;
    if (cursor !== null) {
      let high = this.window.length;
      while (from < high) {
        const middle = (from + high) >> 1;
        if (this.window[middle].position <= cursor) from = middle + 1;
        else high = middle;
      }
    }
    return this.window.slice(from, from + max);
  }

  /** A worker reading the window at `cursor`; its position holds the window's oldest events. */
  attach(worker: string, cursor: bigint | null): void {
    if (!covers(this.start, cursor)) return this.detach(worker);
    this.attached.set(worker, cursor);
    this.trim();
  }

  /** A worker that reads the store itself (or waits): it no longer holds the window. */
  detach(worker: string): void {
    this.attached.delete(worker);
    this.trim();
  }

  /** Resolves on new events or when space was made, or after `timeoutMs`. */
  next(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.changed.off('changed', done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.changed.once('changed', done);
    });
  }

  /** Drops what every attached worker has passed; true when that made room. */
  private trim(): boolean {
    let lowest: bigint | null | undefined;
    for (const cursor of this.attached.values()) {
      if (lowest === undefined || cursor === null || (lowest !== null && cursor < lowest)) lowest = cursor;
    }
    let drop = 0;
    if (lowest === undefined) drop = this.window.length;
    else if (lowest !== null) while (drop < this.window.length && this.window[drop].position <= lowest) drop++;
    if (drop === 0) return false;
    this.start = this.window[drop - 1].position;
    this.window.splice(0, drop);
    this.changed.emit('changed');
    return true;
  }
}

/** Whether a window starting after `start` holds everything after `cursor`. */
function covers(start: bigint | null, cursor: bigint | null): boolean {
  if (start === null) return true;
  return cursor !== null && cursor >= start;
}
