import { Button, Form, Input, InputNumber, Switch } from 'antd';
import { useState } from 'react';
import type { ReviewSchedule, ReviewTask } from '../../recipient-setup';
import { applyRowEdit, editValuesOf, INTERVAL_MAX, isFlagged, type RowEditValues } from '../../review-regimen';
import { DayCheckboxes, PriorityField, TaskCoreFields } from './task-fields';

interface Props {
  task: ReviewTask;
  schedule: ReviewSchedule;
  onSave: (task: ReviewTask) => void;
  onCancel: () => void;
}

/**
 * The row's inline edit (spec document 2, section 2, plus issue 21's regimen): the task's fields,
 * then its own start and end dates, interval and days, shown filled in from the Schedule Settings.
 * Saving is reviewing: it clears the row's flag.
 */
export function ReviewTaskEditor({ task, schedule, onSave, onCancel }: Props) {
  const [form] = Form.useForm<RowEditValues>();
  // The Schedule Settings as the editor opened: the fields were filled from them, and saving compares
  // with what was shown (a Start Date changed meanwhile moves the row's own dates, as it moves every row's).
  const [shown] = useState(schedule);
  const noStart = shown.startDate === '';
  return (
    <Form<RowEditValues>
      form={form}
      name={`review-task-${task.key}`}
      aria-label={`Edit ${task.name || 'task that needs a name'}`}
      layout="vertical"
      className="task-review__editor"
      initialValues={editValuesOf(task, shown)}
      // Priority high turns urgent on; the reverse is not applied (spec section 4).
      onValuesChange={(changed: Partial<RowEditValues>) => {
        if (changed.priority === 'high') form.setFieldValue('isUrgent', true);
      }}
      onFinish={(values) => onSave(applyRowEdit(task, values, shown))}
    >
      {isFlagged(task) && task.sourceText && (
        <p className="task-review__source">
          Original: <q>{task.sourceText}</q>
        </p>
      )}
      <TaskCoreFields />
      <div className="form-row">
        <Form.Item label="Dosage" name="dosage" extra="Optional: the amount given">
          <Input autoComplete="off" placeholder="0.5 ml" />
        </Form.Item>
        <Form.Item label="Strength" name="strength" extra="Optional: as on the label">
          <Input autoComplete="off" placeholder="100 mg/mL" />
        </Form.Item>
      </div>
      <Form.Item label="Description" name="description" extra="Optional">
        <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />
      </Form.Item>
      <div className="form-row">
        <PriorityField />
        <Form.Item label="Mark as urgent" name="isUrgent" valuePropName="checked">
          <Switch />
        </Form.Item>
      </div>
      <fieldset className="task-review__regimen-fields">
        <legend className="field-label">Repeats</legend>
        {noStart && <p className="muted">Choose the Start Date in Schedule Settings to give this task its own dates.</p>}
        <div className="form-row">
          <Form.Item label="Starts on" name="startDate">
            <Input type="date" disabled={noStart} />
          </Form.Item>
          <Form.Item
            label="Ends on"
            name="endDate"
            extra="Empty: the schedule's End Date"
            dependencies={['startDate']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_rule, value: string) => {
                  const start: string = getFieldValue('startDate') || shown.startDate;
                  return value && start && value < start
                    ? Promise.reject(new Error('The end date must not be before the start date.'))
                    : Promise.resolve();
                },
              }),
            ]}
          >
            <Input type="date" disabled={noStart} />
          </Form.Item>
        </div>
        <Form.Item
          label="Repeat every (days)"
          name="repeatInterval"
          extra={`1 is every day; 2 is every other day (up to ${INTERVAL_MAX})`}
          rules={[{ type: 'integer', min: 1, max: INTERVAL_MAX, message: `Repeat interval must be from 1 to ${INTERVAL_MAX}.` }]}
        >
          <InputNumber min={1} max={INTERVAL_MAX} precision={0} inputMode="numeric" />
        </Form.Item>
        <fieldset className="day-picker">
          <legend className="field-label">Repeat on days</legend>
          <Form.Item name="days" rules={[{ type: 'array', min: 1, message: 'Choose at least one day to repeat on.' }]}>
            <DayCheckboxes />
          </Form.Item>
        </fieldset>
      </fieldset>
      <div className="dialog-actions">
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="primary" htmlType="submit">
          Save
        </Button>
      </div>
    </Form>
  );
}
