import type { CareUpdate } from '@carecircle/libs';
import { isSessionExpired, reasonOf } from '../../../shared/api/api-error';
import { useLastPresent } from '../../../shared/hooks/use-last-present';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { toast } from '../../../shared/ui/toast';
import { useRemoveCareUpdateMutation } from '../api';

interface Props {
  update: CareUpdate | null;
  onClose: () => void;
}

/** Confirms removing an update (its author or the primary caregiver). */
export function RemoveUpdateDialog({ update, onClose }: Props) {
  const [removeUpdate, { isLoading }] = useRemoveCareUpdateMutation();
  const shown = useLastPresent(update);

  const remove = async () => {
    if (!update) return;
    try {
      await removeUpdate(update).unwrap();
      toast({ title: 'Update removed', variant: 'success' });
      onClose();
    } catch (error) {
      if (isSessionExpired(error)) return;
      toast({ title: 'Could not remove the update', description: reasonOf(error) ?? 'Please try again.', variant: 'destructive' });
    }
  };

  return (
    <ConfirmDialog
      open={update !== null}
      title="Remove this update?"
      onCancel={onClose}
      onConfirm={remove}
      confirmLabel={isLoading ? 'Removing...' : 'Remove'}
      loading={isLoading}
    >
      <p>
        The update from {shown?.authorName} will no longer show on Today. Its history is kept.
      </p>
    </ConfirmDialog>
  );
}
