import { CheckOutlined, DeleteOutlined, EditOutlined, ExclamationCircleFilled, WarningFilled } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import type { ReviewSchedule, ReviewTask } from '../../recipient-setup';
import { isFlagged, regimenWords } from '../../review-regimen';
import { CategoryBadge, PriorityBadge } from './task-badges';

/** The parser found a dose but no name: never named from leftover text, the reviewer names it. */
export function NeedsName() {
  return <span className="task-review__needs-name">Needs a name</span>;
}

/**
 * A line the parser could not fully read: said in words (not only by colour), with the line as it
 * was pasted so the caregiver can compare, and the row's Confirm action when there is one.
 */
export function LineFlag({ sourceText, action }: { sourceText?: string; action?: ReactNode }) {
  return (
    <div className="task-review__flag">
      <span className="task-review__flag-title">
        <WarningFilled aria-hidden /> Check this line
      </span>
      {sourceText && (
        <span className="task-review__source">
          Original: <q>{sourceText}</q>
        </span>
      )}
      {action}
    </div>
  );
}

interface Props {
  task: ReviewTask;
  schedule: ReviewSchedule;
  onConfirm: () => void;
  onEdit: () => void;
  onDelete: () => void;
  editDisabled: boolean;
}

/** One row of the review: name, urgency, badges, dose and strength, its own regimen in words, the note. */
export function ReviewTaskRow({ task, schedule, onConfirm, onEdit, onDelete, editDisabled }: Props) {
  const label = task.name || 'task that needs a name';
  const regimen = regimenWords(task, schedule);
  return (
    <>
      <div className="task-review__text">
        {isFlagged(task) && (
          <LineFlag
            sourceText={task.sourceText}
            action={
              // A row without a name is confirmed by naming it (Edit).
              task.name.trim() !== '' && (
                <Button size="small" icon={<CheckOutlined />} onClick={onConfirm} aria-label={`Confirm ${task.name} as shown`} disabled={editDisabled}>
                  Confirm
                </Button>
              )
            }
          />
        )}
        <span className="task-review__name">
          {task.name || <NeedsName />}
          {task.isUrgent && <ExclamationCircleFilled className="task-review__urgent" role="img" aria-label="Urgent" />}
        </span>
        <span className="task-review__badges">
          <PriorityBadge priority={task.priority} />
          <CategoryBadge category={task.category} />
        </span>
        {(task.dosage || task.strength) && (
          // The strength is the product's ("15 mg/5 mL"), the dosage what is given: never one for the other.
          <span className="task-review__dosage">
            {task.dosage && <span>Dosage: {task.dosage}</span>}
            {task.strength && <span>Strength {task.strength}</span>}
          </span>
        )}
        {regimen.length > 0 && <span className="task-review__regimen">{regimen.join(' · ')}</span>}
        {task.description && <span className="task-review__description">Note: {task.description}</span>}
      </div>
      <div className="task-review__actions">
        <Button
          type="text"
          icon={<EditOutlined />}
          aria-label={`Edit ${label}`}
          onClick={onEdit}
          disabled={editDisabled}
          data-edit-row={task.key}
        />
        <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Delete ${label}`} onClick={onDelete} />
      </div>
    </>
  );
}
