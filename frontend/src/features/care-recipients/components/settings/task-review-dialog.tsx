import { PlusOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useId, useState } from 'react';
import {
  anotherTask,
  defaultSchedule,
  formatClockTime,
  groupByTime,
  type ListedReviewItem,
  type ReviewSchedule,
  type ReviewTask,
} from '../../recipient-setup';
import { confirmRow, isFlagged, reviewBlocker } from '../../review-regimen';
import { ReviewListedItems } from './review-listed-items';
import { ReviewScheduleSettings } from './review-schedule-settings';
import { ReviewTaskEditor } from './review-task-editor';
import { ReviewTaskRow } from './review-task-row';

interface Props {
  open: boolean;
  childName: string;
  initialTasks: ReviewTask[];
  /** Parsed but not scheduled: as needed, or without a time. */
  initialListed: ListedReviewItem[];
  /** yyyy-mm-dd: the Start Date the parse counted the tasks' own dates from. */
  initialStartDate: string;
  /** The Start Date changed (a later parse counts from it). */
  onStartDateChange: (startDate: string) => void;
  submitting: boolean;
  onCancel: () => void;
  onApprove: (tasks: ReviewTask[], listed: ListedReviewItem[], schedule: ReviewSchedule) => void;
}

/** Review Daily Tasks for {child} (spec document 2, section 2): edit, add and remove rows, set the schedule, approve. */
export function TaskReviewDialog({ open, childName, ...review }: Props) {
  return (
    <Modal
      open={open}
      title={`Review Daily Tasks for ${childName}`}
      onCancel={review.onCancel}
      footer={null}
      mask={{ closable: false }}
      destroyOnHidden
      width={640}
      className="task-review-dialog"
    >
      <TaskReview {...review} />
    </Modal>
  );
}

function TaskReview({
  initialTasks,
  initialListed,
  initialStartDate,
  onStartDateChange,
  submitting,
  onCancel,
  onApprove,
}: Omit<Props, 'open' | 'childName'>) {
  const [tasks, setTasks] = useState<ReviewTask[]>(initialTasks);
  const [listed, setListed] = useState<ListedReviewItem[]>(initialListed);
  const [editingKey, setEditingKey] = useState<string | null>(null);
  const [schedule, setSchedule] = useState<ReviewSchedule>(() => defaultSchedule(initialStartDate || undefined));
  const blockerId = useId();

  const replace = (task: ReviewTask) => setTasks((rows) => rows.map((row) => (row.key === task.key ? task : row)));
  const remove = (key: string) => {
    setTasks((rows) => rows.filter((row) => row.key !== key));
    if (editingKey === key) setEditingKey(null);
  };
  // Back to the row's Edit button once its editor closes (or its flag goes), so keyboard users keep their place.
  const focusRow = (key: string) =>
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-edit-row="${key}"]`)?.focus());
  const stopEditing = (key: string) => {
    setEditingKey(null);
    focusRow(key);
  };
  const addAnother = () => {
    const task = anotherTask();
    setTasks((rows) => [...rows, task]);
    setEditingKey(task.key);
  };
  const changeSchedule = (next: ReviewSchedule) => {
    if (next.startDate !== schedule.startDate && next.startDate) onStartDateChange(next.startDate);
    setSchedule(next);
  };

  const blocker = reviewBlocker(tasks, schedule, editingKey !== null);
  const count = tasks.length;
  const flagged = tasks.filter(isFlagged).length;

  return (
    <div className="task-review">
      {flagged > 0 && (
        <p className="task-review__flag-summary">
          {flagged === 1
            ? '1 line needs checking: compare it with its original text, then confirm or edit it.'
            : `${flagged} lines need checking: compare each with its original text, then confirm or edit it.`}
        </p>
      )}
      {count === 0 ? (
        <p className="muted task-review__empty">No tasks found. Add some tasks manually.</p>
      ) : (
        groupByTime(tasks).map((group) => (
          <section key={group.time} className="task-review__group" aria-label={formatClockTime(group.time)}>
            <h3 className="task-review__time">{formatClockTime(group.time)}</h3>
            <ul className="task-review__list">
              {group.tasks.map((task) =>
                task.key === editingKey ? (
                  <li key={task.key} className="task-review__row task-review__row--editing">
                    <ReviewTaskEditor
                      task={task}
                      schedule={schedule}
                      onSave={(saved) => {
                        replace(saved);
                        stopEditing(task.key);
                      }}
                      onCancel={() => stopEditing(task.key)}
                    />
                  </li>
                ) : (
                  <li key={task.key} className={`task-review__row${isFlagged(task) ? ' task-review__row--flagged' : ''}`}>
                    <ReviewTaskRow
                      task={task}
                      schedule={schedule}
                      onConfirm={() => {
                        replace(confirmRow(task));
                        focusRow(task.key);
                      }}
                      onEdit={() => setEditingKey(task.key)}
                      onDelete={() => remove(task.key)}
                      editDisabled={editingKey !== null}
                    />
                  </li>
                ),
              )}
            </ul>
          </section>
        ))
      )}
      <Button icon={<PlusOutlined />} onClick={addAnother} disabled={editingKey !== null} block type="dashed">
        Add Another Task
      </Button>

      <ReviewListedItems
        items={listed}
        onChange={(item) => setListed((items) => items.map((other) => (other.key === item.key ? item : other)))}
      />
      <ReviewScheduleSettings schedule={schedule} onChange={changeSchedule} />

      {count > 0 && blocker && (
        <p id={blockerId} className="task-review__blocker" role="status">
          {blocker}
        </p>
      )}
      <div className="dialog-actions task-review__footer">
        <Button onClick={onCancel} disabled={submitting}>
          Cancel
        </Button>
        <Button
          type="primary"
          loading={submitting}
          disabled={count === 0 || blocker !== null}
          aria-describedby={count > 0 && blocker ? blockerId : undefined}
          onClick={() => onApprove(tasks, listed, schedule)}
        >
          Create {count} Task(s)
        </Button>
      </div>
    </div>
  );
}
