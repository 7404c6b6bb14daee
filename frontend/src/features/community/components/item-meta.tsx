import type { RemovedBy } from '@carecircle/libs';
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

/**
 * What stands in for removed text: every member reads who took it away (`removedBy`, which names
 * nobody). The reason, and the removed text, reach only its author and the moderators.
 */
export function RemovedNotice({ item }: { item: { removedBy: RemovedBy | null; removalReason: string | null; body: string } }) {
  const title = item.removedBy === 'moderator' ? 'Removed by a moderator' : 'Deleted by its author';
  return (
    <div className="removed-notice">
      <p className="removed-notice__title">{title}</p>
      {item.removalReason && <p className="removed-notice__reason">Reason: {item.removalReason}</p>}
      {item.removalReason && item.body && (
        <details className="removed-notice__text">
          <summary>What was removed</summary>
          <p className="post-text">{item.body}</p>
        </details>
      )}
    </div>
  );
}
