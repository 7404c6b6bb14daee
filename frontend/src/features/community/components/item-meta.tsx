import { PushpinFilled } from '@ant-design/icons';
import { fullDateTime, relativeTime } from '../../../shared/formatting/relative-time';

/** Who wrote a post or comment ("Anonymous", "Deleted account" as the server says) and when; pinned posts say so. */
export function ItemMeta({ authorName, isAnonymous, createdAt, isPinned }: { authorName: string; isAnonymous: boolean; createdAt: string; isPinned?: boolean }) {
  return (
    <div className="item-meta">
      {isPinned && (
        <span className="item-meta__pinned">
          <PushpinFilled aria-hidden /> Pinned
        </span>
      )}
      <span className="item-meta__author">{authorName}</span>
      {/* The author (or a moderator) sees their own anonymous post with the name; the label says how others see it. */}
      {isAnonymous && authorName !== 'Anonymous' && <span className="item-meta__anonymous">(posted anonymously)</span>}
      <time className="item-meta__time" dateTime={createdAt} title={fullDateTime(createdAt)}>
        {relativeTime(createdAt)}
      </time>
    </div>
  );
}

/** What stands in for removed text: members see only that a moderator removed it; the author and moderators also see why. */
export function RemovedNotice({ removalReason }: { removalReason: string | null }) {
  return (
    <div className="removed-notice">
      <p className="removed-notice__title">Removed by a moderator</p>
      {removalReason && <p className="removed-notice__reason">Reason: {removalReason}</p>}
    </div>
  );
}
