import type { Child, Medication } from '@carecircle/libs';
import { isSessionExpired } from '../../../shared/api/api-error';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { toast } from '../../../shared/ui/toast';
import { useLastPresent } from '../../../shared/hooks/use-last-present';
import { useDeleteMedicationMutation } from '../api';
import { recipientName } from '../recipient-name';

interface Props {
  recipient: Child;
  medication: Medication | null;
  onClose: () => void;
}

/** Confirms stopping (removing) a medication. */
export function RemoveMedicationDialog({ recipient, medication, onClose }: Props) {
  const [deleteMedication, { isLoading }] = useDeleteMedicationMutation();
  const shown = useLastPresent(medication);

  const remove = async () => {
    if (!medication) return;
    try {
      await deleteMedication({ childId: recipient.id, id: medication.id }).unwrap();
      onClose();
    } catch (error) {
      if (isSessionExpired(error)) return;
      toast({ title: 'Error', description: 'Failed to remove medication. Please try again.', variant: 'destructive' });
    }
  };

  return (
    <ConfirmDialog
      open={medication !== null}
      title={`Remove ${shown?.name ?? ''}?`}
      onCancel={onClose}
      onConfirm={remove}
      confirmLabel={isLoading ? 'Removing...' : 'Remove'}
      loading={isLoading}
    >
      <p>
        {shown?.name} will no longer be listed in {recipientName(recipient)}&apos;s medications.
      </p>
    </ConfirmDialog>
  );
}
