import type { Medication } from '@carecircle/libs';
import { Modal } from 'antd';
import { useId, useState } from 'react';
import { AppointmentForm } from './appointment-form';
import type { QuickAddRequest } from './quick-add-request';
import { TaskForm } from './task-form';
import './quick-add.css';

export interface RecipientOption {
  id: string;
  name: string;
}

interface Props {
  open: boolean;
  request: QuickAddRequest;
  /** The recipient the task is for. */
  childId: string;
  /** Offered as a choice when there are several (adding only). */
  recipients: RecipientOption[];
  onChildChange: (childId: string) => void;
  /** The chosen recipient's medications (the medication link). */
  medications: Medication[];
  onClose: () => void;
}

function titleFor(request: QuickAddRequest, variant: 'task' | 'appointment'): string {
  if (request.title) return request.title;
  if (request.kind === 'edit') return variant === 'appointment' ? 'Edit Appointment' : 'Edit Task';
  return variant === 'appointment' ? 'Add Appointment' : 'Add New Task';
}

/** The quick-add dialog (spec document 2, section 2): tasks, templates and appointments. */
export function QuickAddDialog({ open, request, childId, recipients, onChildChange, medications, onClose }: Props) {
  const editTask = request.kind === 'edit' ? request.task : undefined;
  const [variant, setVariant] = useState<'task' | 'appointment'>(
    request.kind === 'appointment' || editTask?.category === 'appointment' ? 'appointment' : 'task',
  );
  const [carriedTitle, setCarriedTitle] = useState('');
  const recipientId = useId();

  return (
    <Modal
      open={open}
      title={titleFor(request, variant)}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
      className="quick-add-dialog"
    >
      {!editTask && recipients.length > 1 && (
        <div className="quick-add-form__recipient">
          <label htmlFor={recipientId}>For</label>
          <select
            id={recipientId}
            className="native-select"
            value={childId}
            onChange={(event) => onChildChange(event.target.value)}
          >
            {recipients.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {variant === 'appointment' ? (
        <AppointmentForm
          childId={childId}
          task={editTask}
          initialTitle={carriedTitle}
          onClose={onClose}
        />
      ) : (
        <TaskForm
          childId={childId}
          medications={medications}
          task={editTask}
          onClose={onClose}
          onAppointmentChosen={(name) => {
            setCarriedTitle(name);
            setVariant('appointment');
          }}
        />
      )}
    </Modal>
  );
}
