import { COMMUNITY_TEXT, type GroupDetail } from '@carecircle/libs';
import { Alert, Button } from 'antd';
import { serverMessage } from '../../../shared/api/api-error';
import { toast } from '../../../shared/ui/toast';
import { useJoinGroupMutation } from '../api';

/** Muted until a future instant: the member reads, but does not write. */
export const mutedUntil = (group: GroupDetail, now: Date = new Date()): Date | null => {
  const until = group.mutedUntil ? new Date(group.mutedUntil) : null;
  return until && until > now ? until : null;
};

export const untilText = (until: Date) => until.toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' });

/** Why there is no composer: a moderator muted this member until a date. */
export function MutedNotice({ until }: { until: Date }) {
  return (
    <Alert
      type="warning"
      showIcon
      className="group-page__notice"
      message={`You are muted in this group until ${untilText(until)}.`}
      description="You can still read posts and comments. You can post, comment and react again after that date."
    />
  );
}

/** A non-member's way in: what joining gives, and Join Group. */
export function JoinPrompt({ group }: { group: GroupDetail }) {
  const [join, { isLoading }] = useJoinGroupMutation();
  const onJoin = async () => {
    try {
      await join(group.id).unwrap();
      void toast({ ...COMMUNITY_TEXT.joined, variant: 'success' });
    } catch (error) {
      void toast({ title: COMMUNITY_TEXT.joinFailed, description: serverMessage(error), variant: 'destructive' });
    }
  };
  return (
    <div className="group-page__join">
      <p>Join this group to read its posts and share your own. You can post anonymously.</p>
      <Button type="primary" loading={isLoading} onClick={() => void onJoin()}>
        Join Group
      </Button>
    </div>
  );
}
