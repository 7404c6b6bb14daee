import { REPEATING_MESSAGES, type TaskTemplate } from '@carecircle/libs';
import { Button, Input, Modal } from 'antd';
import { useId, useState } from 'react';
import { isSessionExpired, serverMessage } from '../../../shared/api/api-error';
import { toast } from '../../../shared/ui/toast';
import { useStopRepeatingTaskMutation } from './api';

/** Stop a repeating schedule for good, with a reason: no tasks after today; past ones keep their history. */
export function StopScheduleDialog({ template, onClose }: { template: TaskTemplate | null; onClose: () => void }) {
  const [stop, { isLoading }] = useStopRepeatingTaskMutation();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const reasonId = useId();
  const errorId = useId();
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
    <Modal
      open
      title="Stop Repeating Schedule"
      onCancel={onClose}
      destroyOnHidden
      footer={
        <div className="dialog-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" danger disabled={blank} loading={isLoading} onClick={() => void confirm()}>
            Stop Schedule
          </Button>
        </div>
      }
    >
      <p>
        Stop <strong>{template.name}</strong>? There will be no more tasks after today; today&apos;s and past tasks keep their history.
      </p>
      <label htmlFor={reasonId} className="field-label">
        Reason for stopping
      </label>
      <Input.TextArea
        id={reasonId}
        value={reason}
        maxLength={REPEATING_MESSAGES.reasonMax}
        required
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        placeholder="e.g. The doctor ended the course"
        onChange={(e) => {
          setReason(e.target.value);
          setTouched(true);
          setFailure(null);
        }}
      />
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
