import { DAY_NAMES, REPEAT_INTERVAL_MAX, REPEAT_INTERVAL_MIN, REPEAT_PATTERNS, TEMPLATE_MESSAGES, type DayName, type RepeatPattern } from '@carecircle/libs';
import { Checkbox, Form, Input } from 'antd';
import { DAY_LABELS } from '../task-display';
import { optionSelect } from './option-select';

/** The task form's repeat settings: pattern, every N, the days, start and end. */
export function RepeatFields({ pattern }: { pattern: RepeatPattern }) {
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
