import { CheckCircleFilled, DownOutlined, ExclamationCircleFilled, RightOutlined } from '../../../shared/ui/icons';
import { formatClockTime, ICON_CATEGORY_LABELS, type Task } from '@carecircle/libs';
import { memo, useId } from 'react';
import { SLOT_CATEGORY_DOTS, type TimeSlot as Slot } from '../timeline-slots';
import { TaskCard } from './task-card';
import { disclosureProps } from '../../../shared/ui/disclosure';

interface Props {
  slot: Slot;
  now: Date;
  expanded: boolean;
  /** Called with the slot's time. */
  onToggle: (time: string) => void;
  onOpenDetails: (task: Task) => void;
  onRemove?: (task: Task) => void;
  onEditAppointment?: (task: Task) => void;
  canEdit: boolean;
}

/** A collapsible group of the tasks due at one clock time; rendered again only when its props change. */
export const TimeSlot = memo(function TimeSlot({ slot, now, expanded, onToggle, ...cardActions }: Props) {
  const bodyId = useId();
  const total = slot.tasks.length;
  const extraCategories = slot.categories.length - SLOT_CATEGORY_DOTS;
  const className = ['time-slot', slot.hasOverdue && 'time-slot--overdue', slot.allCompleted && 'time-slot--done']
    .filter(Boolean)
    .join(' ');

  return (
    <section className={className}>
      <h3 className="time-slot__heading">
        <button
          type="button"
          className="time-slot__header"
          {...disclosureProps(expanded, bodyId)}
          onClick={() => onToggle(slot.time)}
        >
          <span className="time-slot__chevron" aria-hidden>
            {expanded ? <DownOutlined /> : <RightOutlined />}
          </span>
          <span className="time-slot__time">{formatClockTime(slot.time)}</span>
          {slot.hasAppointment && <span className="badge badge--appointment">APPT TIME</span>}
          {slot.prayerName && <span className="time-slot__prayer">{slot.prayerName}</span>}
          {slot.allCompleted && <CheckCircleFilled className="time-slot__tick" aria-label="All completed" role="img" />}
          {slot.hasOverdue && <span className="badge badge--overdue">Overdue</span>}
          {slot.hasUrgent && (
            <ExclamationCircleFilled className="time-slot__urgent" aria-label="Urgent" role="img" />
          )}
          <span className="time-slot__count">
            {slot.completed}/{total}
            <span className="sr-only"> completed</span>
          </span>
        </button>
      </h3>
      {expanded ? (
        <ul id={bodyId} className="time-slot__tasks" aria-label={`Tasks at ${formatClockTime(slot.time)}`}>
          {slot.tasks.map((task) => (
            <TaskCard key={task.id} task={task} now={now} {...cardActions} />
          ))}
        </ul>
      ) : (
        <p className="time-slot__summary">
          {slot.allCompleted ? (
            <span className="time-slot__summary-done">
              <CheckCircleFilled aria-hidden /> All {total} completed
            </span>
          ) : (
            <>
              <span>
                {total} {total === 1 ? 'task' : 'tasks'}
              </span>
              {slot.hasUrgent && <span className="time-slot__summary-urgent">Urgent</span>}
              <span className="time-slot__dots">
                {slot.categories.slice(0, SLOT_CATEGORY_DOTS).map((category) => (
                  <span
                    key={category}
                    className={`category-dot category-dot--${category}`}
                    role="img"
                    aria-label={ICON_CATEGORY_LABELS[category]}
                    title={ICON_CATEGORY_LABELS[category]}
                  />
                ))}
                {extraCategories > 0 && <span className="time-slot__more">+{extraCategories} more</span>}
              </span>
            </>
          )}
        </p>
      )}
    </section>
  );
});
