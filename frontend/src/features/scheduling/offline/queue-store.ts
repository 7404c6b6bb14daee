import { createStore, get, update, type UseStore } from 'idb-keyval';
import { actionsOf, addAction, settle, type Outcome, type QueuedAction } from './completion-queue';

/**
 * The waiting completions, kept in IndexedDB so they survive a reload or a closed tab. Every change
 * is one read-modify-write transaction (idb-keyval `update`), other tabs hear of it through a
 * BroadcastChannel, and only one tab sends at a time (a Web Lock where the browser has them).
 * React reads it through useSyncExternalStore (use-offline-queue.ts).
 */
const QUEUE_KEY = 'completions';
const LOCK_NAME = 'carecircle-offline-queue';

let database: UseStore | undefined;
const store = () => (database ??= createStore('carecircle-offline', 'queue'));

export interface QueueSnapshot {
  actions: readonly QueuedAction[];
  /** The signed-in user (set by the signed-in layout): whose waiting actions show and are sent. */
  userId: string | undefined;
}

/** Before the queue is read (and on a page the server renders, which has none). */
export const NO_QUEUE: QueueSnapshot = { actions: [], userId: undefined };
let snapshot: QueueSnapshot = NO_QUEUE;
let loaded: Promise<void> | undefined;
const listeners = new Set<() => void>();
const channel = typeof window === 'undefined' || typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(LOCK_NAME);
if (channel) channel.onmessage = () => void reload();

function publish(next: Partial<QueueSnapshot>): void {
  snapshot = { ...snapshot, ...next };
  for (const listener of listeners) listener();
}

async function reload(): Promise<void> {
  publish({ actions: (await get<QueuedAction[]>(QUEUE_KEY, store())) ?? [] });
}

export function subscribeToQueue(listener: () => void): () => void {
  listeners.add(listener);
  loaded ??= reload().catch(() => undefined);
  return () => listeners.delete(listener);
}

export const queueSnapshot = (): QueueSnapshot => snapshot;

export function setQueueUser(userId: string | undefined): void {
  if (snapshot.userId !== userId) publish({ userId });
}

async function change(apply: (queue: QueuedAction[]) => QueuedAction[]): Promise<void> {
  let next: QueuedAction[] = [];
  await update<QueuedAction[]>(QUEUE_KEY, (queue) => (next = apply(queue ?? [])), store());
  publish({ actions: next });
  channel?.postMessage('changed');
}

/** The action this tab is sending right now: an undo may no longer simply take it back. */
let sendingKey: string | null = null;

/** Stores an action durably; resolves once it is in IndexedDB (rejects when it could not be stored). */
export function enqueue(action: QueuedAction): Promise<void> {
  return change((queue) => addAction(queue, action, sendingKey));
}

let flushing: Promise<void> | null = null;

/**
 * Sends the user's waiting actions in order, one at a time, until the queue is empty or an answer
 * says "not now". `send` turns one action into its outcome; `told` hears each final outcome.
 */
export function flushQueue(
  userId: string,
  send: (action: QueuedAction) => Promise<Outcome>,
  told: (action: QueuedAction, outcome: Outcome) => void,
): Promise<void> {
  flushing ??= exclusively(async () => {
    for (;;) {
      await reload();
      const next = actionsOf(snapshot.actions, userId)[0];
      if (!next) return;
      sendingKey = next.key;
      const outcome = await send(next).finally(() => (sendingKey = null));
      if (outcome.type === 'retry') return;
      await change((queue) => settle(queue, next, outcome));
      told(next, outcome);
    }
  }).finally(() => (flushing = null));
  return flushing;
}

function exclusively(work: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  // The lock is held until `work` settles (request() waits for the promise the callback returns).
  return locks ? locks.request(LOCK_NAME, work).then(() => undefined) : work();
}
