import type { TaskCategory } from '@carecircle/libs';
import { Button, Form, Switch } from 'antd';
import { useState } from 'react';
import { dismissToast, toast } from '../../../shared/ui/toast';
import { DAILY_TASK_CATEGORIES, DEFAULT_TASK_TIME, draftKey, ONBOARDING_MESSAGES, SUGGESTED_TASKS, type DailyTaskDraft } from '../onboarding-draft';
import { DraftList, DraftNameItem } from './draft-fields';
import { TimesPicker } from './times-picker';

interface Props {
  tasks: DailyTaskDraft[];
  onChange: (tasks: DailyTaskDraft[]) => void;
}

const blank = (): DailyTaskDraft => ({ key: '', name: '', category: 'daily_other', times: [], isUrgent: false });
const NO_PRESETS: { label: string; time: string }[] = [];
const categoryLabel = (category: TaskCategory) => DAILY_TASK_CATEGORIES.find((option) => option.value === category)?.label ?? category;
/** The "Task Name Required" toast: it goes once a name is typed or the task is added. */
const NAME_REQUIRED_TOAST = 'onboarding-task-name-required';

/** Step 4: the daily routine; each task repeats every day from today. */
export function DailyTasksStep({ tasks, onChange }: Props) {
  const [form, setForm] = useState<DailyTaskDraft>(blank);
  const set = (changes: Partial<DailyTaskDraft>) => setForm((current) => ({ ...current, ...changes }));
  const has = (name: string) => tasks.some((task) => task.name.trim().toLowerCase() === name.toLowerCase());

  const addTask = (task: DailyTaskDraft) => {
    dismissToast(NAME_REQUIRED_TOAST);
    onChange([...tasks, task]);
  };
  const add = () => {
    if (form.name.trim() === '') return toast({ ...ONBOARDING_MESSAGES.taskName, variant: 'destructive', key: NAME_REQUIRED_TOAST });
    addTask({ ...form, key: draftKey('task'), times: form.times.length > 0 ? form.times : [DEFAULT_TASK_TIME] });
    setForm(blank());
  };

  return (
    <div>
      <p className="muted">Suggested common tasks</p>
      <div className="onboarding-suggestions">
        {SUGGESTED_TASKS.map((suggestion) => (
          <Button key={suggestion.name} disabled={has(suggestion.name)} onClick={() => addTask({ ...suggestion, key: draftKey('task') })}>
            + {suggestion.name}
            {suggestion.isUrgent ? ' (urgent)' : ''}
          </Button>
        ))}
      </div>
      {tasks.length > 0 && (
        <DraftList
          label="Daily tasks added"
          items={tasks}
          describe={(task) => (
            <>
              <strong>{task.name}</strong> · {categoryLabel(task.category)} · {task.times.join(', ')}
              {task.isUrgent ? ' · Urgent' : ''}
            </>
          )}
          onChange={onChange}
        />
      )}
      <Form layout="vertical" component="div">
        <DraftNameItem label="Task Name" id="onboarding-task-name" value={form.name} requiredToast={NAME_REQUIRED_TOAST} onChange={(name) => set({ name })} />
        <Form.Item label="Category" htmlFor="onboarding-task-category">
          <select id="onboarding-task-category" className="native-select" value={form.category} onChange={(e) => set({ category: e.target.value as TaskCategory })}>
            {DAILY_TASK_CATEGORIES.filter((option) => option.value !== 'catheterization').map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </Form.Item>
        <Form.Item label="Times" htmlFor="onboarding-task-time" extra={`${DEFAULT_TASK_TIME} when none is added`}>
          <TimesPicker id="onboarding-task-time" times={form.times} presets={NO_PRESETS} onChange={(times) => set({ times })} />
        </Form.Item>
        <Form.Item label="Urgent" htmlFor="onboarding-task-urgent">
          <Switch id="onboarding-task-urgent" checked={form.isUrgent} onChange={(isUrgent) => set({ isUrgent })} />
        </Form.Item>
        <Button onClick={add}>Add Task</Button>
      </Form>
    </div>
  );
}
