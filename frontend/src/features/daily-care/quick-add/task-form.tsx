import {
  addDays,
  CATEGORY_TIME_PRESETS,
  categoryExtrasKind,
  categoryGroupOf,
  DAY_NAMES,
  DEFAULT_PRIORITY,
  DEFAULT_TASK_TIME,
  humanizeOption,
  MEAL_TYPES,
  PRIORITIES,
  REPEAT_INTERVAL_MAX,
  REPEAT_INTERVAL_MIN,
  REPEAT_PATTERNS,
  REPEATING_TASK_DEFAULT_DAYS,
  readRepeatInterval,
  SCHOOL_EVENT_TYPES,
  TASK_CATEGORY_GROUPS,
  TASK_MESSAGES,
  taskDescription,
  TEMPLATE_DEFAULT_DAYS,
  TEMPLATE_MESSAGES,
  THERAPY_TYPES,
  type CategoryExtras,
  type DayName,
  type Medication,
  type Priority,
  type RepeatPattern,
  type Task,
  type TaskCategory,
  TEXT_MAX,
} from '@carecircle/libs';
import { Button, Checkbox, Form, Input, Radio, Switch } from 'antd';
import { useState } from 'react';
import { fieldErrors, isSessionExpired, reasonOf } from '../../../shared/api/api-error';
import { toast } from '../../../shared/ui/toast';
import {
  useCreateRepeatingTaskMutation,
  useCreateTasksMutation,
  useCreateTaskTemplateMutation,
  useUpdateTaskMutation,
} from './api';
import { DAY_LABELS } from '../task-display';
import { todayLocal } from './dates';
import { TimesField } from './times-field';
import { optionSelect } from './option-select';

type Mode = 'daily' | 'template';

interface TaskFormValues {
  mode: Mode;
  name: string;
  group: string;
  category: TaskCategory | '';
  medicationId: string;
  scheduledTimes: string[];
  repeat: boolean;
  repeatPattern: RepeatPattern;
  repeatInterval: string;
  daysOfWeek: DayName[];
  repeatStartDate: string;
  repeatEndDate: string;
  templateName: string;
  estimatedDuration: string;
  description: string;
  priority: Priority;
  extras: CategoryExtras;
}

const FIELDS = [
  'name',
  'category',
  'medicationId',
  'scheduledTimes',
  'repeatPattern',
  'repeatInterval',
  'daysOfWeek',
  'repeatStartDate',
  'repeatEndDate',
  'templateName',
  'estimatedDuration',
  'description',
  'priority',
];

const endDateFor = (start: string, mode: Mode) =>
  addDays(start, mode === 'template' ? TEMPLATE_DEFAULT_DAYS : REPEATING_TASK_DEFAULT_DAYS);

interface Props {
  childId: string;
  medications: Medication[];
  /** The task to edit (one time, no repeat or template settings). */
  task?: Task;
  onClose: () => void;
  /** The caregiver chose the Appointment category: the dialog switches to the appointment form. */
  onAppointmentChosen: (name: string) => void;
}

/** Add New Task / Edit Task: a one-off or repeating daily task, or a template. */
export function TaskForm({ childId, medications, task, onClose, onAppointmentChosen }: Props) {
  const [form] = Form.useForm<TaskFormValues>();
  const [createTasks, createState] = useCreateTasksMutation();
  const [createRepeating, repeatingState] = useCreateRepeatingTaskMutation();
  const [createTemplate, templateState] = useCreateTaskTemplateMutation();
  const [updateTask, updateState] = useUpdateTaskMutation();
  const [suggestedFor, setSuggestedFor] = useState<string | null>(null);
  const pending = createState.isLoading || repeatingState.isLoading || templateState.isLoading || updateState.isLoading;
  const editing = task !== undefined;

  const mode = Form.useWatch('mode', form) ?? 'daily';
  const repeat = Form.useWatch('repeat', form) ?? false;
  const group = Form.useWatch('group', form) ?? '';
  const category = Form.useWatch('category', form) ?? '';
  const repeatPattern = Form.useWatch('repeatPattern', form) ?? 'daily';
  const makesTemplate = !editing && (mode === 'template' || repeat);
  const groupCategories = TASK_CATEGORY_GROUPS.find((g) => g.key === group)?.categories ?? [];
  const today = todayLocal();

  const initialValues: TaskFormValues = {
    mode: 'daily',
    name: task?.name ?? '',
    group: task ? (categoryGroupOf(task.category)?.key ?? '') : '',
    category: task?.category ?? '',
    medicationId: task?.medicationId ?? 'none',
    scheduledTimes: [task?.localTime ?? DEFAULT_TASK_TIME],
    repeat: false,
    repeatPattern: 'daily',
    repeatInterval: '1',
    daysOfWeek: [...DAY_NAMES],
    repeatStartDate: today,
    repeatEndDate: endDateFor(today, 'daily'),
    templateName: '',
    estimatedDuration: '',
    description: task?.description ?? '',
    priority: task?.priority ?? DEFAULT_PRIORITY,
    extras: {},
  };

  const onValuesChange = (changed: Partial<TaskFormValues>, all: TaskFormValues) => {
    if ('group' in changed) form.setFieldValue('category', '');
    if ('mode' in changed && changed.mode) {
      form.setFieldValue('repeatEndDate', endDateFor(all.repeatStartDate || today, changed.mode));
    }
    if ('category' in changed && changed.category) {
      if (changed.category === 'appointment' && !editing) {
        onAppointmentChosen(all.name ?? '');
        return;
      }
      // Suggested times replace only the untouched default; times the caregiver picked are kept.
      const presets = CATEGORY_TIME_PRESETS[changed.category];
      const suggest = !!presets && !editing && !form.isFieldTouched('scheduledTimes');
      if (suggest) form.setFieldValue('scheduledTimes', [...presets]);
      setSuggestedFor(suggest ? changed.category : null);
      form.setFieldValue('extras', {});
    }
  };

  const submit = async (values: TaskFormValues) => {
    const name = values.name.trim();
    const priority = values.priority;
    const times = [...values.scheduledTimes].sort();
    const category = values.category as TaskCategory;
    const base = {
      name,
      description: taskDescription(values.description, category, values.extras ?? {}),
      category,
      priority,
      isUrgent: priority === 'high',
      // The link only to a medication of the chosen recipient (the recipient may have changed).
      medicationId: medications.some((m) => m.id === values.medicationId) ? values.medicationId : null,
    };
    const duration = Number.parseInt(values.estimatedDuration, 10);
    const repeatFields = {
      repeatPattern: values.repeatPattern,
      repeatInterval: readRepeatInterval(values.repeatInterval),
      daysOfWeek: values.daysOfWeek,
      repeatStartDate: values.repeatStartDate,
      repeatEndDate: values.repeatEndDate || null,
      estimatedDuration: Number.isFinite(duration) ? duration : null,
      scheduledTimes: times,
    };
    const scheduledToday = (count: number, asTemplate: boolean) =>
      `Tasks scheduled for ${count} ${count === 1 ? 'time' : 'times'} today${asTemplate ? ' and saved as template' : ''}`;

    let failure = 'Failed to add task. Please try again.';
    try {
      if (editing) {
        failure = 'Failed to update task. Please try again.';
        await updateTask({ task, input: { ...base, scheduledTime: times[0] } }).unwrap();
        toast({ title: 'Task Updated', description: `${name} has been updated.`, variant: 'success' });
      } else if (values.mode === 'template') {
        failure = 'Failed to add template. Please try again.';
        const created = await createTemplate({
          childId,
          input: {
            ...base,
            ...repeatFields,
            templateName: values.templateName.trim(),
            isTemplate: true,
            isRepeating: values.repeat,
            isActive: true,
          },
        }).unwrap();
        toast({
          title: 'Template Added',
          description:
            created.tasks.length > 0
              ? scheduledToday(created.tasks.length, true)
              : `${values.templateName.trim()} has been saved as a template.`,
          variant: 'success',
        });
      } else if (values.repeat) {
        failure = 'Failed to create template or tasks. Please try again.';
        const created = await createRepeating({
          childId,
          ...base,
          ...repeatFields,
          isRepeating: true,
          isTemplate: false,
          isActive: true,
        }).unwrap();
        toast({
          title: 'Repeating task template created',
          description:
            created.tasks.length > 0
              ? scheduledToday(created.tasks.length, true)
              : `${name} will repeat from ${values.repeatStartDate}.`,
          variant: 'success',
        });
      } else {
        const tasks = await createTasks({ childId, input: { ...base, scheduledTimes: times } }).unwrap();
        toast({
          title: 'Task Added',
          description: tasks.length > 1 ? scheduledToday(tasks.length, false) : `${name} has been added to today's schedule.`,
          variant: 'success',
        });
      }
      onClose();
    } catch (error) {
      const perField = fieldErrors(error).filter((item) => FIELDS.includes(item.field));
      if (perField.length > 0) {
        form.setFields(perField.map((item) => ({ name: item.field as keyof TaskFormValues, errors: [item.message] })));
      }
      if (isSessionExpired(error)) return;
      toast({ title: 'Error', description: reasonOf(error) ?? failure, variant: 'destructive' });
    }
  };

  return (
    <Form<TaskFormValues>
      form={form}
      name={editing ? `edit-task-${task.id}` : 'quick-add-task'}
      layout="vertical"
      onFinish={submit}
      onValuesChange={onValuesChange}
      disabled={pending}
      initialValues={initialValues}
      scrollToFirstError={{ block: 'center' }}
      className="quick-add-form"
    >
      {!editing && (
        <Form.Item label="Add as" name="mode">
          <Radio.Group optionType="button" buttonStyle="solid" className="quick-add-form__segmented">
            <Radio.Button value="daily">Daily task</Radio.Button>
            <Radio.Button value="template">Template</Radio.Button>
          </Radio.Group>
        </Form.Item>
      )}

      <Form.Item label="Task name" name="name" rules={[{ required: true, whitespace: true, message: TASK_MESSAGES.nameRequired }]}>
        <Input autoComplete="off" placeholder="e.g. Morning medication" maxLength={TEXT_MAX.name} />
      </Form.Item>

      {mode === 'template' && !editing && (
        <Form.Item
          label="Template name"
          name="templateName"
          rules={[{ required: true, whitespace: true, message: TEMPLATE_MESSAGES.templateNameRequired }]}
        >
          <Input autoComplete="off" placeholder="e.g. School-day routine" maxLength={TEXT_MAX.name} />
        </Form.Item>
      )}

      <div className="quick-add-form__row">
        <Form.Item label="Category" name="group" rules={[{ required: true, message: TASK_MESSAGES.categoryRequired }]}>
          <select className="native-select">
            <option value="">Select a category</option>
            {TASK_CATEGORY_GROUPS.map((g) => (
              <option key={g.key} value={g.key}>
                {g.label}
              </option>
            ))}
          </select>
        </Form.Item>
        {group && (
          <Form.Item label="Type" name="category" rules={[{ required: true, message: 'Please select a type.' }]}>
            {optionSelect(groupCategories, 'Select a type')}
          </Form.Item>
        )}
      </div>

      {category && <CategoryExtrasFields category={category} />}

      <Form.Item label="Linked medication" name="medicationId">
        <select className="native-select">
          <option value="none">None</option>
          {medications.map((medication) => (
            <option key={medication.id} value={medication.id}>
              {medication.dosage ? `${medication.name} (${[medication.dosage, medication.strength].filter(Boolean).join(' · ')})` : medication.name}
            </option>
          ))}
        </select>
      </Form.Item>

      <Form.Item
        label={editing ? 'Time' : 'Scheduled times'}
        name="scheduledTimes"
        rules={[{ type: 'array', min: 1, required: true, message: TASK_MESSAGES.timesRequired }]}
        extra={
          suggestedFor && suggestedFor === category ? `Suggested times for ${humanizeOption(category)} were added.` : undefined
        }
      >
        <TimesField single={editing} />
      </Form.Item>

      {!editing && (
        <Form.Item label="Repeat" name="repeat" valuePropName="checked">
          <Switch />
        </Form.Item>
      )}

      {repeat && !editing && <RepeatFields pattern={repeatPattern} />}

      {makesTemplate && (
        <Form.Item
          label="Estimated duration (minutes)"
          name="estimatedDuration"
          rules={[
            {
              validator: async (_rule, value: string) => {
                if (value === '' || value === undefined || Number(value) >= 1) return;
                throw new Error(TEMPLATE_MESSAGES.estimatedDuration);
              },
            },
          ]}
        >
          <Input type="number" min={1} inputMode="numeric" />
        </Form.Item>
      )}

      <Form.Item label="Description" name="description">
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} placeholder="Notes for whoever gives this care" maxLength={TEXT_MAX.text} />
      </Form.Item>

      <Form.Item label="Priority" name="priority">
        <Radio.Group optionType="button" buttonStyle="solid">
          {PRIORITIES.map((p) => (
            <Radio.Button key={p} value={p}>
              {humanizeOption(p)}
            </Radio.Button>
          ))}
        </Radio.Group>
      </Form.Item>

      <div className="dialog-actions">
        <Button onClick={onClose} disabled={false}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" loading={pending}>
          {editing ? 'Save Changes' : mode === 'template' ? 'Add Template' : 'Add Task'}
        </Button>
      </div>
    </Form>
  );
}

function RepeatFields({ pattern }: { pattern: RepeatPattern }) {
  return (
    <fieldset className="quick-add-form__fieldset">
      <legend>Repeat settings</legend>
      <div className="quick-add-form__row">
        <Form.Item label="Repeat pattern" name="repeatPattern" rules={[{ required: true }]}>
          {optionSelect(REPEAT_PATTERNS)}
        </Form.Item>
        {pattern !== 'custom' && (
          <Form.Item label={pattern === 'weekly' ? 'Every N weeks' : 'Every N days'} name="repeatInterval">
            <Input type="number" min={REPEAT_INTERVAL_MIN} max={REPEAT_INTERVAL_MAX} inputMode="numeric" />
          </Form.Item>
        )}
      </div>
      <Form.Item
        label="Repeat on"
        name="daysOfWeek"
        rules={[{ type: 'array', min: 1, required: true, message: TEMPLATE_MESSAGES.daysRequired }]}
      >
        <DaysField />
      </Form.Item>
      <div className="quick-add-form__row">
        <Form.Item label="Start date" name="repeatStartDate" rules={[{ required: true, message: TEMPLATE_MESSAGES.invalidDate }]}>
          <Input type="date" />
        </Form.Item>
        <Form.Item
          label="End date"
          name="repeatEndDate"
          dependencies={['repeatStartDate']}
          rules={[
            { required: true, message: TEMPLATE_MESSAGES.invalidDate },
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string) => {
                const start: string = getFieldValue('repeatStartDate');
                if (value && start && value < start) throw new Error(TEMPLATE_MESSAGES.endBeforeStart);
              },
            }),
          ]}
        >
          <Input type="date" />
        </Form.Item>
      </div>
    </fieldset>
  );
}

interface DaysFieldProps {
  id?: string;
  value?: DayName[];
  onChange?: (days: DayName[]) => void;
  'aria-describedby'?: string;
  'aria-invalid'?: 'true';
}

/** The repeat days as a named group (Form.Item's aria-required is not allowed on a group). */
function DaysField({ id, value, onChange, ...aria }: DaysFieldProps) {
  return (
    <div
      id={id}
      role="group"
      aria-label="Repeat on"
      aria-describedby={aria['aria-describedby']}
      aria-invalid={aria['aria-invalid']}
    >
      <Checkbox.Group
        className="quick-add-form__days"
        value={value}
        onChange={(days) => onChange?.(days as DayName[])}
        options={DAY_NAMES.map((day) => ({ value: day, label: DAY_LABELS[day] }))}
      />
    </div>
  );
}

function CategoryExtrasFields({ category }: { category: string }) {
  const kind = categoryExtrasKind(category);
  const select = (options: readonly string[]) => optionSelect(options, 'Not set');
  switch (kind) {
    case 'school_event':
      return (
        <div className="quick-add-form__row">
          <Form.Item label="Event type" name={['extras', 'eventType']}>
            {select(SCHOOL_EVENT_TYPES)}
          </Form.Item>
          <Form.Item label="Location" name={['extras', 'location']}>
            <Input autoComplete="off" maxLength={TEXT_MAX.name} />
          </Form.Item>
        </div>
      );
    case 'therapy_session':
      return (
        <>
          <div className="quick-add-form__row">
            <Form.Item label="Therapy type" name={['extras', 'therapyType']}>
              {select(THERAPY_TYPES)}
            </Form.Item>
            <Form.Item label="Duration (minutes)" name={['extras', 'duration']}>
              <Input type="number" min={1} inputMode="numeric" />
            </Form.Item>
          </div>
          <Form.Item label="Therapist name" name={['extras', 'therapistName']}>
            <Input autoComplete="off" maxLength={TEXT_MAX.name} />
          </Form.Item>
        </>
      );
    case 'transportation_pickup':
      return (
        <div className="quick-add-form__row">
          <Form.Item label="Pickup location" name={['extras', 'pickupLocation']}>
            <Input autoComplete="off" maxLength={TEXT_MAX.name} />
          </Form.Item>
          <Form.Item label="Dropoff location" name={['extras', 'dropoffLocation']}>
            <Input autoComplete="off" maxLength={TEXT_MAX.name} />
          </Form.Item>
        </div>
      );
    case 'meals_nutrition':
      return (
        <div className="quick-add-form__row">
          <Form.Item label="Meal type" name={['extras', 'mealType']}>
            {select(MEAL_TYPES)}
          </Form.Item>
          <Form.Item label="Dietary needs" name={['extras', 'dietaryNeeds']}>
            <Input autoComplete="off" maxLength={TEXT_MAX.name} />
          </Form.Item>
        </div>
      );
    case 'other':
      return (
        <Form.Item label="Additional info" name={['extras', 'additionalInfo']}>
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={TEXT_MAX.text} />
        </Form.Item>
      );
  }
}
