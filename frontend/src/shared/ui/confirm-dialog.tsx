import { Button, Input, Modal } from 'antd';
import { useId, type ReactNode } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  onCancel: () => void;
  onConfirm: () => void;
  /** The danger button's text (e.g. 'Removing...' while it runs). */
  confirmLabel: ReactNode;
  loading: boolean;
  /** The confirm button waits for something (a reason, a password). */
  confirmDisabled?: boolean;
  destroyOnHidden?: boolean;
  children: ReactNode;
}

/** A dialog that asks before something that cannot be undone: Cancel, and a danger button that does it. */
export function ConfirmDialog({ open, title, onCancel, onConfirm, confirmLabel, loading, confirmDisabled, destroyOnHidden, children }: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onCancel}
      destroyOnHidden={destroyOnHidden}
      footer={
        <div className="dialog-actions">
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="primary" danger disabled={confirmDisabled} loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </div>
      }
    >
      {children}
    </Modal>
  );
}

interface ConfirmFieldProps {
  label: string;
  /** What is wrong with the value, shown under it as an alert; null when nothing is. */
  error: string | null;
  /** The control, given the label's id and its error's wiring. */
  children: (control: { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined }) => ReactNode;
}

/** The one field a confirm dialog may ask for (a reason, a password): its label, the control, and its error. */
export function ConfirmField({ label, error, children }: ConfirmFieldProps) {
  const id = useId();
  const errorId = useId();
  return (
    <>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined })}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

interface ReasonFieldProps {
  label: string;
  error: string | null;
  value: string;
  maxLength: number;
  placeholder: string;
  className?: string;
  onChange: (reason: string) => void;
}

/** The required reason a removal or stop asks for, kept in the history. */
export function ReasonField({ label, error, value, maxLength, placeholder, className, onChange }: ReasonFieldProps) {
  return (
    <ConfirmField label={label} error={error}>
      {(control) => (
        <Input.TextArea
          {...control}
          className={className}
          value={value}
          maxLength={maxLength}
          required
          aria-required
          placeholder={placeholder}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </ConfirmField>
  );
}
