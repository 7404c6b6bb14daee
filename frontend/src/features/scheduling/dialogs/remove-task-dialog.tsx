import { REMOVE_TASK_REASON_REQUIRED, type Task } from '@carecircle/libs';
import { useEffect, useState } from 'react';
import { ConfirmDialog, ReasonField } from '../../../shared/ui/confirm-dialog';
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
    <ConfirmDialog
      open={open}
      title="Remove Task"
      onCancel={onClose}
      onConfirm={() => void confirm()}
      confirmLabel="Remove Task"
      loading={isBusy}
      confirmDisabled={blank}
      destroyOnHidden
    >
      <p>
        Remove <strong>{task.name}</strong> from the schedule? This cannot be undone.
      </p>
      <ReasonField
        label="Reason for removing"
        error={showError ? REMOVE_TASK_REASON_REQUIRED : null}
        className="remove-task__reason"
        value={reason}
        maxLength={500}
        placeholder="e.g. Appointment cancelled by the clinic"
        onChange={(value) => {
          setReason(value);
          setTouched(true);
        }}
      />
    </ConfirmDialog>
  );
}
