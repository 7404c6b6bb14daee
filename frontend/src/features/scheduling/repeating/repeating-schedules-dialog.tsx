import { Button, Modal } from 'antd';
import { RepeatingSchedules } from './repeating-schedules';

interface Props {
  open: boolean;
  childId: string;
  childName: string;
  canEdit: boolean;
  firstId?: string | null;
  onClose: () => void;
}

/** The repeating schedules of one recipient in a dialog (Settings' recipient card, a task's details). */
export function RepeatingSchedulesDialog({ open, childId, childName, canEdit, firstId, onClose }: Props) {
  return (
    <Modal
      open={open}
      title={`Repeating schedules: ${childName}`}
      onCancel={onClose}
      destroyOnHidden
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {open && <RepeatingSchedules childId={childId} canEdit={canEdit} firstId={firstId} />}
    </Modal>
  );
}
