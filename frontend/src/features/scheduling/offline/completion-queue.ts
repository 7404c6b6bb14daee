import type { Task, TaskAlreadyCompleted } from '@carecircle/libs';

/**
 * Completions made without a network (docs/notifications.md, "Offline and install"): the rules of
 * the queue, pure so they are tested on their own (completion-queue.unit.spec.ts). The queue lives in
 * IndexedDB (queue-store.ts) and is sent in order, each action with its own Idempotency-Key, so an
 * action that did reach the server once is answered by its replay and never recorded twice.
 */
export interface QueuedAction {
  /** The Idempotency-Key of every attempt to send this action; also its id in the queue. */
  key: string;
  kind: 'complete' | 'uncomplete';
  /** Who did it: only that user's session sends it, and only that user sees it waiting. */
  userId: string;
  taskId: string;
  childId: string;
  taskName: string;
  notes: string | null;
  /** When the caregiver ticked (ISO 8601): the time shown until the server's answer replaces it. */
  queuedAt: string;
}

/** How the server answered one queued action, and so what happens to it. */
export type Outcome =
  /** Recorded (or it already was: a replay, or the caregiver's own completion): leaves the queue. */
  | { type: 'sent' }
  /** Someone else completed the task first: leaves the queue, the caregiver is told who and when. */
  | { type: 'already-given'; message: string }
  /** Refused for good (task removed, access revoked, invalid): leaves the queue, the caregiver is told. */
  | { type: 'refused'; message: string }
  /** Not now (no network, server busy, session gone): stays, and sending stops until the next try. */
  | { type: 'retry' };

/** The failure shape of the API layer (ApiQueryError): a status and the parsed body when there is one. */
export interface SendFailure {
  status: number | string;
  data?: unknown;
}

/**
 * Adds an action. Undoing a completion that is still waiting (and not being sent right now) simply
 * takes it back: nothing reaches the server. Repeating the last waiting action of a task changes nothing.
 */
export function addAction(queue: readonly QueuedAction[], action: QueuedAction, sendingKey: string | null = null): QueuedAction[] {
  const last = lastFor(queue, action.userId, action.taskId);
  if (last?.kind === action.kind) return [...queue];
  if (action.kind === 'uncomplete' && last?.kind === 'complete' && last.key !== sendingKey) {
    return queue.filter((queued) => queued.key !== last.key);
  }
  return [...queue, action];
}

/** The user's waiting actions, oldest first. */
export function actionsOf(queue: readonly QueuedAction[], userId: string | undefined): QueuedAction[] {
  return userId ? queue.filter((action) => action.userId === userId) : [];
}

/** The latest waiting action of one task by this user. */
export function lastFor(queue: readonly QueuedAction[], userId: string | undefined, taskId: string): QueuedAction | undefined {
  return actionsOf(queue, userId).findLast((action) => action.taskId === taskId);
}

/**
 * The day's tasks as the caregiver left them: a task with a waiting completion shows completed (at
 * the time it was ticked, no name yet), one with a waiting undo shows pending.
 */
export function withWaitingActions(tasks: readonly Task[], queue: readonly QueuedAction[], userId: string | undefined): Task[] {
  const mine = actionsOf(queue, userId);
  if (mine.length === 0) return [...tasks];
  return tasks.map((task) => {
    const last = mine.findLast((action) => action.taskId === task.id);
    if (!last) return task;
    return last.kind === 'complete'
      ? { ...task, status: 'completed', completedAt: last.queuedAt, completedBy: last.userId, completedByName: null, notes: last.notes ?? task.notes, isOverdue: false, isUrgentOverdue: false }
      : { ...task, status: 'pending', completedAt: null, completedBy: null, completedByName: null };
  });
}

/**
 * What an answer means for a queued action. `userId` tells "already given by me" (my own completion,
 * recorded by an earlier attempt whose answer was lost) from "already given by someone else".
 */
export function outcomeOf(failure: SendFailure | null, action: QueuedAction): Outcome {
  if (!failure) return { type: 'sent' };
  const { status } = failure;
  const body = (typeof failure.data === 'object' && failure.data !== null ? failure.data : {}) as Partial<Omit<TaskAlreadyCompleted, 'code'>> & {
    code?: string;
  };
  if (typeof status !== 'number') return { type: 'retry' }; // no network, timeout, unreadable answer
  if (status === 409 && body.code === 'SCHEDULING.TASK_ALREADY_COMPLETED') {
    if (body.completedBy === action.userId) return { type: 'sent' };
    return { type: 'already-given', message: body.message ?? 'Already given by someone else' };
  }
  // "Your change was saved, but it is taking longer than usual to show": saved (docs/http.md).
  if (status === 503 && body.code === 'PLATFORM.PROJECTION_LAG') return { type: 'sent' };
  if (status === 409 && body.code === 'IDEMPOTENCY.IN_PROGRESS') return { type: 'retry' };
  if (status === 401 || status === 408 || status === 425 || status === 429 || status >= 500) return { type: 'retry' };
  return { type: 'refused', message: body.message ?? `${status}` };
}

/**
 * The queue once an action's outcome is known. Sent or refused: it leaves. Already given by someone
 * else: it leaves, and so does a later undo of the same task by the same user, which was meant to undo
 * this completion, not the other caregiver's. Retry: nothing changes.
 */
export function settle(queue: readonly QueuedAction[], action: QueuedAction, outcome: Outcome): QueuedAction[] {
  if (outcome.type === 'retry') return [...queue];
  const rest = queue.filter((queued) => queued.key !== action.key);
  if (outcome.type !== 'already-given') return rest;
  let undoing = true; // the undos that follow this completion, up to the caregiver's next completion of the task
  return rest.filter((queued) => {
    if (queued.userId !== action.userId || queued.taskId !== action.taskId) return true;
    if (queued.kind === 'complete') undoing = false;
    return !(undoing && queued.kind === 'uncomplete');
  });
}
