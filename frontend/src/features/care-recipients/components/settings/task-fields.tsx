import { Form, Input } from 'antd';
import { CATEGORY_LABELS, PRIORITY_OPTIONS, ROUTINE_TASK_CATEGORIES } from '../../recipient-setup';

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
                {CATEGORY_LABELS[category]}
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
