import type { Child } from '@carecircle/libs';
import { isSessionExpired, serverMessage } from '../../../shared/api/api-error';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { toast } from '../../../shared/ui/toast';
import { useLastPresent } from '../../../shared/hooks/use-last-present';
import { useDeleteChildMutation } from '../api';
import { recipientName } from '../recipient-name';

interface Props {
  recipient: Child | null;
  onClose: () => void;
  /** The dashboard's wording (Delete {name}?) or the settings panel's (Remove Care Recipient). */
  variant?: 'dashboard' | 'settings';
}

export function RemoveRecipientDialog({ recipient, onClose, variant = 'dashboard' }: Props) {
  const [deleteChild, { isLoading }] = useDeleteChildMutation();
  const shown = useLastPresent(recipient);
  const name = shown ? recipientName(shown) : '';
  const settings = variant === 'settings';

  const remove = async () => {
    if (!recipient) return;
    try {
      await deleteChild(recipient.id).unwrap();
      if (settings) toast({ title: 'Care Recipient Removed', description: `${name} was removed.`, variant: 'success' });
      else toast({ title: 'Success', description: 'Care recipient removed successfully', variant: 'success' });
      onClose();
    } catch (error) {
      if (isSessionExpired(error)) return;
      toast({
        title: 'Error',
        description: serverMessage(error) ?? 'Failed to remove care recipient',
        variant: 'destructive',
      });
    }
  };

  return (
    <ConfirmDialog
      open={recipient !== null}
      title={settings ? 'Remove Care Recipient' : `Delete ${name}?`}
      onCancel={onClose}
      onConfirm={remove}
      confirmLabel={settings ? (isLoading ? 'Removing...' : 'Remove') : isLoading ? 'Deleting...' : 'Delete'}
      loading={isLoading}
    >
      <p>
        {settings ? 'Removing ' : 'All tasks, medications and progress data for '}
        <strong>{name}</strong>
        {settings
          ? ' permanently deletes their tasks, medications and progress. This cannot be undone.'
          : ' will be permanently deleted. This cannot be undone.'}
      </p>
    </ConfirmDialog>
  );
}
