import { formatClockTime, from24Hour, TIME_PICKER_MINUTES, TIME_PICKER_PRESETS, to24Hour } from '@carecircle/libs';
import { Button } from 'antd';
import { useId } from 'react';

const HOURS = [12, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
const PERIODS = ['AM', 'PM'] as const;

interface PartProps<T extends string | number> {
  id: string;
  /** Read by screen readers only. */
  label: string;
  value: T;
  options: readonly T[];
  show?: (option: T) => string;
  onChange: (value: string) => void;
}

/** One part of the time (hour, minute or AM/PM): a labelled phone-native select. */
function PartSelect<T extends string | number>({ id, label, value, options, show = String, onChange }: PartProps<T>) {
  return (
    <>
      <label className="sr-only" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="native-select" value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option} value={option}>
            {show(option)}
          </option>
        ))}
      </select>
    </>
  );
}

interface Props {
  /** HH:MM, 24 hours. */
  value: string;
  onChange: (time: string) => void;
  /** Names the group for screen readers, e.g. "Time to add". */
  legend: string;
  /**
   * Quick times as toggles of a list (several scheduled times): pressed when in `chosen`, and a tap
   * calls onTogglePreset instead of only moving the picker. Without it a preset sets the value.
   */
  preset?: { chosen: string[]; onToggle: (time: string) => void };
}

/** A 12-hour time picker: hour, minute (0, 15, 30, 45) and AM/PM, plus quick presets. */
export function TimePicker({ value, onChange, legend, preset: toggles }: Props) {
  const id = useId();
  const { hour, minute, period } = from24Hour(value);
  const set = (next: Partial<{ hour: number; minute: number; period: 'AM' | 'PM' }>) =>
    onChange(to24Hour(next.hour ?? hour, next.minute ?? minute, next.period ?? period));
  // A time that is not on the quarter hour (an edited task) stays choosable.
  const minutes = TIME_PICKER_MINUTES.includes(minute as (typeof TIME_PICKER_MINUTES)[number])
    ? TIME_PICKER_MINUTES
    : [...TIME_PICKER_MINUTES, minute].sort((a, b) => a - b);

  return (
    <fieldset className="time-picker">
      <legend className="sr-only">{legend}</legend>
      <div className="time-picker__selects">
        <PartSelect id={`${id}-hour`} label="Hour" value={hour} options={HOURS} onChange={(h) => set({ hour: Number(h) })} />
        <span aria-hidden>:</span>
        <PartSelect
          id={`${id}-minute`}
          label="Minute"
          value={minute}
          options={minutes}
          show={(m) => String(m).padStart(2, '0')}
          onChange={(m) => set({ minute: Number(m) })}
        />
        <PartSelect id={`${id}-period`} label="AM or PM" value={period} options={PERIODS} onChange={(p) => set({ period: p as 'AM' | 'PM' })} />
      </div>
      <div className="time-picker__presets" role="group" aria-label="Quick times">
        {TIME_PICKER_PRESETS.map((preset) => {
          const pressed = toggles ? toggles.chosen.includes(preset) : preset === value;
          return (
            <Button
              key={preset}
              size="small"
              aria-pressed={pressed}
              type={pressed ? 'primary' : 'default'}
              onClick={() => (toggles ? toggles.onToggle(preset) : onChange(preset))}
            >
              {formatClockTime(preset).replace(':00 ', ' ')}
            </Button>
          );
        })}
      </div>
    </fieldset>
  );
}
