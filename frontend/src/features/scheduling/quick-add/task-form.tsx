import {
  CATEGORY_TIME_PRESETS,
  humanizeOption,
  PRIORITIES,
  TASK_CATEGORY_GROUPS,
  TASK_MESSAGES,
  TEMPLATE_MESSAGES,
  TEXT_MAX,
  type Medication,
  type Task,
} from '@carecircle/libs';
import { Form, Input, Radio, Switch } from 'antd';
import { useState } from 'react';
import { FormActions, LongTextItem, RequiredTextItem } from '../../../shared/ui/form-fields';
import { CategoryExtrasFields } from './category-extras-fields';
import { todayLocal } from './dates';
import { optionSelect } from './option-select';
import { RepeatFields } from './repeat-fields';
import { endDateFor, initialTaskFormValues, type TaskFormValues } from './task-form-values';
import { TimesField } from './times-field';
import { useSaveTask } from './use-save-task';

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
  const { save, pending } = useSaveTask({ childId, medications, task, form, onSaved: onClose });
  const [suggestedFor, setSuggestedFor] = useState<string | null>(null);
  const editing = task !== undefined;

  const mode = Form.useWatch('mode', form) ?? 'daily';
  const repeat = Form.useWatch('repeat', form) ?? false;
  const group = Form.useWatch('group', form) ?? '';
  const category = Form.useWatch('category', form) ?? '';
  const repeatPattern = Form.useWatch('repeatPattern', form) ?? 'daily';
  const makesTemplate = !editing && (mode === 'template' || repeat);
  const groupCategories = TASK_CATEGORY_GROUPS.find((g) => g.key === group)?.categories ?? [];
  const today = todayLocal();

  const initialValues = initialTaskFormValues(task, today);

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

  return (
    <Form<TaskFormValues>
      form={form}
      name={editing ? `edit-task-${task.id}` : 'quick-add-task'}
      layout="vertical"
      onFinish={save}
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

      <RequiredTextItem label="Task name" name="name" message={TASK_MESSAGES.nameRequired}>
        <Input autoComplete="off" placeholder="e.g. Morning medication" maxLength={TEXT_MAX.name} />
      </RequiredTextItem>

      {mode === 'template' && !editing && (
        <RequiredTextItem label="Template name" name="templateName" message={TEMPLATE_MESSAGES.templateNameRequired}>
          <Input autoComplete="off" placeholder="e.g. School-day routine" maxLength={TEXT_MAX.name} />
        </RequiredTextItem>
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

      <LongTextItem label="Description" name="description" placeholder="Notes for whoever gives this care" />

      <Form.Item label="Priority" name="priority">
        <Radio.Group optionType="button" buttonStyle="solid">
          {PRIORITIES.map((p) => (
            <Radio.Button key={p} value={p}>
              {humanizeOption(p)}
            </Radio.Button>
          ))}
        </Radio.Group>
      </Form.Item>

      <FormActions onCancel={onClose} pending={pending}>
        {editing ? 'Save Changes' : mode === 'template' ? 'Add Template' : 'Add Task'}
      </FormActions>
    </Form>
  );
}
