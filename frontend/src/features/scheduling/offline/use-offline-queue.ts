import type { Task } from '@carecircle/libs';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { toast } from '../../../shared/ui/toast';
import { schedulingApi } from '../api';
import { actionsOf, lastFor, outcomeOf, withWaitingActions, type Outcome, type QueuedAction, type SendFailure } from './completion-queue';
import { flushQueue, NO_QUEUE, queueSnapshot, setQueueUser, subscribeToQueue } from './queue-store';

/** While actions wait and the browser says it is online, sending is tried again this often. */
const RETRY_EVERY_MS = 30_000;
/** A toast's duration that keeps it until it is closed (antd: 0). */
const STAYS_OPEN = 0;

const useQueue = () => useSyncExternalStore(subscribeToQueue, queueSnapshot, () => NO_QUEUE);

/** The signed-in user's waiting actions, oldest first. */
export function useWaitingActions(): { userId: string | undefined; actions: QueuedAction[] } {
  const { actions, userId } = useQueue();
  return useMemo(() => ({ userId, actions: actionsOf(actions, userId) }), [actions, userId]);
}

/** The day's tasks with the caregiver's waiting completions and undos applied. */
export function useTasksWithWaitingActions(tasks: Task[] | undefined): Task[] | undefined {
  const { actions, userId } = useQueue();
  return useMemo(() => tasks && withWaitingActions(tasks, actions, userId), [tasks, actions, userId]);
}

/** Whether this task has a change waiting to be sent. */
export function useIsWaitingToSend(taskId: string): boolean {
  const { actions, userId } = useQueue();
  return lastFor(actions, userId, taskId) !== undefined;
}

const subscribeToNetwork = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/** The browser's idea of the network: false only when it knows there is none (a server-rendered page was online). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeToNetwork, () => navigator.onLine, () => true);
}

/**
 * Sends the signed-in user's waiting actions: at start, when the network returns, when the app comes
 * back to the foreground, and every 30 seconds while some wait. Mounted once, by the signed-in layout.
 */
export function useOfflineSync(userId: string | undefined): void {
  const dispatch = useAppDispatch();
  const { actions } = useWaitingActions();
  const waiting = actions.length > 0;

  useEffect(() => setQueueUser(userId), [userId]);

  useEffect(() => {
    if (!userId || !waiting) return;
    const send = async (action: QueuedAction): Promise<Outcome> => {
      const task = { id: action.taskId, childId: action.childId };
      const request =
        action.kind === 'complete'
          ? dispatch(schedulingApi.endpoints.completeTask.initiate({ task, notes: action.notes ?? undefined, idempotencyKey: action.key }))
          : dispatch(schedulingApi.endpoints.uncompleteTask.initiate({ task, idempotencyKey: action.key }));
      try {
        const answer = await request.unwrap();
        // The card shows the server's copy at once (no flicker back while the day's list refetches).
        dispatch(
          schedulingApi.util.updateQueryData('getTasksForDay', { childId: answer.childId, date: answer.scheduledDate }, (tasks) =>
            tasks.map((held) => (held.id === answer.id ? answer : held)),
          ),
        );
        return outcomeOf(null, action);
      } catch (error) {
        return outcomeOf(error as SendFailure, action);
      } finally {
        request.reset();
      }
    };
    const sendAll = () => {
      if (navigator.onLine) void flushQueue(userId, send, tell).catch(() => undefined);
    };
    sendAll();
    const whenVisible = () => document.visibilityState === 'visible' && sendAll();
    const timer = window.setInterval(sendAll, RETRY_EVERY_MS);
    window.addEventListener('online', sendAll);
    document.addEventListener('visibilitychange', whenVisible);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', sendAll);
      document.removeEventListener('visibilitychange', whenVisible);
    };
  }, [userId, waiting, dispatch]);
}

/** The caregiver hears of what could not be recorded; a dose given twice must not go unnoticed. */
function tell(action: QueuedAction, outcome: Outcome): void {
  if (outcome.type === 'already-given') {
    toast({ title: 'Error', description: outcome.message, variant: 'destructive', duration: STAYS_OPEN });
  } else if (outcome.type === 'refused') {
    toast({ title: 'Error', description: `${action.taskName} could not be sent: ${outcome.message}`, variant: 'destructive', duration: STAYS_OPEN });
  }
}
