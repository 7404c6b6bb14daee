import { Button, Checkbox, Modal } from 'antd';
import { useState } from 'react';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

interface Props {
  open: boolean;
  initial: number[];
  onCancel: () => void;
  onConfirm: (days: number[]) => void;
}

/** 'Select Custom Days' (spec document 2): Confirm needs at least one day; Cancel goes back to every day. */
export function CustomDaysDialog({ open, initial, onCancel, onConfirm }: Props) {
  const [days, setDays] = useState<number[]>(initial);
  return (
    <Modal
      open={open}
      title="Select Custom Days"
      onCancel={onCancel}
      destroyOnHidden
      afterOpenChange={(visible) => visible && setDays(initial)}
      footer={[
        <Button key="cancel" onClick={onCancel}>
          Cancel
        </Button>,
        <Button key="confirm" type="primary" disabled={days.length === 0} onClick={() => onConfirm([...days].sort())}>
          Confirm
        </Button>,
      ]}
    >
      <Checkbox.Group
        className="onboarding-days"
        value={days}
        onChange={(values) => setDays(values as number[])}
        options={DAYS.map((label, value) => ({ label, value }))}
        aria-label="Days of the week"
      />
    </Modal>
  );
}
