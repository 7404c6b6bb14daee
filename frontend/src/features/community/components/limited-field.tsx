import { Input } from 'antd';
import { useId } from 'react';
import { limitState } from '../logic/text-limit';

interface Props {
  label: string;
  value: string;
  max: number;
  onChange: (value: string) => void;
  /** Lines of a text area; a one-line input when absent. */
  rows?: number;
  placeholder?: string;
  autoFocus?: boolean;
  /** The label is read by screen readers only (a comment box under its heading). */
  hideLabel?: boolean;
}

/**
 * A required text with its limit: the counter under it ("12 / 200") says how many characters are too
 * many past it, and the caller does not send it. Nothing typed or pasted is cut off.
 */
export function LimitedField({ label, value, max, onChange, rows, placeholder, autoFocus, hideLabel }: Props) {
  const id = useId();
  const counterId = useId();
  const state = limitState(value, max);
  const control = {
    id,
    value,
    placeholder,
    autoFocus,
    required: true,
    'aria-required': true,
    'aria-invalid': state.over || undefined,
    'aria-describedby': counterId,
  } as const;
  return (
    <div className="limited-field">
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'field-label'}>
        {label}
      </label>
      {rows ? (
        <Input.TextArea {...control} autoSize={{ minRows: rows, maxRows: 12 }} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <Input {...control} onChange={(event) => onChange(event.target.value)} />
      )}
      <p id={counterId} className={state.over ? 'limited-field__count limited-field__count--over' : 'limited-field__count'} aria-live={state.over ? 'polite' : 'off'}>
        {state.label}
      </p>
    </div>
  );
}
