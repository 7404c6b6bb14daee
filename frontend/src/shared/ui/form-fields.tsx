import { TEXT_MAX } from '@carecircle/libs';
import { Button, Form, Input } from 'antd';
import type { ReactNode } from 'react';

interface ItemProps {
  label: ReactNode;
  name: string;
}

/** A field that must hold more than white space, with the message shown when it does not. */
export function RequiredTextItem({ label, name, message, children }: ItemProps & { message: string; children: ReactNode }) {
  return (
    <Form.Item label={label} name={name} rules={[{ required: true, whitespace: true, message }]}>
      {children}
    </Form.Item>
  );
}

/** A free-text field (notes, instructions) that grows from two to five lines. */
export function LongTextItem({ label, name, placeholder, maxLength = TEXT_MAX.text }: ItemProps & { placeholder?: string; maxLength?: number }) {
  return (
    <Form.Item label={label} name={name}>
      <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} placeholder={placeholder} maxLength={maxLength} />
    </Form.Item>
  );
}

interface FormActionsProps {
  onCancel: () => void;
  /** The save is running: the submit button spins. */
  pending?: boolean;
  /** Submit waits (an upload still running); Cancel never does. */
  submitDisabled?: boolean;
  children: ReactNode;
}

/** A dialog form's Cancel and submit buttons. Cancel stays usable while the form is disabled for a save. */
export function FormActions({ onCancel, pending, submitDisabled, children }: FormActionsProps) {
  return (
    <div className="dialog-actions">
      <Button onClick={onCancel} disabled={false}>
        Cancel
      </Button>
      <Button type="primary" htmlType="submit" loading={pending} disabled={submitDisabled}>
        {children}
      </Button>
    </div>
  );
}
