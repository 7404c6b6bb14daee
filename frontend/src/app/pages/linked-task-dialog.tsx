import type { Child } from '@carecircle/libs';
import { Suspense } from 'react';
import { loadTaskDetailsDialog } from '../../features/scheduling/components/today-timeline';
import { useGetTaskQuery } from '../../features/notifications/api';
import { lazyWithAntd } from '../../shared/ui/lazy-with-antd';

const TaskDetailsDialog = lazyWithAntd(() => loadTaskDetailsDialog().then((m) => ({ default: m.TaskDetailsDialog })));

/**
 * Today's deep link (`/?child&date&task`, from `/tasks/{taskId}`): the task's details dialog, open
 * over its recipient's day, with the actions the caregiver has there. Nothing shows if the task is
 * gone meanwhile (the day's list says what there is).
 */
export function LinkedTaskDialog({ taskId, recipients, now, onClose }: { taskId: string; recipients: Child[]; now: Date; onClose: () => void }) {
  const { data: task } = useGetTaskQuery(taskId);
  if (!task) return null;
  const canEdit = recipients.find((child) => child.id === task.childId)?.canEdit ?? false;
  return (
    <Suspense fallback={null}>
      <TaskDetailsDialog task={task} open now={now} canEdit={canEdit} onClose={onClose} />
    </Suspense>
  );
}
