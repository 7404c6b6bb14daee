import { formatClockTime, from24Hour, TIME_PICKER_MINUTES, TIME_PICKER_PRESETS, to24Hour } from '@carecircle/libs';
import { Button } from 'antd';
import { useId } from 'react';

const HOURS = [12, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];

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
        <label className="sr-only" htmlFor={`${id}-hour`}>
          Hour
        </label>
        <select
          id={`${id}-hour`}
          className="native-select"
          value={hour}
          onChange={(event) => set({ hour: Number(event.target.value) })}
        >
          {HOURS.map((h) => (
            <option key={h} value={h}>
              {h}
            </option>
          ))}
        </select>
        <span aria-hidden>:</span>
        <label className="sr-only" htmlFor={`${id}-minute`}>
          Minute
        </label>
        <select
          id={`${id}-minute`}
          className="native-select"
          value={minute}
          onChange={(event) => set({ minute: Number(event.target.value) })}
        >
          {minutes.map((m) => (
            <option key={m} value={m}>
              {String(m).padStart(2, '0')}
            </option>
          ))}
        </select>
        <label className="sr-only" htmlFor={`${id}-period`}>
          AM or PM
        </label>
        <select
          id={`${id}-period`}
          className="native-select"
          value={period}
          onChange={(event) => set({ period: event.target.value as 'AM' | 'PM' })}
        >
          <option value="AM">AM</option>
          <option value="PM">PM</option>
        </select>
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
