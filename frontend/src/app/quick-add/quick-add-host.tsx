import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useGetMedicationsQuery } from '../../features/care-recipients/api';
import { useGetChildrenQuery } from '../base-api';
import { recipientName } from '../../features/care-recipients/recipient-name';
import { QuickAddDialog } from '../../features/scheduling/quick-add/quick-add-dialog';
import type { QuickAddRequest } from '../../features/scheduling/quick-add/quick-add-request';

interface Props {
  open: boolean;
  request: QuickAddRequest;
  /** The recipient the current page shows, if any. */
  defaultChildId: string | null;
  onClose: () => void;
}

/** Composes the quick-add dialog with the care-recipients feature: the recipient choice and the medications. */
export default function QuickAddHost({ open, request, defaultChildId, onClose }: Props) {
  const children = useGetChildrenQuery();
  // Only recipients the user may change: a view-only caregiver is told why, not refused at save.
  const recipients = (children.data ?? []).filter((c) => c.canEdit);
  const viewOnly = recipients.length === 0 && (children.data ?? []).length > 0;
  const requested = request.kind === 'edit' ? request.task.childId : (request.childId ?? defaultChildId);
  const [chosenId, setChosenId] = useState<string | null>(requested ?? null);
  const child = recipients.find((c) => c.id === chosenId) ?? recipients[recipients.length - 1];
  const medications = useGetMedicationsQuery(child?.id ?? '', { skip: !child });

  if (children.isLoading) return null;
  if (!child) {
    return (
      <Modal
        open={open}
        title={request.kind === 'appointment' ? 'Add Appointment' : 'Add New Task'}
        onCancel={onClose}
        footer={
          <Button type="primary" onClick={onClose}>
            OK
          </Button>
        }
      >
        <p>
          {viewOnly
            ? 'You can see the care recipients shared with you but not add to their schedule. Ask their primary caregiver for edit rights.'
            : 'Add a care recipient first: tasks and appointments belong to the person you care for.'}
        </p>
      </Modal>
    );
  }
  return (
    <QuickAddDialog
      open={open}
      request={request}
      childId={child.id}
      recipients={recipients.map((c) => ({ id: c.id, name: recipientName(c) }))}
      onChildChange={setChosenId}
      medications={medications.data ?? []}
      onClose={onClose}
    />
  );
}
