import { REPEATING_MESSAGES, type TaskTemplate } from '@carecircle/libs';
import { useState } from 'react';
import { isSessionExpired, serverMessage } from '../../../shared/api/api-error';
import { ConfirmDialog, ReasonField } from '../../../shared/ui/confirm-dialog';
import { toast } from '../../../shared/ui/toast';
import { useStopRepeatingTaskMutation } from './api';

/** Stop a repeating schedule for good, with a reason: no tasks after today; past ones keep their history. */
export function StopScheduleDialog({ template, onClose }: { template: TaskTemplate | null; onClose: () => void }) {
  const [stop, { isLoading }] = useStopRepeatingTaskMutation();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (!template) return null;
  // Required, as the server requires it: Stop Schedule stays disabled until the reason has words.
  const blank = reason.trim() === '';
  const error = failure ?? (touched && blank ? REPEATING_MESSAGES.reasonRequired : null);

  const confirm = async () => {
    if (blank) return;
    try {
      await stop({ template, reason: reason.trim() }).unwrap();
      toast({ title: 'Schedule stopped', description: `${template.name} has no more tasks after today.`, variant: 'success' });
      onClose();
    } catch (caught) {
      if (!isSessionExpired(caught)) setFailure(serverMessage(caught) ?? 'Could not stop the schedule. Please try again.');
    }
  };

  return (
    <ConfirmDialog
      open
      title="Stop Repeating Schedule"
      onCancel={onClose}
      onConfirm={() => void confirm()}
      confirmLabel="Stop Schedule"
      loading={isLoading}
      confirmDisabled={blank}
      destroyOnHidden
    >
      <p>
        Stop <strong>{template.name}</strong>? There will be no more tasks after today; today&apos;s and past tasks keep their history.
      </p>
      <ReasonField
        label="Reason for stopping"
        error={error}
        value={reason}
        maxLength={REPEATING_MESSAGES.reasonMax}
        placeholder="e.g. The doctor ended the course"
        onChange={(value) => {
          setReason(value);
          setTouched(true);
          setFailure(null);
        }}
      />
    </ConfirmDialog>
  );
}
