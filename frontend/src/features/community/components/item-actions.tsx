import { DeleteOutlined, FlagOutlined, PushpinOutlined, StopOutlined, UndoOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { serverMessage } from '../../../shared/api/api-error';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { toast } from '../../../shared/ui/toast';
import { useMuteMemberMutation, useRemoveMutation, useReportMutation, useSetPinnedMutation, useUnmuteMemberMutation, type Target } from '../api';
import { untilText } from './member-notices';
import { MuteDialog, muteUntil } from './mute-dialog';
import { ReasonDialog } from './reason-dialog';

/** A post or comment as its actions need it. */
export interface ActionItem extends Target {
  isMine: boolean;
  removed: boolean;
  authorId: string | null;
  authorName: string;
  /** Sent to moderators only: the author is muted until then. */
  authorMutedUntil: string | null;
  /** Posts only. */
  isPinned?: boolean;
}

type Dialog = 'report' | 'delete' | 'remove' | 'mute' | null;

const failed = (title: string, error: unknown) =>
  void toast({ title, description: serverMessage(error) ?? 'Please check your connection and try again.', variant: 'destructive' });

/**
 * What the user may do with a post or comment: Report (others'), Delete (their own), and for
 * moderators Pin or Unpin (posts), Remove with a reason, and Mute the author (not themselves; an
 * anonymous author is known to moderators), or Unmute one the server says is muted (`authorMutedUntil`). `onDeleted` runs once the author deleted it (the post page goes back to the group).
 */
export function ItemActions({ item, canModerate, onDeleted }: { item: ActionItem; canModerate: boolean; onDeleted?: () => void }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [report, reporting] = useReportMutation();
  const [remove, removing] = useRemoveMutation();
  const [setPinned, pinning] = useSetPinnedMutation();
  const [mute, muting] = useMuteMemberMutation();
  const [unmute, unmuting] = useUnmuteMemberMutation();
  const noun = item.kind === 'post' ? 'post' : 'comment';
  const close = () => setDialog(null);
  if (item.removed && !canModerate) return null;

  const run = async (action: () => Promise<unknown>, done: string, failure: string) => {
    try {
      await action();
      void toast({ title: done, variant: 'success' });
      close();
      return true;
    } catch (error) {
      failed(failure, error);
      return false;
    }
  };
  const target = { kind: item.kind, id: item.id, postId: item.postId, groupId: item.groupId };

  return (
    <div className="item-actions">
      {!item.isMine && !item.removed && (
        <Button size="small" type="text" icon={<FlagOutlined aria-hidden />} onClick={() => setDialog('report')}>
          Report
        </Button>
      )}
      {item.isMine && !item.removed && (
        <Button size="small" type="text" danger icon={<DeleteOutlined aria-hidden />} onClick={() => setDialog('delete')}>
          Delete
        </Button>
      )}
      {canModerate && item.kind === 'post' && !item.removed && (
        <Button
          size="small"
          type="text"
          icon={<PushpinOutlined aria-hidden />}
          loading={pinning.isLoading}
          onClick={() => void run(() => setPinned({ groupId: item.groupId, postId: item.id, pinned: !item.isPinned }).unwrap(), item.isPinned ? 'Post unpinned' : 'Post pinned', 'Could not change the pin')}
        >
          {item.isPinned ? 'Unpin' : 'Pin'}
        </Button>
      )}
      {canModerate && !item.isMine && !item.removed && (
        <Button size="small" type="text" danger icon={<DeleteOutlined aria-hidden />} onClick={() => setDialog('remove')}>
          Remove
        </Button>
      )}
      {canModerate && !item.isMine && item.authorId && !item.authorMutedUntil && (
        <Button size="small" type="text" icon={<StopOutlined aria-hidden />} onClick={() => setDialog('mute')}>
          Mute author
        </Button>
      )}
      {canModerate && !item.isMine && item.authorId && item.authorMutedUntil && (
        <>
          <span className="item-actions__muted">Author muted until {untilText(new Date(item.authorMutedUntil))}</span>
          <Button
            size="small"
            type="text"
            icon={<UndoOutlined aria-hidden />}
            loading={unmuting.isLoading}
            onClick={() => void run(() => unmute({ groupId: item.groupId, userId: item.authorId! }).unwrap(), `${item.authorName} unmuted`, 'Could not unmute')}
          >
            Unmute author
          </Button>
        </>
      )}
      {dialog === 'report' && (
        <ReasonDialog
          title={`Report this ${noun}`}
          intro={`The group's moderators will read your reason. The ${noun}'s author is not told who reported it.`}
          label="Why are you reporting it?"
          confirmLabel="Send report"
          loading={reporting.isLoading}
          onCancel={close}
          onConfirm={(reason) => run(() => report({ ...target, reason }).unwrap(), 'Report sent', 'Could not send the report')}
        />
      )}
      {dialog === 'remove' && (
        <ReasonDialog
          title={`Remove this ${noun}`}
          intro={`Members will see "Removed by a moderator". The author will see your reason.`}
          label="Reason for removing"
          confirmLabel="Remove"
          danger
          loading={removing.isLoading}
          onCancel={close}
          onConfirm={(reason) => run(() => remove({ ...target, reason }).unwrap(), `${item.kind === 'post' ? 'Post' : 'Comment'} removed`, 'Could not remove it')}
        />
      )}
      <ConfirmDialog
        open={dialog === 'delete'}
        title={`Delete your ${noun}?`}
        onCancel={close}
        confirmLabel="Delete"
        loading={removing.isLoading}
        destroyOnHidden
        onConfirm={() => void run(() => remove(target).unwrap(), `${item.kind === 'post' ? 'Post' : 'Comment'} deleted`, 'Could not delete it').then((done) => done && onDeleted?.())}
      >
        <p>Your {noun} will no longer be shown to the group. This cannot be undone.</p>
      </ConfirmDialog>
      {dialog === 'mute' && item.authorId && (
        <MuteDialog
          authorName={item.authorName}
          loading={muting.isLoading}
          onCancel={close}
          onConfirm={(days) => void run(() => mute({ groupId: item.groupId, userId: item.authorId!, until: muteUntil(days) }).unwrap(), `${item.authorName} muted`, 'Could not mute')}
        />
      )}
    </div>
  );
}
