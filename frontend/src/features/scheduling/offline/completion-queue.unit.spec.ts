import { describe, expect, it } from '@jest/globals';
import type { Task } from '@carecircle/libs';
import { actionsOf, addAction, lastFor, outcomeOf, settle, withWaitingActions, type QueuedAction } from './completion-queue';

const MARIA = 'user-maria';
const JOSE = 'user-jose';
let keys = 0;

function action(kind: QueuedAction['kind'], taskId: string, overrides: Partial<QueuedAction> = {}): QueuedAction {
  keys += 1;
  return {
    key: `key-${keys}`,
    kind,
    userId: MARIA,
    taskId,
    childId: 'child-1',
    taskName: `Task ${taskId}`,
    notes: null,
    queuedAt: '2026-03-08T13:05:00.000Z',
    ...overrides,
  };
}

function task(id: string, overrides: Partial<Task> = {}): Task {
  return {
    id,
    childId: 'child-1',
    childName: 'Sam Rivera',
    templateId: null,
    name: `Task ${id}`,
    description: null,
    category: 'medication',
    status: 'pending',
    scheduledDate: '2026-03-08',
    scheduledTime: '2026-03-08T13:00:00.000Z',
    localTime: '08:00',
    timezone: 'America/New_York',
    completedAt: null,
    completedBy: null,
    completedByName: null,
    notes: null,
    isUrgent: false,
    priority: 'medium',
    medicationId: null,
    imageUrl: null,
    timeSlot: null,
    taskGroupId: null,
    timeSpecificNotes: null,
    appointmentDetails: null,
    isOverdue: true,
    isUrgentOverdue: false,
    ...overrides,
  };
}

const alreadyGiven = (completedBy: string) => ({
  status: 409,
  data: {
    statusCode: 409,
    code: 'SCHEDULING.TASK_ALREADY_COMPLETED',
    message: 'Already given by Jose Rivera at 8:03 AM',
    completedBy,
    completedByName: 'Jose Rivera',
    completedAt: '2026-03-08T13:03:00.000Z',
  },
});

describe('adding an action', () => {
  it('keeps actions in the order they were made', () => {
    const first = action('complete', 'a');
    const second = action('complete', 'b');
    expect(addAction(addAction([], first), second)).toEqual([first, second]);
  });

  it('takes a waiting completion back when it is undone: nothing is sent', () => {
    const done = action('complete', 'a');
    const other = action('complete', 'b');
    expect(addAction([done, other], action('uncomplete', 'a'))).toEqual([other]);
  });

  it('queues the undo behind a completion that is being sent right now', () => {
    const done = action('complete', 'a');
    const undo = action('uncomplete', 'a');
    expect(addAction([done], undo, done.key)).toEqual([done, undo]);
  });

  it('queues an undo of a completion the server already has', () => {
    const undo = action('uncomplete', 'a');
    expect(addAction([], undo)).toEqual([undo]);
  });

  it('ignores a second tick of the same kind while the first still waits', () => {
    const done = action('complete', 'a');
    expect(addAction([done], action('complete', 'a'))).toEqual([done]);
  });

  it("never lets one user's undo take back another user's completion", () => {
    const joses = action('complete', 'a', { userId: JOSE });
    const undo = action('uncomplete', 'a');
    expect(addAction([joses], undo)).toEqual([joses, undo]);
  });

  it('does not change the queue it was given', () => {
    const queue = [action('complete', 'a')];
    const copy = [...queue];
    addAction(queue, action('uncomplete', 'a'));
    expect(queue).toEqual(copy);
  });
});

describe('whose actions', () => {
  it("shows and sends only the signed-in user's actions; nobody signed in sees none", () => {
    const marias = action('complete', 'a');
    const joses = action('complete', 'b', { userId: JOSE });
    expect(actionsOf([marias, joses], MARIA)).toEqual([marias]);
    expect(actionsOf([marias, joses], undefined)).toEqual([]);
    expect(lastFor([marias, joses], JOSE, 'b')).toBe(joses);
    expect(lastFor([marias, joses], MARIA, 'b')).toBeUndefined();
  });
});

describe('the day as the caregiver left it', () => {
  it('shows a waiting completion as completed at the time it was ticked, with its note, not overdue', () => {
    const [shown, untouched] = withWaitingActions([task('a'), task('b')], [action('complete', 'a', { notes: 'with food' })], MARIA);
    expect(shown).toMatchObject({ status: 'completed', completedAt: '2026-03-08T13:05:00.000Z', completedBy: MARIA, completedByName: null, notes: 'with food', isOverdue: false });
    expect(untouched).toEqual(task('b'));
  });

  it('shows a waiting undo as pending', () => {
    const done = task('a', { status: 'completed', completedAt: '2026-03-08T12:00:00.000Z', completedBy: MARIA, completedByName: 'Maria Rivera' });
    expect(withWaitingActions([done], [action('uncomplete', 'a')], MARIA)[0]).toMatchObject({ status: 'pending', completedAt: null, completedByName: null });
  });

  it('follows the latest waiting action of a task', () => {
    const done = action('complete', 'a');
    const undo = action('uncomplete', 'a');
    expect(withWaitingActions([task('a')], [done, undo], MARIA)[0].status).toBe('pending');
  });

  it("leaves the day alone for another user's actions", () => {
    expect(withWaitingActions([task('a')], [action('complete', 'a', { userId: JOSE })], MARIA)).toEqual([task('a')]);
  });
});

describe('what an answer means', () => {
  const mine = action('complete', 'a');

  it('a success, or a replay of it, is sent', () => {
    expect(outcomeOf(null, mine)).toEqual({ type: 'sent' });
  });

  it('already given by someone else: the caregiver is told who and when', () => {
    expect(outcomeOf(alreadyGiven(JOSE), mine)).toEqual({ type: 'already-given', message: 'Already given by Jose Rivera at 8:03 AM' });
  });

  it('already given by the same caregiver (an earlier attempt arrived, its answer was lost): sent', () => {
    expect(outcomeOf(alreadyGiven(MARIA), mine)).toEqual({ type: 'sent' });
  });

  it('saved but slow to show (503 PLATFORM.PROJECTION_LAG) is sent', () => {
    expect(outcomeOf({ status: 503, data: { code: 'PLATFORM.PROJECTION_LAG', message: 'Your change was saved' } }, mine)).toEqual({ type: 'sent' });
  });

  it.each([
    ['no network', { status: 'FETCH_ERROR' }],
    ['a timeout', { status: 'TIMEOUT_ERROR' }],
    ['the same key still running', { status: 409, data: { code: 'IDEMPOTENCY.IN_PROGRESS', message: 'still being processed' } }],
    ['signed out', { status: 401, data: { message: 'Unauthorized' } }],
    ['throttled', { status: 429, data: { message: 'Too many requests' } }],
    ['a server fault', { status: 500, data: { message: 'Internal server error' } }],
    ['a gateway without a body', { status: 502, data: 'Bad Gateway' }],
  ])('%s: tried again later', (_label, failure) => {
    expect(outcomeOf(failure, mine)).toEqual({ type: 'retry' });
  });

  it.each([
    ['the task was removed', 404, 'Task not found'],
    ['access was revoked', 403, 'Forbidden'],
    ['the key was used for another request', 422, 'This Idempotency-Key was already used for a different request.'],
  ])('%s: refused, with the server’s words', (_label, status, message) => {
    expect(outcomeOf({ status, data: { message } }, mine)).toEqual({ type: 'refused', message });
  });
});

describe('settling an action', () => {
  it('sent or refused: only that action leaves', () => {
    const a = action('complete', 'a');
    const b = action('complete', 'b');
    expect(settle([a, b], a, { type: 'sent' })).toEqual([b]);
    expect(settle([a, b], a, { type: 'refused', message: 'Task not found' })).toEqual([b]);
  });

  it('retry: the queue stays as it is, in order', () => {
    const a = action('complete', 'a');
    const b = action('complete', 'b');
    expect(settle([a, b], a, { type: 'retry' })).toEqual([a, b]);
  });

  it("already given by someone else: the completion and the undo meant for it leave, so the other caregiver's dose is not undone", () => {
    const done = action('complete', 'a');
    const undo = action('uncomplete', 'a');
    const again = action('complete', 'a');
    const undoAgain = action('uncomplete', 'a');
    const other = action('complete', 'b');
    const joses = action('uncomplete', 'a', { userId: JOSE });
    expect(settle([done, other, undo, joses, again, undoAgain], done, { type: 'already-given', message: 'Already given' })).toEqual([
      other,
      joses,
      again,
      undoAgain,
    ]);
  });
});
