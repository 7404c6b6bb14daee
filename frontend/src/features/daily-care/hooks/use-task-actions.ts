import type { Task } from '@carecircle/libs';
import { isSessionExpired, serverMessage, statusOf } from '../../../shared/api/api-error';
import { toast } from '../../../shared/ui/toast';
import { useCompleteTaskMutation, useRemoveTaskMutation, useUncompleteTaskMutation } from '../api';

/** The completion toast stays 4 seconds (spec document 2, section 8). */
const COMPLETED_TOAST_SECONDS = 4;

function failed(description: string): void {
  toast({ title: 'Error', description, variant: 'destructive' });
}

/**
 * Complete, uncomplete and remove a task with the spec's toasts (section 8). Each returns whether it
 * succeeded. A 409 on complete is the double-dose guard: another caregiver already completed the task;
 * its message ("Already given by {name} at {time}") is shown as it is, and the lists refetch.
 */
export function useTaskActions() {
  const [completeTask, completing] = useCompleteTaskMutation();
  const [uncompleteTask, uncompleting] = useUncompleteTaskMutation();
  const [removeTask, removing] = useRemoveTaskMutation();

  const complete = async (task: Task, notes?: string): Promise<boolean> => {
    try {
      await completeTask({ task, notes }).unwrap();
      toast({
        title: 'Great job! ✨',
        description: `${task.name} completed! Keep up the amazing care! 💪`,
        variant: 'success',
        duration: COMPLETED_TOAST_SECONDS,
        // A tick by mistake is undone from the toast, wherever the task has moved in the list.
        action: { label: 'Undo', onClick: () => void uncomplete(task) },
      });
      return true;
    } catch (error) {
      if (isSessionExpired(error)) return false;
      const alreadyGiven = statusOf(error) === 409 ? serverMessage(error) : undefined;
      failed(alreadyGiven ?? 'Failed to complete task. Please try again.');
      return false;
    }
  };

  const uncomplete = async (task: Task): Promise<boolean> => {
    try {
      await uncompleteTask(task).unwrap();
      toast({ title: 'Task Uncompleted', variant: 'success' });
      return true;
    } catch (error) {
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
