import { TASK_CATEGORY_LABELS } from '@carecircle/libs';
import { Checkbox, Form, Input } from 'antd';
import { DAY_OPTIONS, PRIORITY_OPTIONS, ROUTINE_TASK_CATEGORIES } from '../../recipient-setup';

/** Task Name and Time (both required), Category and Priority Level: shared by the routine form and the review editor. */
export function TaskCoreFields() {
  return (
    <>
      <Form.Item label="Task Name" name="name" rules={[{ required: true, whitespace: true, message: 'Task name is required' }]}>
        <Input autoComplete="off" autoFocus />
      </Form.Item>
      <div className="form-row">
        <Form.Item label="Time" name="time" rules={[{ required: true, message: 'Time is required' }]}>
          <Input type="time" />
        </Form.Item>
        <Form.Item label="Category" name="category">
          <select className="native-select">
            {ROUTINE_TASK_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {TASK_CATEGORY_LABELS[category]}
              </option>
            ))}
          </select>
        </Form.Item>
      </div>
    </>
  );
}

export function PriorityField() {
  return (
    <Form.Item label="Priority Level" name="priority">
      <select className="native-select">
        {PRIORITY_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Form.Item>
  );
}

/** Sun..Sat checkboxes (0 = Sunday .. 6): the review's Repeat on Days and a row's own days. */
export function DayCheckboxes({ value, onChange }: { value?: number[]; onChange?: (days: number[]) => void }) {
  return (
    <Checkbox.Group value={value} onChange={(days) => onChange?.([...days].sort((a, b) => a - b))} className="day-picker__days">
      {DAY_OPTIONS.map((day) => (
        <Checkbox key={day.value} value={day.value} aria-label={day.name}>
          {day.label}
        </Checkbox>
      ))}
    </Checkbox.Group>
  );
}
