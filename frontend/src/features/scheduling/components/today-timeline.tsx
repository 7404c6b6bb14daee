import { CalendarOutlined, PlusOutlined } from '../../../shared/ui/icons';
import type { Task } from '@carecircle/libs';
import { Suspense, useCallback, useMemo, useState } from 'react';
import { useHasBeenTrue } from '../../../shared/hooks/use-has-been-true';
import { useLastPresent } from '../../../shared/hooks/use-last-present';
import { lazyWithAntd } from '../../../shared/ui/lazy-with-antd';
import { PlainButton } from '../../../shared/ui/plain-button';
import { PlainSkeleton } from '../../../shared/ui/plain-skeleton';
import { useGetTasksForDayQuery } from '../api';
import { useTasksWithWaitingActions } from '../offline/use-offline-queue';
import { groupIntoSlots } from '../timeline-slots';
import { TimeSlot } from './time-slot';
import { LoadError } from '../../../shared/ui/load-error';

// Dialogs load on demand to keep the first load small (prefetched when idle by the page), with antd's theme.
export const loadTaskDetailsDialog = () => import('../dialogs/task-details-dialog');
export const loadRemoveTaskDialog = () => import('../dialogs/remove-task-dialog');
const TaskDetailsDialog = lazyWithAntd(() => loadTaskDetailsDialog().then((m) => ({ default: m.TaskDetailsDialog })));
const RemoveTaskDialog = lazyWithAntd(() => loadRemoveTaskDialog().then((m) => ({ default: m.RemoveTaskDialog })));

interface Props {
  childId: string;
  /** yyyy-mm-dd of the day shown. */
  date: string;
  /** Heading: "Today's Tasks", or the day shown. */
  title: string;
  /** The day shown in words (Today, Tomorrow, "Mon, Jun 2"), for the empty state. */
  dayName: string;
  now: Date;
  /** False for a view-only caregiver: no Add Task, tick, remove or edit. */
  canEdit: boolean;
  /** Opens the quick-add dialog; the Add Task button shows only when given. */
  onAddTask?: () => void;
  onEditAppointment?: (task: Task) => void;
}

/** The day's tasks in collapsible time slots, with the task dialogs. */
export function TodayTimeline({ childId, date, title, dayName, now, canEdit, onAddTask, onEditAppointment }: Props) {
  const { data: served, isLoading, isError, refetch, isFetching } = useGetTasksForDayQuery({ childId, date });
  // What the caregiver ticked without a network shows as they left it until it is sent.
  const tasks = useTasksWithWaitingActions(served);
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const [removingId, setRemovingId] = useState<string | null>(null);
  const slots = useMemo(() => groupIntoSlots(tasks ?? [], now), [tasks, now]);

  // Dialogs show the freshest copy of their task (a live update may change it while open).
  const detailsTask = useLastPresent(tasks?.find((task) => task.id === detailsId) ?? null);
  const removingTask = useLastPresent(tasks?.find((task) => task.id === removingId) ?? null);
  const detailsMounted = useHasBeenTrue(detailsId !== null);
  const removeMounted = useHasBeenTrue(removingId !== null);

  const headingId = `tasks-heading-${childId}`;
  // The same callbacks from render to render: a slot whose tasks did not change (the day read again
  // after the page was hydrated, a live update of another day) is not rendered again (issue 27).
  const cardActions = useMemo(
    () => ({
      onOpenDetails: (task: Task) => setDetailsId(task.id),
      onRemove: canEdit ? (task: Task) => setRemovingId(task.id) : undefined,
      onEditAppointment: canEdit ? onEditAppointment : undefined,
      canEdit,
    }),
    [canEdit, onEditAppointment],
  );
  const toggleSlot = useCallback((time: string) => setToggled((value) => ({ ...value, [time]: !(value[time] ?? true) })), []);

  return (
    <section className="section-card" aria-labelledby={headingId} aria-busy={isFetching || undefined}>
      <div className="section-card__header">
        <h2 id={headingId} className="section-card__title">
          {title}
        </h2>
        {onAddTask && canEdit && (
          <PlainButton variant="primary" icon={<PlusOutlined />} onClick={onAddTask}>
            Add Task
          </PlainButton>
        )}
      </div>
      {isLoading ? (
        <div aria-label="Loading tasks" role="status">
          <PlainSkeleton title={false} rows={4} />
        </div>
      ) : isError && !tasks ? (
        <LoadError title="Failed to fetch tasks" onRetry={() => refetch()} />
      ) : slots.length === 0 ? (
        <div className="empty-block">
          <CalendarOutlined className="empty-block__icon" aria-hidden />
          <h3 className="empty-block__title">No tasks for {/^(Today|Tomorrow|Yesterday)$/.test(dayName) ? dayName.toLowerCase() : dayName}</h3>
          <p className="muted">Tasks will appear here when you add them or sync from your calendar</p>
        </div>
      ) : (
        <div className="timeline">
          {slots.map((slot) => (
            <TimeSlot key={slot.time} slot={slot} now={now} expanded={toggled[slot.time] ?? true} onToggle={toggleSlot} {...cardActions} />
          ))}
        </div>
      )}
      <Suspense fallback={null}>
        {detailsMounted && (
          <TaskDetailsDialog
            task={detailsTask}
            open={detailsId !== null && detailsTask !== null}
            now={now}
            canEdit={canEdit}
            onClose={() => setDetailsId(null)}
          />
        )}
        {removeMounted && (
          <RemoveTaskDialog
            task={removingTask}
            open={removingId !== null && removingTask !== null}
            onClose={() => setRemovingId(null)}
          />
        )}
      </Suspense>
    </section>
  );
}
