import { ClockCircleOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { TASK_CATEGORY_LABELS, type Priority } from '@carecircle/libs';
import { Alert, Button, Form, Input } from 'antd';
import {
  DEFAULT_PRIORITY,
  DEFAULT_ROUTINE_CATEGORY,
  formatClockTime,
  newTaskKey,
  withPriority,
  type RoutineTask,
  type RoutineTaskCategory,
} from '../../recipient-setup';
import { PriorityBadge } from './task-badges';
import { PriorityField, TaskCoreFields } from './task-fields';

interface Props {
  parsedCount: number;
  tasks: RoutineTask[];
  onTasksChange: (tasks: RoutineTask[]) => void;
  onBack: () => void;
  onReview: () => void;
}

interface FormValues {
  name: string;
  time: string;
  category: RoutineTaskCategory;
  priority: Priority;
  description: string;
}

const INITIAL: FormValues = { name: '', time: '', category: DEFAULT_ROUTINE_CATEGORY, priority: DEFAULT_PRIORITY, description: '' };

/** Step 3 of 3 (Add Routine Tasks): tasks beyond the medication schedule, then the review. */
export function RoutineTasksStep({ parsedCount, tasks, onTasksChange, onBack, onReview }: Props) {
  const [form] = Form.useForm<FormValues>();
  const name = Form.useWatch('name', form) ?? '';
  const time = Form.useWatch('time', form) ?? '';
  const canAdd = name.trim() !== '' && time !== '';

  const add = (values: FormValues) => {
    const task: RoutineTask = withPriority(
      {
        key: newTaskKey(),
        name: values.name.trim(),
        time: values.time,
        category: values.category,
        description: (values.description ?? '').trim(),
        isUrgent: false,
        priority: DEFAULT_PRIORITY,
      },
      values.priority,
    );
    onTasksChange([...tasks, task]);
    // The form starts over, with a category from the list (DESIGN.md: the spec's 'therapy' is a defect).
    form.resetFields();
    // Ready for the next one (the Add Task button just became disabled and lost focus).
    form.getFieldInstance('name')?.focus();
  };

  return (
    <div>
      <h3 className="wizard-step__title">Add Routine Tasks</h3>
      {parsedCount > 0 && (
        <Alert
          type="success"
          showIcon
          className="wizard-step__notice"
          title={`${parsedCount} ${parsedCount === 1 ? 'task' : 'tasks'} found in your schedule.`}
          description="You can check and edit them when you review."
        />
      )}
      <Form<FormValues> form={form} name="routine-task" layout="vertical" initialValues={INITIAL} onFinish={add}>
        <TaskCoreFields />
        <PriorityField />
        <Form.Item label="Description" name="description" extra="Optional">
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />
        </Form.Item>
        <Button htmlType="submit" icon={<PlusOutlined />} disabled={!canAdd} block>
          Add Task
        </Button>
      </Form>

      {tasks.length > 0 && (
        <ul className="routine-list" aria-label="Routine tasks">
          {tasks.map((task) => (
            <li key={task.key} className="routine-list__item">
              <div className="routine-list__text">
                <span className="routine-list__name">{task.name}</span>
                <span className="routine-list__meta">
                  <PriorityBadge priority={task.priority} />
                  <span>{TASK_CATEGORY_LABELS[task.category]}</span>
                  <span>
                    <ClockCircleOutlined aria-hidden /> {formatClockTime(task.time)}
                  </span>
                </span>
              </div>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`Remove ${task.name}`}
                onClick={() => onTasksChange(tasks.filter((other) => other.key !== task.key))}
              />
            </li>
          ))}
        </ul>
      )}

      <div className="dialog-actions wizard-actions">
        <Button onClick={onBack}>Back</Button>
        <Button type="primary" onClick={onReview}>
          Review All Tasks ({parsedCount} medications + {tasks.length} routine tasks)
        </Button>
      </div>
    </div>
  );
}
