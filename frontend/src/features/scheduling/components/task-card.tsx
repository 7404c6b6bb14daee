import { CheckCircleFilled, DeleteOutlined, EditOutlined, LoadingOutlined } from '../../../shared/ui/icons';
import { isOverdue, REPEATING_MESSAGES, safeLink, type Task } from '@carecircle/libs';
import { memo, Suspense, useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { lazyWithAntd } from '../../../shared/ui/lazy-with-antd';
import { useEarlyDoseQuestion } from '../hooks/use-early-dose-question';
import { useTaskActions } from '../hooks/use-task-actions';
import { useIsWaitingToSend } from '../offline/use-offline-queue';
import { PlainButton } from '../../../shared/ui/plain-button';
import { categoryLabel, clockTimeIn, completedEarly, isAppointment, minutes, reminderLabel, taskTime } from '../task-display';
import { CategoryIcon, iconCategoryOf } from './category-icon';
import { disclosureProps } from '../../../shared/ui/disclosure';

// Asked only when a medication is ticked more than an hour early: loaded then, with antd's theme.
const EarlyDoseDialog = lazyWithAntd(() => import('../dialogs/early-dose-dialog').then((m) => ({ default: m.EarlyDoseDialog })));

interface Props {
  task: Task;
  now: Date;
  onOpenDetails: (task: Task) => void;
  /** Remove; the button shows only when given. */
  onRemove?: (task: Task) => void;
  /** Edit Appointment (the quick-add dialog); the button shows only when given. */
  onEditAppointment?: (task: Task) => void;
  /** False for a view-only caregiver: the status is shown, not a checkbox. */
  canEdit: boolean;
}

/**
 * The checkbox to focus again once its task shows the new status: completing re-sorts the timeline,
 * and moving a focused element in the page drops keyboard focus.
 */
let refocus: { taskId: string; status: Task['status'] } | null = null;

/** One task of the timeline: tick to complete (untick to undo), tap the name for details. Rendered again only when its props change. */
export const TaskCard = memo(function TaskCard({ task, now, onOpenDetails, onRemove, onEditAppointment, canEdit }: Props) {
  const { complete, uncomplete, isBusy } = useTaskActions();
  const earlyDose = useEarlyDoseQuestion();
  const checkbox = useRef<HTMLInputElement>(null);
  const completed = task.status === 'completed';
  // Ticked (or unticked) without a network: shown as done, and as not sent yet.
  const waiting = useIsWaitingToSend(task.id);
  // Two tasks may share a name (Tylenol at 8 AM and at 8 PM): their controls are told apart by time.
  const label = `${task.name} at ${appointmentTimesOrTime(task)}`;

  useEffect(() => {
    if (refocus?.taskId !== task.id || refocus.status !== task.status) return;
    refocus = null;
    if (document.activeElement !== checkbox.current) checkbox.current?.focus();
  });

  const toggle = async (event: ChangeEvent<HTMLInputElement>) => {
    const hadFocus = document.activeElement === event.currentTarget;
    // A dose more than an hour early is asked about first; Cancel leaves the box as it was.
    if (!completed && !(await earlyDose.confirm(task))) {
      if (hadFocus) checkbox.current?.focus();
      return;
    }
    const done = completed ? await uncomplete(task) : await complete(task);
    if (hadFocus && done) refocus = { taskId: task.id, status: completed ? 'pending' : 'completed' };
  };
  const planned = task.planned === true;
  const overdue = !planned && isOverdue(task, now);
  const plannedHintId = useId();
  const appointment = isAppointment(task);
  const early = completedEarly(task);
  const iconCategory = iconCategoryOf(task);
  const className = [
    'task-card',
    completed && 'task-card--completed',
    overdue && 'task-card--overdue',
    appointment && 'task-card--appointment',
    planned && 'task-card--planned',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <li className={className} aria-label={label}>
      {!canEdit ? (
        <span className="task-card__check task-card__status" role="img" aria-label={`${label}: ${completed ? 'completed' : 'not done yet'}`}>
          {completed ? <CheckCircleFilled aria-hidden /> : <span className="task-card__status-open" aria-hidden />}
        </span>
      ) : (
      <label className="task-card__check touch-target">
        <input
          ref={checkbox}
          type="checkbox"
          checked={completed}
          disabled={isBusy || planned}
          aria-label={`Complete ${label}`}
          aria-describedby={planned ? plannedHintId : undefined}
          onChange={(event) => void toggle(event)}
        />
        {isBusy && <LoadingOutlined className="task-card__busy plain-icon--spin" aria-hidden />}
      </label>
      )}
      {earlyDose.asking && (
        <Suspense fallback={null}>
          <EarlyDoseDialog task={earlyDose.asking} onAnswer={earlyDose.answer} />
        </Suspense>
      )}
      <div className="task-card__body">
        <div className="task-card__title-row">
          <CategoryIcon category={iconCategory} />
          <button type="button" className="task-card__name" onClick={() => onOpenDetails(task)}>
            {task.name}
          </button>
        </div>
        {(planned || appointment || overdue || waiting || early || (task.isUrgent && !completed)) && (
          <div className="task-card__badges">
            {waiting && <span className="badge badge--waiting">Waiting to send</span>}
            {early && <span className="badge badge--early">Early</span>}
            {planned && <span className="badge badge--planned">Planned</span>}
            {appointment && <span className="badge badge--appointment">APPOINTMENT</span>}
            {overdue && <span className="badge badge--overdue">Overdue</span>}
            {task.isUrgent && !completed && <span className="badge badge--urgent">Urgent</span>}
          </div>
        )}
        <p className="task-card__meta">
          <time>{appointmentTimesOrTime(task)}</time>
          <span aria-hidden> · </span>
          <span>{categoryLabel(task.category)}</span>
        </p>
        {appointment ? (
          task.appointmentDetails?.location && <p className="task-card__description">{task.appointmentDetails.location}</p>
        ) : (
          task.description && <p className="task-card__description">{task.description}</p>
        )}
        {completed && task.completedAt && (
          <p className="task-card__completed">
            Completed at {clockTimeIn(task.completedAt, task.timezone)}
            {task.completedByName && ` by ${task.completedByName}`}
          </p>
        )}
        {task.notes && <p className="task-card__note">Note: {task.notes}</p>}
        {planned && (
          <p id={plannedHintId} className="task-card__planned-hint">
            {REPEATING_MESSAGES.planned}
          </p>
        )}
        {appointment && (
          <AppointmentDetails task={task} onEdit={onEditAppointment && (() => onEditAppointment(task))} />
        )}
      </div>
      {!planned && onRemove && (
      <PlainButton
        variant="text"
        className="task-card__remove"
        icon={<DeleteOutlined />}
        aria-label={`Remove ${label}`}
        onClick={() => onRemove(task)}
      />
      )}
    </li>
  );
});

function appointmentTimesOrTime(task: Task): string {
  const details = task.appointmentDetails;
  if (!isAppointment(task) || !details) return taskTime(task);
  const start = taskTime({ localTime: details.startTime || task.localTime });
  return details.endTime ? `${start} – ${taskTime({ localTime: details.endTime })}` : start;
}

/** Show/Hide Details: attendees, reminders, travel and prep time; each appointment on its own. */
function AppointmentDetails({ task, onEdit }: { task: Task; onEdit?: () => void }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const details = task.appointmentDetails;
  return (
    <div className="appointment-details">
      <div className="appointment-details__actions">
        <PlainButton
          variant="link"
          size="small"
          {...disclosureProps(open, id)}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? 'Hide Details' : 'Show Details'}
        </PlainButton>
        {onEdit && (
          <PlainButton variant="link" size="small" icon={<EditOutlined />} aria-label={`Edit ${task.name}`} onClick={onEdit}>
            Edit
          </PlainButton>
        )}
      </div>
      {open && (
        <dl id={id} className="appointment-details__list">
          <dt>Attendees</dt>
          <dd>{details?.attendees || 'None'}</dd>
          <dt>Reminders</dt>
          <dd>{details?.reminders.length ? details.reminders.map(reminderLabel).join(', ') : 'None'}</dd>
          <dt>Travel Time</dt>
          <dd>{minutes(details?.travelTime ?? 0)}</dd>
          <dt>Prep Time</dt>
          <dd>{minutes(details?.prepTime ?? 0)}</dd>
          {details?.isTelemedicine && safeLink(details.videoLink) && (
            <>
              <dt>Video link</dt>
              <dd>
                <a href={safeLink(details.videoLink)} target="_blank" rel="noreferrer">
                  Join video call
                </a>
              </dd>
            </>
          )}
        </dl>
      )}
    </div>
  );
}
