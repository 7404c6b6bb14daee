import { REMOVE_TASK_REASON_REQUIRED, type Task } from '@carecircle/libs';
import { Button, Input, Modal } from 'antd';
import { useEffect, useId, useState } from 'react';
import { useTaskActions } from '../hooks/use-task-actions';

interface Props {
  task: Task | null;
  open: boolean;
  onClose: () => void;
}

/** Removal is permanent and needs a reason, kept in the task's history for auditors. */
export function RemoveTaskDialog({ task, open, onClose }: Props) {
  const { remove, isBusy } = useTaskActions();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const reasonId = useId();
  const errorId = useId();

  useEffect(() => {
    if (open) {
      setReason('');
      setTouched(false);
    }
  }, [open, task?.id]);

  if (!task) return null;
  const blank = reason.trim() === '';
  const showError = touched && blank;

  const confirm = async () => {
    setTouched(true);
    if (blank) return;
    if (await remove(task, reason.trim())) onClose();
  };

  return (
    <Modal
      open={open}
      title="Remove Task"
      onCancel={onClose}
      destroyOnHidden
      footer={
        <div className="dialog-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" danger disabled={blank} loading={isBusy} onClick={() => void confirm()}>
            Remove Task
          </Button>
        </div>
      }
    >
      <p>
        Remove <strong>{task.name}</strong> from the schedule? This cannot be undone.
      </p>
      <label htmlFor={reasonId} className="field-label">
        Reason for removing
      </label>
      <Input.TextArea
        id={reasonId}
        className="remove-task__reason"
        value={reason}
        maxLength={500}
        required
        aria-required
        aria-invalid={showError || undefined}
        aria-describedby={showError ? errorId : undefined}
        placeholder="e.g. Appointment cancelled by the clinic"
        onChange={(event) => {
          setReason(event.target.value);
          setTouched(true);
        }}
      />
      {showError && (
        <p id={errorId} className="field-error" role="alert">
          {REMOVE_TASK_REASON_REQUIRED}
        </p>
      )}
    </Modal>
  );
}
