import { DeleteOutlined, EditOutlined, ExclamationCircleFilled, PlusOutlined } from '@ant-design/icons';
import type { Priority } from '@carecircle/libs';
import { Button, Checkbox, Form, Input, Modal, Switch } from 'antd';
import { useId, useState } from 'react';
import {
  anotherTask,
  DAY_OPTIONS,
  defaultSchedule,
  EVERY_DAY,
  formatClockTime,
  groupByTime,
  taskEndDate,
  WEEKDAYS_ONLY,
  withPriority,
  type ListedReviewItem,
  type ReviewTask,
  type RoutineTaskCategory,
} from '../../recipient-setup';
import { CategoryBadge, PriorityBadge } from './task-badges';
import { PriorityField, TaskCoreFields } from './task-fields';

export interface ReviewSchedule {
  startDate: string;
  endDate: string;
  /** 0 = Sunday .. 6. */
  days: number[];
}

interface Props {
  open: boolean;
  childName: string;
  initialTasks: ReviewTask[];
  /** Parsed but not scheduled: as needed, or without a time. */
  initialListed: ListedReviewItem[];
  submitting: boolean;
  onCancel: () => void;
  onApprove: (tasks: ReviewTask[], listed: ListedReviewItem[], schedule: ReviewSchedule) => void;
}

/** Review Daily Tasks for {child} (spec document 2, section 2): edit, add and remove rows, set the schedule, approve. */
export function TaskReviewDialog({ open, childName, initialTasks, initialListed, submitting, onCancel, onApprove }: Props) {
  return (
    <Modal
      open={open}
      title={`Review Daily Tasks for ${childName}`}
      onCancel={onCancel}
      footer={null}
      mask={{ closable: false }}
      destroyOnHidden
      width={640}
      className="task-review-dialog"
    >
      <TaskReview
        initialTasks={initialTasks}
        initialListed={initialListed}
        submitting={submitting}
        onCancel={onCancel}
        onApprove={onApprove}
      />
    </Modal>
  );
}

function TaskReview({ initialTasks, initialListed, submitting, onCancel, onApprove }: Omit<Props, 'open' | 'childName'>) {
  const [tasks, setTasks] = useState<ReviewTask[]>(initialTasks);
  const [listed, setListed] = useState<ListedReviewItem[]>(initialListed);
  const [editingKey, setEditingKey] = useState<string | null>(null);
  const [schedule, setSchedule] = useState<ReviewSchedule>(defaultSchedule);
  const daysLegendId = useId();

  const replace = (task: ReviewTask) => setTasks((rows) => rows.map((row) => (row.key === task.key ? task : row)));
  const remove = (key: string) => {
    setTasks((rows) => rows.filter((row) => row.key !== key));
    if (editingKey === key) setEditingKey(null);
  };
  // Back to the row's Edit button once its editor closes, so keyboard users keep their place.
  const stopEditing = (key: string) => {
    setEditingKey(null);
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-edit-row="${key}"]`)?.focus());
  };
  const addAnother = () => {
    const task = anotherTask();
    setTasks((rows) => [...rows, task]);
    setEditingKey(task.key);
  };

  const endBeforeStart = schedule.endDate !== '' && schedule.startDate !== '' && schedule.endDate < schedule.startDate;
  const blocker =
    editingKey !== null
      ? 'Save or cancel the task you are editing first.'
      : tasks.some((task) => task.name.trim() === '')
        ? 'Give every task that needs a name a name first.'
        : !schedule.startDate
        ? 'Choose a start date.'
        : endBeforeStart
          ? 'The end date must not be before the start date.'
          : schedule.days.length === 0
            ? 'Choose at least one day to repeat on.'
            : null;
  const count = tasks.length;

  return (
    <div className="task-review">
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
                      onSave={(saved) => {
                        replace(saved);
                        stopEditing(task.key);
                      }}
                      onCancel={() => stopEditing(task.key)}
                    />
                  </li>
                ) : (
                  <li key={task.key} className="task-review__row">
                    <ReviewTaskRow
                      task={task}
                      endsOn={task.durationDays ? taskEndDate(task, schedule) : null}
                      onSaveAsMedication={(saveAsMedication) => replace({ ...task, saveAsMedication })}
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

      {listed.length > 0 && (
        <section className="task-review__listed" aria-labelledby={`${daysLegendId}-listed`}>
          <h3 id={`${daysLegendId}-listed`} className="task-review__schedule-title">
            Not scheduled
          </h3>
          <ul className="task-review__list">
            {listed.map((item) => (
              <li key={item.key} className="task-review__row">
                <div className="task-review__text">
                  <span className="task-review__name">{item.name || <NeedsName />}</span>
                  <span className="task-review__description">
                    {[item.dosage, `${item.reason}, not scheduled`].filter(Boolean).join(' · ')}
                  </span>
                  {item.name && item.dosage && item.category === 'medication' && (
                    <SaveAsMedication
                      name={item.name}
                      checked={item.saveAsMedication}
                      onChange={(saveAsMedication) =>
                        setListed((items) => items.map((other) => (other.key === item.key ? { ...other, saveAsMedication } : other)))
                      }
                    />
                  )}
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="task-review__schedule" aria-labelledby={`${daysLegendId}-title`}>
        <h3 id={`${daysLegendId}-title`} className="task-review__schedule-title">
          Schedule Settings
        </h3>
        <div className="form-row">
          <label className="stacked-field">
            <span className="field-label">Start Date</span>
            <Input
              type="date"
              value={schedule.startDate}
              onChange={(event) => setSchedule({ ...schedule, startDate: event.target.value })}
            />
          </label>
          <label className="stacked-field">
            <span className="field-label">End Date</span>
            <Input
              type="date"
              value={schedule.endDate}
              min={schedule.startDate || undefined}
              onChange={(event) => setSchedule({ ...schedule, endDate: event.target.value })}
            />
          </label>
        </div>
        <fieldset className="day-picker">
          <legend className="field-label">Repeat on Days</legend>
          <Checkbox.Group
            value={schedule.days}
            onChange={(days) => setSchedule({ ...schedule, days: [...days].sort((a, b) => a - b) })}
            className="day-picker__days"
          >
            {DAY_OPTIONS.map((day) => (
              <Checkbox key={day.value} value={day.value} aria-label={day.name}>
                {day.label}
              </Checkbox>
            ))}
          </Checkbox.Group>
          <div className="day-picker__shortcuts">
            <Button size="small" onClick={() => setSchedule({ ...schedule, days: [...WEEKDAYS_ONLY] })}>
              Weekdays Only
            </Button>
            <Button size="small" onClick={() => setSchedule({ ...schedule, days: [...EVERY_DAY] })}>
              Every Day
            </Button>
          </div>
        </fieldset>
      </section>

      {count > 0 && blocker && (
        <p className="task-review__blocker" role="status">
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
          onClick={() => onApprove(tasks, listed, schedule)}
        >
          Create {count} Task(s)
        </Button>
      </div>
    </div>
  );
}

/** The parser found a dose but no name: never named from leftover text, the reviewer names it. */
function NeedsName() {
  return <span className="task-review__needs-name">Needs a name</span>;
}

function SaveAsMedication({ name, checked, onChange }: { name: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <Checkbox checked={checked} onChange={(event) => onChange(event.target.checked)} aria-label={`Save ${name} as medication`}>
      Save as medication
    </Checkbox>
  );
}

function ReviewTaskRow({
  task,
  endsOn,
  onSaveAsMedication,
  onEdit,
  onDelete,
  editDisabled,
}: {
  task: ReviewTask;
  endsOn: string | null;
  onSaveAsMedication: (checked: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
  editDisabled: boolean;
}) {
  const label = task.name || 'task that needs a name';
  return (
    <>
      <div className="task-review__text">
        <span className="task-review__name">
          {task.name || <NeedsName />}
          {task.isUrgent && (
            <ExclamationCircleFilled className="task-review__urgent" role="img" aria-label="Urgent" />
          )}
        </span>
        <span className="task-review__badges">
          <PriorityBadge priority={task.priority} />
          <CategoryBadge category={task.category} />
        </span>
        {task.dosage && <span className="task-review__dosage">Dosage: {task.dosage}</span>}
        {task.description && <span className="task-review__description">{task.description}</span>}
        {task.durationDays && (
          <span className="task-review__description">
            For {task.durationDays} days{endsOn ? `, until ${endsOn}` : ''}
          </span>
        )}
        {task.name && task.category === 'medication' && task.dosage && task.saveAsMedication !== undefined && (
          <SaveAsMedication name={task.name} checked={task.saveAsMedication} onChange={onSaveAsMedication} />
        )}
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

interface EditorValues {
  name: string;
  time: string;
  category: RoutineTaskCategory;
  dosage: string;
  description: string;
  priority: Priority;
  isUrgent: boolean;
}

function ReviewTaskEditor({ task, onSave, onCancel }: { task: ReviewTask; onSave: (task: ReviewTask) => void; onCancel: () => void }) {
  const [form] = Form.useForm<EditorValues>();
  return (
    <Form<EditorValues>
      form={form}
      name={`review-task-${task.key}`}
      layout="vertical"
      className="task-review__editor"
      initialValues={task}
      // Priority high turns urgent on; the reverse is not applied (spec section 4).
      onValuesChange={(changed: Partial<EditorValues>) => {
        if (changed.priority === 'high') form.setFieldValue('isUrgent', true);
      }}
      onFinish={(values) =>
        onSave({
          ...task,
          ...withPriority({ ...task, isUrgent: values.isUrgent }, values.priority),
          name: values.name.trim(),
          time: values.time,
          category: values.category,
          dosage: (values.dosage ?? '').trim(),
          description: (values.description ?? '').trim(),
        })
      }
    >
      <TaskCoreFields />
      <Form.Item label="Dosage" name="dosage" extra="Optional">
        <Input autoComplete="off" placeholder="0.5 ml" />
      </Form.Item>
      <Form.Item label="Description" name="description" extra="Optional">
        <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />
      </Form.Item>
      <div className="form-row">
        <PriorityField />
        <Form.Item label="Mark as urgent" name="isUrgent" valuePropName="checked">
          <Switch />
        </Form.Item>
      </div>
      <div className="dialog-actions">
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="primary" htmlType="submit">
          Save
        </Button>
      </div>
    </Form>
  );
}
