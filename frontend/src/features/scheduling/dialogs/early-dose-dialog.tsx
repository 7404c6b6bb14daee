import { earlyDoseQuestion, type Task } from '@carecircle/libs';
import { Button, Modal } from 'antd';

interface Props {
  task: Task;
  /** True: give it now (complete); false: Cancel, nothing changes. */
  onAnswer: (giveNow: boolean) => void;
}

/** "Due at 8:00 AM. Give it now?" before a medication is completed more than an hour early. */
export function EarlyDoseDialog({ task, onAnswer }: Props) {
  return (
    <Modal
      open
      title={earlyDoseQuestion(task.localTime)}
      onCancel={() => onAnswer(false)}
      destroyOnHidden
      width={400}
      footer={
        <div className="dialog-actions">
          {/* Focus starts on Cancel: an Enter by habit does not give a dose early. */}
          <Button autoFocus onClick={() => onAnswer(false)}>
            Cancel
          </Button>
          <Button type="primary" onClick={() => onAnswer(true)}>
            Give now
          </Button>
        </div>
      }
    >
      <p>
        <strong>{task.name}</strong> will be recorded as given early, not on time.
      </p>
    </Modal>
  );
}
