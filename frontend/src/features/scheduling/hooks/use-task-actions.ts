import type { Task } from '@carecircle/libs';
import { newIdempotencyKey } from '../../../app/base-api';
import { isSessionExpired, serverMessage, statusOf } from '../../../shared/api/api-error';
import { toast } from '../../../shared/ui/toast';
import { useCompleteTaskMutation, useRemoveTaskMutation, useUncompleteTaskMutation } from '../api';
import { lastFor, type QueuedAction } from '../offline/completion-queue';
import { enqueue, queueSnapshot } from '../offline/queue-store';

/** The completion toast stays 4 seconds (spec document 2, section 8). */
const COMPLETED_TOAST_SECONDS = 4;

function failed(description: string): void {
  toast({ title: 'Error', description, variant: 'destructive' });
}

/** The browser knows it has no network: the action goes straight to the queue. */
const knownOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * Keeps an action made without a network to send later (docs/notifications.md, "Offline and
 * install"), under the key its own attempt used: if that attempt did arrive, the retry is answered by
 * its replay. False when it could not be stored (or nobody is signed in): the caregiver must try again.
 */
async function queue(kind: QueuedAction['kind'], task: Task, key: string, notes?: string): Promise<boolean> {
  const { userId } = queueSnapshot();
  if (!userId) return false;
  try {
    const trimmed = notes?.trim() || null;
    await enqueue({ key, kind, userId, taskId: task.id, childId: task.childId, taskName: task.name, notes: trimmed, queuedAt: new Date().toISOString() });
    return true;
  } catch {
    return false;
  }
}

/**
 * Complete, uncomplete and remove a task with the spec's toasts (section 8). Each returns whether it
 * succeeded. A 409 on complete is the double-dose guard: another caregiver already completed the task;
 * its message ("Already given by {name} at {time}") is shown as it is, and the lists refetch.
 * Without a network, completing and undoing are queued and shown as waiting to send.
 */
export function useTaskActions() {
  const [completeTask, completing] = useCompleteTaskMutation();
  const [uncompleteTask, uncompleting] = useUncompleteTaskMutation();
  const [removeTask, removing] = useRemoveTaskMutation();

  const completed = (task: Task, waiting: boolean) =>
    toast({
      title: 'Great job! ✨',
      description: waiting
        ? `${task.name} completed! It will be sent when you are back online.`
        : `${task.name} completed! Keep up the amazing care! 💪`,
      variant: 'success',
      duration: COMPLETED_TOAST_SECONDS,
      // A tick by mistake is undone from the toast, wherever the task has moved in the list.
      action: { label: 'Undo', onClick: () => void uncomplete(task) },
    });

  const complete = async (task: Task, notes?: string): Promise<boolean> => {
    const key = newIdempotencyKey();
    const later = async () => {
      if (!(await queue('complete', task, key, notes))) {
        failed('Failed to complete task. Please try again.');
        return false;
      }
      completed(task, true);
      return true;
    };
    if (knownOffline()) return later();
    try {
      await completeTask({ task, notes, idempotencyKey: key }).unwrap();
      completed(task, false);
      return true;
    } catch (error) {
      if (statusOf(error) === 'FETCH_ERROR') return later();
      if (isSessionExpired(error)) return false;
      const alreadyGiven = statusOf(error) === 409 ? serverMessage(error) : undefined;
      failed(alreadyGiven ?? 'Failed to complete task. Please try again.');
      return false;
    }
  };

  const uncomplete = async (task: Task): Promise<boolean> => {
    const key = newIdempotencyKey();
    const later = async () => {
      if (!(await queue('uncomplete', task, key))) {
        failed('Failed to uncomplete task. Please try again.');
        return false;
      }
      toast({ title: 'Task Uncompleted', variant: 'success' });
      return true;
    };
    if (knownOffline() || hasWaitingAction(task)) return later();
    try {
      await uncompleteTask({ task, idempotencyKey: key }).unwrap();
      toast({ title: 'Task Uncompleted', variant: 'success' });
      return true;
    } catch (error) {
      if (statusOf(error) === 'FETCH_ERROR') return later();
      if (!isSessionExpired(error)) failed('Failed to uncomplete task. Please try again.');
      return false;
    }
  };

  const remove = async (task: Task, reason: string): Promise<boolean> => {
    try {
      await removeTask({ task, reason }).unwrap();
      toast({ title: 'Task Removed', variant: 'success' });
      return true;
    } catch (error) {
      if (!isSessionExpired(error)) failed(`Failed to remove task: ${serverMessage(error) ?? 'Please try again.'}`);
      return false;
    }
  };

  return {
    complete,
    uncomplete,
    remove,
    isBusy: completing.isLoading || uncompleting.isLoading || removing.isLoading,
  };
}

/** An undo of a task with a change still waiting joins the queue behind it (or takes a waiting completion back). */
function hasWaitingAction(task: Task): boolean {
  const { actions, userId } = queueSnapshot();
  return lastFor(actions, userId, task.id) !== undefined;
}
