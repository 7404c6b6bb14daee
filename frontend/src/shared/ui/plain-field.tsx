import { useId, useState, type InputHTMLAttributes } from 'react';
import { EyeInvisibleOutlined, EyeOutlined } from './sign-in-icons';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  label: string;
  /** What is wrong with the value: shown under the field (announced), and the field marked invalid. */
  errors?: readonly string[];
  /** A hint under the field, as antd's Form.Item `extra`. */
  extra?: string;
  /** A password: a button beside it shows or hides what is typed, as antd's Input.Password. */
  password?: boolean;
}

/**
 * A labelled text field with its errors below it, drawn like antd's large Form.Item and Input with the
 * app theme (styles.css `.plain-field`), for pages whose first load carries no antd: sign-in
 * (docs/performance.md). The errors are a `role="alert"` region referenced by the input's
 * `aria-describedby`, as antd's are.
 */
export function PlainField({ label, errors = [], extra, password = false, type, ...input }: Props) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const invalid = errors.length > 0;
  const describedBy = [invalid && `${id}-errors`, extra && `${id}-extra`].filter(Boolean).join(' ') || undefined;
  const control = (
    <input
      id={id}
      className="plain-input"
      type={password ? (shown ? 'text' : 'password') : type}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      {...input}
    />
  );
  return (
    <div className={invalid ? 'plain-field plain-field--invalid' : 'plain-field'}>
      <label htmlFor={id} className="plain-field__label">
        {label}
      </label>
      {password ? (
        <div className="plain-field__affix">
          {control}
          {/* Named "Show", not "Show password": the field alone answers to its label. */}
          <button type="button" className="plain-field__toggle" aria-label="Show" aria-pressed={shown} aria-controls={id} disabled={input.disabled} onClick={() => setShown((on) => !on)}>
            {shown ? <EyeOutlined /> : <EyeInvisibleOutlined />}
          </button>
        </div>
      ) : (
        control
      )}
      {invalid && (
        <div id={`${id}-errors`} className="plain-field__errors" role="alert">
          {errors.map((error) => (
            <div key={error}>{error}</div>
          ))}
        </div>
      )}
      {extra && (
        <div id={`${id}-extra`} className="plain-field__extra">
          {extra}
        </div>
      )}
    </div>
  );
}
