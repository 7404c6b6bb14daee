import { addTime, DEFAULT_TASK_TIME, formatClockTime } from '@carecircle/libs';
import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { TimePicker } from './time-picker';

interface Props {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: 'true';
  /** Sorted HH:MM list (Form.Item passes value and onChange). */
  value?: string[];
  onChange?: (times: string[]) => void;
  /** One time only (editing a single task). */
  single?: boolean;
}

/** The task's scheduled times: each time once, kept sorted; the picker adds one at a time. */
export function TimesField({ id, value = [], onChange, single = false, ...aria }: Props) {
  const [draft, setDraft] = useState(DEFAULT_TASK_TIME);

  if (single) {
    return (
      <div id={id}>
        <TimePicker legend="Time" value={value[0] ?? DEFAULT_TASK_TIME} onChange={(time) => onChange?.([time])} />
      </div>
    );
  }

  const canAdd = draft !== '' && !value.includes(draft);
  return (
    <div
      id={id}
      className="times-field"
      role="group"
      aria-label="Scheduled times"
      aria-describedby={aria['aria-describedby']}
      aria-invalid={aria['aria-invalid']}
    >
      {value.length > 0 ? (
        <ul className="times-field__list" aria-label="Selected times">
          {value.map((time) => (
            <li key={time} className="times-field__chip">
              <span>{formatClockTime(time)}</span>
              <Button
                type="text"
                size="small"
                icon={<CloseOutlined />}
                aria-label={`Remove ${formatClockTime(time)}`}
                onClick={() => onChange?.(value.filter((t) => t !== time))}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="times-field__empty">No times selected yet.</p>
      )}
      <div className="times-field__add">
        <TimePicker
          legend="Time to add"
          value={draft}
          onChange={setDraft}
          preset={{
            chosen: value,
            // A quick time is added (or taken out again) with one tap.
            onToggle: (time) => onChange?.(value.includes(time) ? value.filter((t) => t !== time) : addTime(value, time)),
          }}
        />
        <Button icon={<PlusOutlined />} disabled={!canAdd} onClick={() => onChange?.(addTime(value, draft))}>
          Add Time
        </Button>
      </div>
    </div>
  );
}
